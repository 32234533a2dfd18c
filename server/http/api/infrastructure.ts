import express from "express";
import { linkTokenSchema } from "../../../common/forms/link-token";
import { changeAlert, getAlert, requestAlert } from "../../infrastructure/alerts";
import { CHILD_LEVELS, findFlat, listLevel, queryFlat } from "../../infrastructure/lookups";
import { listReports, reportWrongData } from "../../infrastructure/reports";
import { LEVEL_CALLS } from "../../../common/infrastructure/cascade";
import { AppError } from "../../platform/app-error";
import { parseInput } from "../../platform/validate";
import { api, jsonBody } from "./respond";

/**
 * /api/v1/ttservice/… : the infrastructure query for the mobile apps, in the style of the spec's
 * POST /ttservice/cities ([{code, value}]). One call per level below the province (the body
 * names the parent's code), the three flat lookups and the query itself; the answer page's
 * report and alert forms, the alert's mailed link, and the administrators' list of reports.
 */

export function createInfrastructureApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("4kb");

  for (const level of CHILD_LEVELS) {
    router.post(
      `/ttservice/${LEVEL_CALLS[level]}`,
      json,
      api(async (req, _res, ctx) => listLevel(ctx.app, { level, input: req.body ?? {} })),
    );
  }
  router.post("/ttservice/flat-by-code", json, api(async (req, _res, ctx) => ({ flat: await findFlat(ctx.app, { by: "bbk", input: req.body ?? {} }) })));
  router.post("/ttservice/flat-by-uavt", json, api(async (req, _res, ctx) => ({ flat: await findFlat(ctx.app, { by: "uavt", input: req.body ?? {} }) })));
  router.post(
    "/ttservice/flat-by-landline",
    json,
    api(async (req, _res, ctx) => ({ flat: await findFlat(ctx.app, { by: "landline", input: req.body ?? {} }) })),
  );
  router.post(
    "/ttservice/query",
    json,
    api(async (req, res, ctx) => {
      const answer = await queryFlat(ctx.app, { input: req.body ?? {}, countFor: { ipHash: ctx.ipHash } });
      res.setHeader("Cache-Control", "no-store");
      return { answer };
    }),
  );
  // "This answer is wrong" (the answer page's report form): what the person really has at the flat.
  router.post(
    "/ttservice/report",
    json,
    api(async (req, _res, ctx) => {
      const report = await reportWrongData(ctx.app, { input: req.body ?? {}, ip: ctx.ip });
      return { success: true as const, id: report.id };
    }),
  );

  /** The answer page's "tell me when fiber (or, where no line has one, a free port) reaches this flat": a confirmation mail goes to the address (double opt-in). */
  router.post(
    "/ttservice/alert",
    json,
    api(async (req, _res, ctx) => {
      await requestAlert(ctx.app, { input: req.body ?? {}, locale: ctx.apiLocale, ip: ctx.ip });
      return { success: true as const };
    }),
  );

  // The alert's mailed link (/altyapi-uyari/:token): what its page shows, and its two buttons.
  const token = (req: express.Request) => parseInput(linkTokenSchema, req.body ?? {}).token;
  router.post(
    "/ttservice/alert/link",
    json,
    api(async (req, _res, ctx) => {
      const alert = await getAlert(ctx.app, token(req));
      if (!alert) throw new AppError("E_NOT_FOUND", "infrastructure.alert.unknownLink");
      return { success: true as const, ...alert };
    }),
  );
  for (const action of ["confirm", "unsubscribe"] as const) {
    router.post(
      `/ttservice/alert/${action}`,
      json,
      api(async (req, _res, ctx) => ({ success: true as const, state: await changeAlert(ctx.app, { token: token(req), action }) })),
    );
  }

  /** The administrators' list of "this answer is wrong" reports (/altyapi-bildirimleri), newest first. */
  router.get(
    "/admin/infrastructure-reports",
    api(async (_req, _res, ctx) => {
      const rows = await listReports(ctx.app, { actor: ctx });
      return { success: true as const, reports: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    }),
  );
  return router;
}
