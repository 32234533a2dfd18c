import express from "express";
import { findCompanyProfile } from "../../companies/get-company-profile";
import { listCompanies } from "../../companies/list-companies";
import { parseApiListQuery } from "../../companies/list-page";
import { countProfileView } from "../../companies/profile-views";
import { AppError } from "../../platform/app-error";
import { leadRequestHandler, LEAD_CALLS } from "../../leads/api";
import { api, jsonBody } from "./respond";
import { answerReviewHandler, readReviewsHandler, writeReviewHandler } from "../../reviews/api";

async function publishedId(db: Parameters<typeof findCompanyProfile>[0]["db"], slug: string): Promise<number> {
  const found = await findCompanyProfile({ db }, { slug });
  if (found.kind !== "found") throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  return found.company.id;
}

/**
 * /api/v1 calls of the company directory: the lists, a profile, its reviews (read and write),
 * and the subscription and call-me requests sent from a profile (no package).
 */
export function createCompaniesApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("16kb");

  /** The lists' filters and sorts as query parameters; the same service as the pages. */
  router.get(
    "/companies",
    api(async (req, _res, ctx) => {
      const filters = parseApiListQuery(req.query as Record<string, unknown>);
      const result = await listCompanies(ctx.app, filters);
      return { success: true, ...result, sort: filters.sort, seed: filters.seed ?? null };
    }),
  );

  router.get(
    "/companies/:slug",
    api(async (req, _res, ctx) => {
      const found = await findCompanyProfile(ctx.app, { slug: String(req.params.slug) });
      if (found.kind !== "found") throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
      if (req.method === "GET") await countProfileView(ctx.app.db, found.company.id, ctx.ipHash);
      const { ownerId: _ownerId, ...company } = found.company;
      return { success: true, company };
    }),
  );

  /** Confirmed reviews, newest first, and the caller's own review in any state. */
  router.get(
    "/companies/:slug/reviews",
    api(readReviewsHandler("company", (req, ctx) => publishedId(ctx.app.db, String(req.params.slug)))),
  );
  /** Writes or replaces the caller's review; it waits for moderation. */
  router.post(
    "/companies/:slug/reviews",
    json,
    api(writeReviewHandler("company", (req, ctx) => publishedId(ctx.app.db, String(req.params.slug)))),
  );
  /** The company's one public answer (its owner or an administrator). */
  router.post("/reviews/:id/answer", json, api(answerReviewHandler("company")));

  /** A subscription or call-me request to a published company, without a package (the profile's forms). */
  for (const [suffix, kind] of LEAD_CALLS) {
    router.post(
      `/companies/:slug/${suffix}`,
      json,
      api(leadRequestHandler(kind, (req) => ({ companySlug: String(req.params.slug) }))),
    );
  }

  return router;
}
