import express from "express";
import { listOwnResults, getSpeedtestResult, speedtestStats } from "../../speedtest/read-results";
import { saveSpeedtestResult } from "../../speedtest/save-result";
import { AppError } from "../../platform/app-error";
import { api } from "./respond";

/**
 * /api/v1/speedtest calls that touch the database (issue 13): the result store and the
 * statistics. The streams (start, ping, download, upload, finish) never reach Express: the
 * request listener hands them to the speed test's worker thread (server/speedtest/forward.ts).
 */
export function createSpeedtestApiRouter(): express.Router {
  const router = express.Router();
  const json = express.json({ limit: "16kb", type: () => true });

  /** A finished test with its receipt → stored (once), the public id of its share page. */
  router.post(
    "/speedtest/results",
    json,
    api(async (req, _res, ctx) => {
      const { id } = await saveSpeedtestResult(ctx.app, { input: req.body ?? {}, user: ctx.user, ipHash: ctx.ipHash, ip: ctx.ip });
      return { success: true, id };
    }),
  );

  /** The signed-in person's own results, newest first. */
  router.get(
    "/speedtest/results",
    api(async (_req, _res, ctx) => ({ success: true, results: await listOwnResults(ctx.app, { user: ctx.user }) })),
  );

  router.get(
    "/speedtest/results/:id",
    api(async (req, _res, ctx) => ({ success: true, result: await getSpeedtestResult(ctx.app, { id: String(req.params.id) }) })),
  );

  /** Medians per province (`by=city`) or per provider (`by=provider`). */
  router.get(
    "/speedtest/stats",
    api(async (req, res, ctx) => {
      const by = req.query.by;
      if (by !== "city" && by !== "provider") throw new AppError("E_BAD_REQUEST", "errors.badRequest");
      res.setHeader("Cache-Control", "public, max-age=300");
      return { success: true, by, groups: await speedtestStats(ctx.app, { by }) };
    }),
  );
  return router;
}
