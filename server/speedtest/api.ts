import { cityParamSchema, OWN_RESULTS_PAGE_SIZE, ownResultsQuerySchema, speedtestResultSchema, speedtestStatsQuerySchema } from "../../common/forms/speedtest";
import type { ApiCall } from "../core/app-context";
import { z } from "../platform/api-zod";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { findDistrictName, listDistricts } from "../reference/cities";
import {
  ownSpeedtestsResponse,
  speedtestDistrictsResponse,
  speedtestFinishResponse,
  speedtestPackagesResponse,
  speedtestProvidersResponse,
  speedtestResultResponse,
  speedtestResultsResponse,
  speedtestSavedResponse,
  speedtestStartResponse,
  speedtestStatsResponse,
  speedtestUploadResponse,
  testIdParam,
} from "./api-schemas";
import { listProviderPackages, listSpeedtestProviders } from "./provider-choices";
import { countOwnResults, getSpeedtestResult, listOwnResults, MEDIAN_DAYS, MEDIAN_MIN_ADDRESSES, speedtestStats } from "./read-results";
import { saveSpeedtestResult } from "./save-result";

const companyIdParam = z.string().regex(/^[1-9]\d{0,8}$/);
const testQuery = z.object({ t: testIdParam });
const tag = "speedtest";

/**
 * The streams (start, ping, download, upload, finish) never reach Express: the request listener
 * hands them to the speed test's worker thread (server/speedtest/forward.ts). Documented here,
 * without a handler.
 */
const streamCalls: ApiCall[] = [
  { id: "startSpeedtest", path: "/speedtest/start", summary: "Start a speed test: its id, which the streams below take", tag, response: speedtestStartResponse },
  {
    id: "speedtestPing", method: "get", path: "/speedtest/ping", summary: "An empty answer: one round trip on a warm connection",
    tag, query: testQuery.extend({ n: z.string().optional().openapi({ description: "Any value, to tell requests apart" }) }),
    response: z.string().max(0), responseType: "application/octet-stream", notFound: "No such test for this address (E_NOT_FOUND)",
    conflict: "The test has finished or expired (E_CONFLICT)",
  },
  {
    id: "speedtestDownload", method: "get", path: "/speedtest/download",
    summary: "`bytes` incompressible random bytes (never compressed, never cached); limited per address (429)",
    tag, query: testQuery.extend({ bytes: z.string().regex(/^\d+$/).openapi({ description: "1 to 268435456" }) }),
    response: z.string().openapi({ format: "binary" }), responseType: "application/octet-stream",
    notFound: "No such test for this address (E_NOT_FOUND)", conflict: "The test has finished or expired (E_CONFLICT)",
  },
  {
    id: "speedtestUpload", path: "/speedtest/upload",
    summary: "An upload sink: any bytes (at most 256 MB, 15 s; past that the connection is cut); answers what the server received per slice",
    tag, query: testQuery, body: { type: "application/octet-stream", schema: z.string().openapi({ format: "binary" }) }, bodyOptional: true,
    response: speedtestUploadResponse, notFound: "No such test for this address (E_NOT_FOUND)", conflict: "The test has finished or expired (E_CONFLICT)",
  },
  {
    id: "finishSpeedtest", path: "/speedtest/finish", summary: "End a test: the server's signed receipt and its upload figure over the first `upTo` slices",
    tag, query: testQuery.extend({ upTo: z.string().regex(/^\d+$/).optional() }), response: speedtestFinishResponse,
    notFound: "No such test for this address (E_NOT_FOUND)", conflict: "The test has finished or expired (E_CONFLICT)",
  },
];

/**
 * The calls that touch the database: the result store, the choices behind "compared with your
 * package" (providers, their packages, a province's districts) and the statistics.
 */
