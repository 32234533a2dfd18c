import express from "express";
import { parseDashboardId } from "../../packages/dashboard-ids";
import { endPackageSponsorship, getPackageSponsorship, sponsorPackage } from "../../packages/sponsor-package";
import { period } from "../../companies/api/admin";
import { api, jsonBody } from "./respond";

/**
 * /api/v1 calls of the administrators' package screens, for the mobile apps: the sponsored
 * period of a package (the form on isletme/paketler/duzenle/:id/:packageId), through the same
 * service, so the same checks (administrators only: 403 E_FORBIDDEN for any other account
 * before the id is read, 401 for a guest) and the same audit log rows.
 */
export function createPackageAdminApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("16kb");

  router.get(
    "/admin/packages/:id/sponsorship",
    api(async (req, _res, ctx) => {
      const s = await getPackageSponsorship(ctx.app, { actor: ctx, packageId: req.params.id });
      const shown = s.period ? period(s.period, Date.now()) : null;
      return { success: true, packageId: s.packageId, companyId: s.companyId, title: s.title, sponsoredNow: shown?.state === "current", period: shown };
    }),
  );

  /** Mark the package sponsored for a period (UTC days, `until` inclusive), replacing the one it had. */
  router.post(
    "/admin/packages/:id/sponsorship",
    json,
    api(async (req, _res, ctx) => {
      const p = await sponsorPackage(ctx.app, { actor: ctx, packageId: req.params.id, input: (req.body ?? {}) as unknown });
      return { success: true, packageId: parseDashboardId(req.params.id, "package"), period: period(p, Date.now()) };
    }),
  );

  /** End the sponsorship now: a running period ends, one not yet started is deleted. */
  router.post(
    "/admin/packages/:id/sponsorship/end",
    api(async (req, _res, ctx) => {
      const r = await endPackageSponsorship(ctx.app, { actor: ctx, packageId: req.params.id });
      return { success: true, packageId: parseDashboardId(req.params.id, "package"), outcome: r.outcome };
    }),
  );

  return router;
}
