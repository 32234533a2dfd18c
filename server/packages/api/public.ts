import { companyReviewSchema } from "../../../common/forms/companies";
import { compareSchema, packageSearchSchema } from "../../../common/forms/package-search";
import type { ApiCall } from "../../core/app-context";
import { pageQuery } from "../../platform/api-shapes";
import { AppError } from "../../platform/app-error";
import { parseInput } from "../../platform/validate";
import { reviewsResponse, reviewWrittenResponse } from "../../reviews/api-schemas";
import { readReviewsHandler, writeReviewHandler } from "../../reviews/api";
import { compareBody, compareResponse, packageDetailResponse, packageIdParams, packageSearchResponse, priceHistoryResponse, companySlugParams, companyPriceRecordResponse } from "../api-schemas";
import { comparePackages } from "../compare-packages";
import { getPublicPackageById, isPublicPackage, parsePackageId } from "../get-package";
import { getCompanyPriceRecord, getPriceHistory } from "../price-history";
import { searchPackages } from "../search-packages";

const noPackage = "No public package has this id (E_NOT_FOUND)";
/** The package page's forms (search, compare, a review): JSON bodies read up to 16 KB. */
const form = { tag: "packages", bodyLimit: "16kb" } as const;

/** /api/v1 calls of packages: search, one package, compare, and a package's reviews. */
export const packageCalls: ApiCall[] = [
  {
    // Every filter of /paketler in a JSON body; the same service and answer as the page.
    ...form,
    id: "searchPackages",
    path: "/packages/search",
    summary: "Packages matching every filter of /paketler, one page, with the count each filter value would give",
    body: { schema: packageSearchSchema },
    response: packageSearchResponse,
    notFound: "The flat filter names no known flat (E_NOT_FOUND)",
    // The flat filter asks the infrastructure source.
    upstream: true,
    handler: async (req, _res, ctx) => {
      const search = parseInput(packageSearchSchema, req.body ?? {});
      const result = await searchPackages(ctx.app, search);
      return { success: true, ...result };
    },
  },
  {
    id: "getPackage",
    method: "get",
    path: "/packages/{id}",
    summary: "One public package: every term, the whole cost and the termination fee by month",
    tag: "packages",
    params: packageIdParams,
    response: packageDetailResponse,
    notFound: noPackage,
    handler: async (req, _res, ctx) => {
      const detail = await getPublicPackageById(ctx.app, parsePackageId(req.params.id));
      return { success: true, package: detail };
    },
  },
  {
    id: "getPackagePriceHistory",
    method: "get",
    path: "/packages/{id}/price-history",
    summary: "A public package's price history, oldest first: when it was recorded or created, each change of its prices (with the prices after it), its withdrawal and return to sale",
    tag: "packages",
    params: packageIdParams,
    response: priceHistoryResponse,
    notFound: noPackage,
    handler: async (req, _res, ctx) => {
      const changes = await getPriceHistory(ctx.app, { packageId: req.params.id });
      return { success: true, changes };
    },
  },
  {
    id: "getCompanyPriceChanges",
    method: "get",
    path: "/companies/{slug}/price-changes",
    summary: "A published company's record on prices: its newest changes of a package's monthly price (each with the price before it) and how many of its packages on sale had a price rise in the last 12 months",
    tag: "packages",
    params: companySlugParams,
    response: companyPriceRecordResponse,
    notFound: "No published company has this slug (E_NOT_FOUND)",
    handler: async (req, _res, ctx) => {
      const record = await getCompanyPriceRecord(ctx.app, { slug: req.params.slug });
      return { success: true, ...record };
    },
  },
  {
    ...form,
    id: "comparePackages",
    path: "/packages/compare",
    summary: "Up to four packages side by side; the lowest total cost and the fastest named",
    body: { schema: compareBody },
    response: compareResponse,
    handler: async (req, _res, ctx) => {
      const given = (req.body as { ids?: unknown } | undefined)?.ids;
      const ids = given === undefined ? [] : given;
      // The API takes a list of numbers (the page's URL takes text).
      if (!Array.isArray(ids) || !ids.every((x) => typeof x === "number")) throw new AppError("E_VALIDATION", "packages.compare.errors.id", { fieldErrors: { ids: { key: "packages.compare.errors.id" } } });
      const { p } = parseInput(compareSchema, { p: ids.map(String) });
      const comparison = await comparePackages(ctx.app, { ids: p });
      return { success: true, ...comparison };
    },
  },
  {
    // Confirmed reviews of a public package (the tariff archive included), the caller's own, and whether the caller may answer.
    id: "listPackageReviews",
    method: "get",
    path: "/packages/{id}/reviews",
    summary: "Confirmed reviews of a public package (20 a page, newest first), the caller's own review in any state, and whether the caller may answer",
    tag: "packages",
    auth: "optional",
    params: packageIdParams,
    query: pageQuery,
    response: reviewsResponse,
    notFound: noPackage,
    handler: readReviewsHandler("package", async (req, ctx) => {
      const id = parsePackageId(req.params.id);
      if (!(await isPublicPackage(ctx.app, id))) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
      return id;
    }),
  },
  {
    // Writes or replaces the caller's review of a package on sale; it waits for moderation.
    ...form,
    id: "writePackageReview",
    path: "/packages/{id}/reviews",
    summary: "Write or replace the caller's review of a package on sale (one per user per package); it waits for an administrator. 5 an hour.",
    auth: "bearer",
    params: packageIdParams,
    body: { schema: companyReviewSchema },
    response: reviewWrittenResponse,
    notFound: noPackage,
    conflict: "The package was withdrawn; it takes no reviews (E_CONFLICT)",
    handler: writeReviewHandler("package", async (req) => parsePackageId(req.params.id)),
  },
];
