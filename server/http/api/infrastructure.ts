import express from "express";
import { CHILD_LEVELS, findFlat, listLevel, queryFlat } from "../../infrastructure/lookups";
import { reportWrongData } from "../../infrastructure/reports";
import { LEVEL_CALLS } from "../../../common/infrastructure/cascade";
import { api, jsonBody } from "./respond";

/**
 * /api/v1/ttservice/… : the infrastructure query for the mobile apps, in the style of the spec's
 * POST /ttservice/cities ([{code, value}]). One call per level below the province (the body
 * names the parent's code), the three flat lookups and the query itself.
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
  return router;
}
