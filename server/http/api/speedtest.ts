import express from "express";
import { cityParamSchema, OWN_RESULTS_PAGE_SIZE, ownResultsQuerySchema, speedtestStatsQuerySchema } from "../../../common/forms/speedtest";
import { z } from "../../../common/validation/zod";
import { findDistrictName, listDistricts } from "../../reference/cities";
import { countOwnResults, listOwnResults, getSpeedtestResult, MEDIAN_DAYS, MEDIAN_MIN_ADDRESSES, speedtestStats } from "../../speedtest/read-results";
import { listProviderPackages, listSpeedtestProviders } from "../../speedtest/provider-choices";
import { saveSpeedtestResult } from "../../speedtest/save-result";
import { AppError } from "../../platform/app-error";
import { parseInput } from "../../platform/validate";
import { api, jsonBody } from "./respond";

const companyIdParam = z.string().regex(/^[1-9]\d{0,8}$/);

/**
 * /api/v1/speedtest calls that touch the database: the result store, the choices
 * behind "compared with your package" (providers, their packages, a province's districts) and
 * the statistics. The streams (start, ping, download, upload, finish) never reach Express: the
 * request listener hands them to the speed test's worker thread (server/speedtest/forward.ts).
 */
export function createSpeedtestApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("16kb");

  /** A finished test with its receipt → stored (once), the public id of its share page. */
  router.post(
    "/speedtest/results",
    json,
    api(async (req, _res, ctx) => {
      const { id } = await saveSpeedtestResult(ctx.app, { input: req.body ?? {}, user: ctx.user, ipHash: ctx.ipHash, ip: ctx.ip });
      return { success: true, id };
    }),
  );

  /**
   * The signed-in person's speed-test history for the apps, a page at a time, newest first: the
   * page's service (listOwnResults), shared and kept results alike.
   */
  router.get(
    "/my/speedtests",
    api(async (req, res, ctx) => {
      const { page = 1 } = parseInput(ownResultsQuerySchema, { page: req.query.page });
      const results = await listOwnResults(ctx.app, { user: ctx.user, limit: OWN_RESULTS_PAGE_SIZE, offset: (page - 1) * OWN_RESULTS_PAGE_SIZE });
      const total = await countOwnResults(ctx.app, { user: ctx.user });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, results, total, page, pageSize: OWN_RESULTS_PAGE_SIZE, pageCount: Math.ceil(total / OWN_RESULTS_PAGE_SIZE) };
    }),
  );

  /** The signed-in person's own results, newest first (the first 200; paged: /my/speedtests). */
  router.get(
    "/speedtest/results",
    api(async (_req, res, ctx) => {
      const results = await listOwnResults(ctx.app, { user: ctx.user });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, results };
    }),
  );

  router.get(
    "/speedtest/results/:id",
    api(async (req, res, ctx) => {
      const result = await getSpeedtestResult(ctx.app, { id: String(req.params.id), viewer: ctx.user });
      // A result kept private is its owner's answer only: no shared cache keeps it.
      if (!result.shared) res.setHeader("Cache-Control", "private, no-store");
      return { success: true, result };
    }),
  );

  /** The internet providers a result can name. */
  router.get(
    "/speedtest/providers",
    api(async (_req, res, ctx) => {
      res.setHeader("Cache-Control", "public, max-age=300");
      return { success: true, providers: await listSpeedtestProviders(ctx.app) };
    }),
  );

  /** One provider's internet packages on sale, with their promised speeds. */
  router.get(
    "/speedtest/providers/:id/packages",
    api(async (req, res, ctx) => {
      const id = companyIdParam.safeParse(req.params.id);
      if (!id.success) throw new AppError("E_NOT_FOUND", "speedtest.errors.providerNotFound");
      const packages = await listProviderPackages(ctx.app, { companyId: Number(id.data) });
      res.setHeader("Cache-Control", "public, max-age=300");
      return { success: true, packages };
    }),
  );

  /** The districts of a province (`?city=` plate code), as a result's district is written. */
  router.get(
    "/speedtest/districts",
    api(async (req, res) => {
      const { city } = parseInput(z.object({ city: cityParamSchema }), { city: req.query.city });
      res.setHeader("Cache-Control", "public, max-age=86400");
      return { success: true, city, districts: listDistricts(city) };
    }),
  );

  /** Medians per province (`by=city`) or per provider (`by=provider`), of a province or district if asked. */
  router.get(
    "/speedtest/stats",
    api(async (req, res, ctx) => {
      const query = parseInput(speedtestStatsQuerySchema, { by: req.query.by, city: req.query.city, district: req.query.district });
      let district: string | undefined;
      if (query.district !== undefined && query.city !== undefined) {
        district = findDistrictName(query.city, query.district);
        if (!district) throw new AppError("E_VALIDATION", "speedtest.errors.district", { fieldErrors: { district: { key: "speedtest.errors.district" } } });
      }
      const groups = await speedtestStats(ctx.app, { by: query.by, city: query.city, district });
      res.setHeader("Cache-Control", "public, max-age=300");
      return { success: true, by: query.by, days: MEDIAN_DAYS, minCount: MEDIAN_MIN_ADDRESSES, groups };
    }),
  );
  return router;
}
