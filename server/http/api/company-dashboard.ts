import express from "express";
import { listOwnCompanies } from "../../companies/own-companies";
import { createCompany, updateCompany } from "../../companies/save-company";
import { api, jsonBody } from "./respond";

/**
 * /api/v1 calls of the company dashboard for the mobile apps: the same services as the pages
 * (isletme/liste, isletme/yeni-isletme, isletme/duzenle/:id). JSON bodies; the logo is uploaded
 * on the web dashboard only.
 */
export function createCompanyDashboardApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("100kb");

  /** The signed-in corporate user's companies (every company for an administrator). */
  router.get(
    "/my/companies",
    api(async (_req, _res, ctx) => {
      const rows = await listOwnCompanies(ctx.app, { actor: ctx });
      return {
        success: true,
        companies: rows.map((r) => ({
          id: r.id,
          name: r.name,
          slug: r.slug,
          publishState: r.publishState,
          editPending: r.editPending,
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    }),
  );

  /** A new company profile, pending until an administrator approves it. */
  router.post(
    "/my/companies",
    json,
    api(async (req, _res, ctx) => {
      const { id, slug } = await createCompany(ctx.app, { actor: ctx, input: req.body ?? {} });
      return { success: true, id, slug, publishState: "pending" };
    }),
  );

  /** An edit: of a published company it waits for approval (the published version stays live). */
  router.post(
    "/my/companies/:id",
    json,
    api(async (req, _res, ctx) => {
      const result = await updateCompany(ctx.app, { actor: ctx, id: req.params.id, input: req.body ?? {} });
      return { success: true, id: result.id, outcome: result.outcome };
    }),
  );

  return router;
}
