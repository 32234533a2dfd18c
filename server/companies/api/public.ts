import type { Request } from "express";
import { companyListQuerySchema, companyReviewSchema } from "../../../common/forms/companies";
import type { ApiCall, ApiContext } from "../../core/app-context";
import { callMeBody, leadResponse, subscribeBody } from "../../leads/api-schemas";
import { leadRequestHandler } from "../../leads/api";
import { pageQuery } from "../../platform/api-shapes";
import { z } from "../../platform/api-zod";
import { AppError } from "../../platform/app-error";
import { reviewsResponse, reviewWrittenResponse } from "../../reviews/api-schemas";
import { readReviewsHandler, writeReviewHandler } from "../../reviews/api";
import { companyListResponse, companyProfileResponse } from "../api-schemas";
import { findCompanyProfile } from "../get-company-profile";
import { listCompanies } from "../list-companies";
import { parseApiListQuery } from "../list-page";
import { countProfileView } from "../profile-views";

/** The published company of the path's slug, or E_NOT_FOUND. */
async function publishedId(req: Request, ctx: ApiContext): Promise<number> {
  const found = await findCompanyProfile({ db: ctx.app.db }, { slug: String(req.params.slug) });
  if (found.kind !== "found") throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  return found.company.id;
}

const slugParam = z.object({ slug: z.string().openapi({ description: "The company's url slug", example: "ornek-fiber" }) });
const common = { tag: "companies", params: slugParam, notFound: "No published company has this slug (E_NOT_FOUND)" } as const;
/** The profile's forms (a review, a request): JSON bodies read up to 16 KB. */
const form = { ...common, bodyLimit: "16kb" } as const;

/**
 * /api/v1 calls of the company directory: the lists, a profile, its reviews (read and write),
 * and the subscription and call-me requests sent from a profile (no package).
 */
export const companyDirectoryCalls: ApiCall[] = [
  {
    id: "listCompanies",
    method: "get",
    path: "/companies",
    summary: "Published companies with the lists' filters and sorts (random: send the answer's seed back for the next pages)",
    tag: "companies",
    auth: "optional",
    query: companyListQuerySchema,
    response: companyListResponse,
    // The lists' filters and sorts as query parameters; the same service as the pages.
    handler: async (req, _res, ctx) => {
      const filters = parseApiListQuery(req.query as Record<string, unknown>);
      const result = await listCompanies(ctx.app, filters);
      return { success: true, ...result, sort: filters.sort, seed: filters.seed ?? null };
    },
  },
  {
    ...common,
    id: "getCompany",
    method: "get",
    path: "/companies/{slug}",
    summary: "A published company's profile",
    auth: "optional",
    response: companyProfileResponse,
    handler: async (req, _res, ctx) => {
      const found = await findCompanyProfile(ctx.app, { slug: String(req.params.slug) });
      if (found.kind !== "found") throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
      if (req.method === "GET") await countProfileView(ctx.app.db, found.company.id, ctx.ipHash);
      const { ownerId: _ownerId, ...company } = found.company;
      return { success: true, company };
    },
  },
  {
    ...common,
    id: "listCompanyReviews",
    method: "get",
    path: "/companies/{slug}/reviews",
    summary: "Confirmed reviews (20 a page, newest first) and the caller's own review in any state",
    auth: "optional",
    query: pageQuery,
    response: reviewsResponse,
    handler: readReviewsHandler("company", publishedId),
  },
  {
    ...form,
    id: "writeCompanyReview",
    path: "/companies/{slug}/reviews",
    summary: "Write or replace the caller's review (one per user per company); it waits for an administrator. 5 an hour.",
    auth: "bearer",
    body: { schema: companyReviewSchema },
    response: reviewWrittenResponse,
    handler: writeReviewHandler("company", publishedId),
  },
  {
    ...form,
    id: "sendCompanySubscriptionRequest",
    path: "/companies/{slug}/subscribe",
    summary:
      "Subscription request from a company's profile, without a package (name, surname, phone, consent; optionally the flat and a call-back slot), passed to the company by mail and its webhook; a reference number back. 10 an hour per client, 5 a day per phone number",
    body: { schema: subscribeBody },
    response: leadResponse,
    handler: leadRequestHandler("subscribe", (req) => ({ companySlug: String(req.params.slug) })),
  },
  {
    ...form,
    id: "sendCompanyCallMeRequest",
    path: "/companies/{slug}/call-me",
    summary: "Call-me request from a company's profile, without a package (full name, phone; optionally the flat and a call-back slot), passed to the company; a reference number back",
    body: { schema: callMeBody },
    response: leadResponse,
    handler: leadRequestHandler("call_me", (req) => ({ companySlug: String(req.params.slug) })),
  },
];