const resultCalls: ApiCall[] = [
  {
    // A finished test with its receipt → stored (once), the public id of its share page.
    id: "saveSpeedtestResult", path: "/speedtest/results", auth: "optional",
    summary:
      "Store a finished test (with its receipt; its figures must fit the server's counts). Signed in: it joins the person's history; `share: false` keeps it there only (401 for a guest), and the same receipt posted again by its owner with `share: true` adds the choices and shares it, once",
    tag, body: { schema: speedtestResultSchema }, bodyLimit: "16kb", response: speedtestSavedResponse,
    conflict: "This test's result is already stored, or already shared (E_CONFLICT)",
    handler: async (req, _res, ctx) => {
      const { id } = await saveSpeedtestResult(ctx.app, { input: req.body ?? {}, user: ctx.user, ipHash: ctx.ipHash, ip: ctx.ip });
      return { success: true, id };
    },
  },
  {
    // The signed-in person's own results, newest first (the first 200; paged: /my/speedtests).
    id: "listOwnSpeedtestResults", method: "get", path: "/speedtest/results", auth: "bearer",
    summary: "The signed-in person's results, newest first (the first 200; GET /my/speedtests pages them)", tag, response: speedtestResultsResponse,
    handler: async (_req, res, ctx) => {
      const results = await listOwnResults(ctx.app, { user: ctx.user });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, results };
    },
  },
  {
    // The history for the apps, a page at a time: the page's service (listOwnResults), shared and kept results alike.
    id: "listOwnSpeedtests", method: "get", path: "/my/speedtests", auth: "bearer",
    summary: "The signed-in person's speed-test history, shared and kept results alike, newest first, a page at a time (the history on the speed test page)",
    tag, query: z.object({ page: z.string().optional().openapi({ description: "Page number from 1", example: "1" }) }), response: ownSpeedtestsResponse,
    handler: async (req, res, ctx) => {
      const { page = 1 } = parseInput(ownResultsQuerySchema, { page: req.query.page });
      const results = await listOwnResults(ctx.app, { user: ctx.user, limit: OWN_RESULTS_PAGE_SIZE, offset: (page - 1) * OWN_RESULTS_PAGE_SIZE });
      const total = await countOwnResults(ctx.app, { user: ctx.user });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, results, total, page, pageSize: OWN_RESULTS_PAGE_SIZE, pageCount: Math.ceil(total / OWN_RESULTS_PAGE_SIZE) };
    },
  },
  {
    id: "getSpeedtestResult", method: "get", path: "/speedtest/results/{id}", auth: "optional",
    summary: "One stored result (its share page's figures); a result kept private answers its owner only",
    tag, params: z.object({ id: z.string() }), response: speedtestResultResponse, notFound: "No such result, or another person's private one (E_NOT_FOUND)",
    handler: async (req, res, ctx) => {
      const result = await getSpeedtestResult(ctx.app, { id: String(req.params.id), viewer: ctx.user });
      // A result kept private is its owner's answer only: no shared cache keeps it.
      if (!result.shared) res.setHeader("Cache-Control", "private, no-store");
      return { success: true, result };
    },
  },
  {
    id: "listSpeedtestProviders", method: "get", path: "/speedtest/providers",
    summary: "The internet providers a result can name (published companies in the internet category or with an internet package on sale)",
    tag, response: speedtestProvidersResponse,
    handler: async (_req, res, ctx) => {
      res.setHeader("Cache-Control", "public, max-age=300");
      return { success: true, providers: await listSpeedtestProviders(ctx.app) };
    },
  },
  {
    id: "listSpeedtestProviderPackages", method: "get", path: "/speedtest/providers/{id}/packages",
    summary: "A provider's internet packages on sale, slowest first, with their promised speeds",
    tag, params: z.object({ id: z.string().regex(/^\d+$/).openapi({ description: "The provider's company id", example: "12" }) }),
    response: speedtestPackagesResponse, notFound: "Not an internet provider's id (E_NOT_FOUND)",
    handler: async (req, res, ctx) => {
      const id = companyIdParam.safeParse(req.params.id);
      if (!id.success) throw new AppError("E_NOT_FOUND", "speedtest.errors.providerNotFound");
      const packages = await listProviderPackages(ctx.app, { companyId: Number(id.data) });
      res.setHeader("Cache-Control", "public, max-age=300");
      return { success: true, packages };
    },
  },
  {
    id: "listSpeedtestDistricts", method: "get", path: "/speedtest/districts", summary: "The districts of a province, as a result's district is written",
    tag, query: z.object({ city: z.string().openapi({ description: "The province's plate code, 1–81", example: "6" }) }),
    response: speedtestDistrictsResponse,
    handler: async (req, res) => {
      const { city } = parseInput(z.object({ city: cityParamSchema }), { city: req.query.city });
      res.setHeader("Cache-Control", "public, max-age=86400");
      return { success: true, city, districts: listDistricts(city) };
    },
  },
  {
    // Medians per province (`by=city`) or per provider (`by=provider`), of a province or district if asked.
    id: "getSpeedtestStats", method: "get", path: "/speedtest/stats",
    summary: "Medians of download, upload and ping per province or per provider over the last 90 days, with counts; groups with fewer than 5 tests are left out",
    tag,
    query: z.object({
      by: z.enum(["city", "provider"]),
      city: z.string().optional().openapi({ description: "Only the tests of this province (plate code, 1–81)", example: "35" }),
      district: z.string().optional().openapi({ description: "Only the tests of this district of `city`", example: "Konak" }),
    }),
    response: speedtestStatsResponse,
    handler: async (req, res, ctx) => {
      const query = parseInput(speedtestStatsQuerySchema, { by: req.query.by, city: req.query.city, district: req.query.district });
      let district: string | undefined;
      if (query.district !== undefined && query.city !== undefined) {
        district = findDistrictName(query.city, query.district);
        if (!district) throw new AppError("E_VALIDATION", "speedtest.errors.district", { fieldErrors: { district: { key: "speedtest.errors.district" } } });
      }
      const groups = await speedtestStats(ctx.app, { by: query.by, city: query.city, district });
      res.setHeader("Cache-Control", "public, max-age=300");
      return { success: true, by: query.by, days: MEDIAN_DAYS, minCount: MEDIAN_MIN_ADDRESSES, groups };
    },
  },
];

/** /api/v1/speedtest…: the streams (documented only), the result store and the statistics. */
export const speedtestCalls: ApiCall[] = [...streamCalls, ...resultCalls];
