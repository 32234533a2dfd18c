import express from "express";
import { and, count, eq } from "drizzle-orm";
import { companies, companyReviews } from "../../db/schema";
import { findCompanyProfile, listCompanyReviews } from "../../companies/get-company-profile";
import { listCompanies } from "../../companies/list-companies";
import { parseApiListQuery } from "../../companies/list-page";
import { answerCompanyReview, submitCompanyReview } from "../../companies/reviews";
import { countProfileView } from "../../companies/profile-views";
import { AppError } from "../../platform/app-error";
import { api } from "./respond";

const REVIEWS_PER_PAGE = 20;

function pageOf(value: unknown): number {
  if (value === undefined) return 1;
  const n = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1)) throw new AppError("E_VALIDATION", "companies.validation.page", { fieldErrors: { page: { key: "companies.validation.page" } } });
  return n;
}

async function publishedId(db: Parameters<typeof findCompanyProfile>[0]["db"], slug: string): Promise<number> {
  const found = await findCompanyProfile({ db }, { slug });
  if (found.kind !== "found") throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  return found.company.id;
}

/** /api/v1 calls of the company directory: the lists, a profile, its reviews (read and write). */
export function createCompaniesApiRouter(): express.Router {
  const router = express.Router();
  const json = express.json({ limit: "16kb", type: () => true });

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
      if (req.method === "GET") await countProfileView(ctx.app.db, found.company.id);
      const { ownerId: _ownerId, ...company } = found.company;
      return { success: true, company };
    }),
  );

  /** Confirmed reviews, newest first, and the caller's own review in any state. */
  router.get(
    "/companies/:slug/reviews",
    api(async (req, _res, ctx) => {
      const page = pageOf(req.query.page);
      const companyId = await publishedId(ctx.app.db, String(req.params.slug));
      const [{ reviews, own }, [total]] = await Promise.all([
        listCompanyReviews(ctx.app, { companyId, user: ctx.user, limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE }),
        ctx.app.db
          .select({ n: count() })
          .from(companyReviews)
          .innerJoin(companies, eq(companies.id, companyReviews.companyId))
          .where(and(eq(companyReviews.companyId, companyId), eq(companyReviews.state, "confirmed"))),
      ]);
      return { success: true, reviews, own, total: total?.n ?? 0, page, pageSize: REVIEWS_PER_PAGE };
    }),
  );

  /** Writes or replaces the caller's review; it waits for moderation. */
  router.post(
    "/companies/:slug/reviews",
    json,
    api(async (req, _res, ctx) => {
      if (!ctx.user) throw new AppError("E_UNAUTHORIZED", "errors.unauthorized");
      const companyId = await publishedId(ctx.app.db, String(req.params.slug));
      const { id, created } = await submitCompanyReview(ctx.app, { actor: ctx, companyId, input: req.body ?? {} });
      return { success: true, id, created, state: "unconfirmed" };
    }),
  );

  /** The company's one public answer (its owner or an administrator). */
  router.post(
    "/reviews/:id/answer",
    json,
    api(async (req, _res, ctx) => {
      const id = /^\d{1,9}$/.test(String(req.params.id)) ? Number(req.params.id) : NaN;
      await answerCompanyReview(ctx.app, { actor: ctx, reviewId: id, input: req.body ?? {} });
      return { success: true };
    }),
  );

  return router;
}
