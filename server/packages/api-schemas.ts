import { COMPANY_FACET_LIMIT, SERVICE_KINDS, TECHNOLOGIES } from "../../common/packages";
import { sponsorshipPeriodSchema } from "../companies/api-schemas";
import { z } from "../platform/api-zod";
import { PRICE_CHANGE_KINDS, PRICE_SOURCES } from "./schema";

/** The shapes of the package calls: search, one package, compare, the dashboard's package screens and the administrators' sponsorship. */
/** `{id}` of the package calls' paths (a package, its reviews, requests and reminder). */
export const packageIdParams = z.object({ id: z.string().regex(/^\d+$/).openapi({ description: "The package's id", example: "42" }) });

const kurus = (description: string) => z.number().int().openapi({ description: `${description}, in kuruş (1 ₺ = 100)` });

export const packageCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    serviceKind: z.enum(["internet", "hosting", "server", "tv"]),
    technology: z.enum(TECHNOLOGIES).nullable(),
    downloadMbps: z.number().int().nullable(),
    uploadMbps: z.number().int().nullable(),
    quotaGb: z.number().int().nullable().openapi({ description: "Monthly quota; null = unlimited" }),
    company: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), segment: z.string() }),
    path: z.string().openapi({ description: "The package page's Turkish path" }),
    priceKurus: kurus("Monthly price without commitment"),
    monthlyPriceKurus: kurus("Regular monthly price (with commitment when there is one)"),
    commitmentMonths: z.number().int(),
    totalCostKurus: kurus("Everything paid over horizonMonths: fees, modem rental, activation"),
    horizonMonths: z.number().int().openapi({ description: "The commitment, or 12 without one" }),
    effectiveMonthlyKurus: kurus("totalCost / horizonMonths"),
    priceAfterCommitmentKurus: kurus("Monthly fee (with modem) once the commitment ends"),
    pricePerMbpsKurus: z.number().int().nullable(),
    activationFeeKurus: kurus("Activation fee"),
    modemOffer: z.enum(["free", "rental", "own"]),
    modemRentalKurus: kurus("Monthly modem rental"),
    tvPlatform: z.string().nullable(),
    priceConfirmedOn: z.string().openapi({ format: "date" }),
    isDemo: z.boolean(),
    sponsored: z.boolean().openapi({ description: "Labelled only; never changes results or order" }),
    withdrawn: z.boolean(),
    imageUrl: z.string().nullable().openapi({ description: "Path of the package's image on this site (WebP, 640×480, cached for a year), or null", example: "/media/package-images/Xq3v9TzK1bW2mN4pR7sY8uA0.webp" }),
  })
  .openapi("PackageCard");

const terminationRowSchema = z.object({
  month: z.number().int(),
  discountsReceivedKurus: z.number().int(),
  remainingFeesKurus: z.number().int(),
  feeKurus: z.number().int(),
});

export const costSummarySchema = z
  .object({
    horizonMonths: z.number().int(),
    monthlyPriceKurus: z.number().int(),
    totalCostKurus: z.number().int(),
    effectiveMonthlyKurus: z.number().int(),
    priceAfterCommitmentKurus: z.number().int(),
    afterCommitmentChangeKurus: z.number().int(),
    firstYearKurus: z.number().int(),
    secondYearKurus: z.number().int(),
    termination: z.array(terminationRowSchema),
    terminationMinKurus: z.number().int(),
    terminationMaxKurus: z.number().int(),
  })
  .openapi("PackageCost");

const facetSchema = z.record(z.string(), z.number().int());
export const packageSearchResponse = z.object({
  success: z.literal(true),
  items: z.array(packageCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({
    kind: facetSchema,
    tech: facetSchema,
    speed: facetSchema,
    commitment: facetSchema,
    company: z
      .array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() }))
      .openapi({ description: `The ${COMPANY_FACET_LIMIT} providers with the most packages under the other filters, and the chosen one, by name` }),
    tv: z.number().int(),
    activation: z.number().int(),
    modem: facetSchema,
  }),
  city: z.object({ code: z.number().int(), url: z.string(), value: z.string() }).nullable(),
  flat: z
    .object({
      bbk: z.number().int(),
      address: z.string(),
      provinceCode: z.number().int().nullable(),
      technologies: z.array(z.object({ technology: z.enum(TECHNOLOGIES), maxDownMbps: z.number().nullable() })),
    })
    .nullable()
    .openapi({ description: "With the flat filter: the flat, and the highest download speed its line carries per technology available there (null: no known limit)" }),
});

export const packageTermsSchema = z.record(z.string(), z.unknown()).openapi("PackageTerms", { description: "Every stored term of the package (see PackageTerms in common/package-types.ts)" });

export const packageDetailResponse = z.object({
  success: z.literal(true),
  package: z.object({
    card: packageCardSchema,
    terms: packageTermsSchema,
    company: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), segment: z.string(), isDemo: z.boolean(), packagesFooterText: z.string().nullable() }),
    provinces: z.array(z.number().int()),
    cost: costSummarySchema,
    requestable: z.boolean().openapi({ description: "On sale: takes subscription and call-me requests, and reviews" }),
    reviewCount: z.number().int().openapi({ description: "Confirmed reviews" }),
    score: z.number().nullable().openapi({ description: "Mean score of confirmed reviews, one decimal" }),
  }),
});

export const compareResponse = z.object({
  success: z.literal(true),
  items: z.array(
    packageCardSchema.extend({
      cost: costSummarySchema,
      terms: packageTermsSchema,
      lastPriceChange: z
        .object({ changedAt: z.string().openapi({ description: "When (ISO 8601)" }), beforeKurus: kurus("The monthly price before"), afterKurus: kurus("The monthly price after") })
        .nullable()
        .openapi({ description: "The last change of its monthly price; null when none is recorded" }),
    }),
  ),
  cheapestIds: z.array(z.number().int()),
  fastestIds: z.array(z.number().int()),
});

export const compareBody = z.object({ ids: z.array(z.number().int().min(1)).max(4) });

/* ---------- the dashboard's package screens ---------- */

export const managedPackageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    serviceKind: z.enum(SERVICE_KINDS),
    technology: z.enum(TECHNOLOGIES).nullable(),
    downloadMbps: z.number().int().nullable(),
    uploadMbps: z.number().int().nullable(),
    priceKurus: z.number().int().openapi({ description: "Monthly price without commitment, in kuruş" }),
    monthlyPriceKurus: z.number().int().openapi({ description: "The headline monthly price (with commitment when there is one), in kuruş" }),
    commitmentMonths: z.number().int(),
    priceConfirmedOn: z.string().openapi({ format: "date" }),
    withdrawnAt: z.string().openapi({ format: "date-time" }).nullable(),
    isDemo: z.boolean(),
    imageUrl: z.string().nullable().openapi({ description: "Path of the package's image on this site (WebP, 640×480), or null. Images are uploaded on the web dashboard only", example: "/media/package-images/Xq3v9TzK1bW2mN4pR7sY8uA0.webp" }),
  })
  .openapi("ManagedPackage");
export const managedPackagesResponse = z.object({
  success: z.literal(true),
  company: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  packages: z.array(managedPackageSchema),
});
export const packageWrittenResponse = z.object({ success: z.literal(true), id: z.number().int() });
export const packageWithdrawnResponse = z.object({ success: z.literal(true), id: z.number().int(), withdrawn: z.boolean() });

/* ---------- the administrators' package sponsorship (its period: the companies' shape) ---------- */

export const packageSponsorshipResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  sponsoredNow: z.boolean().openapi({ description: "Labelled sponsored right now" }),
  period: z.union([sponsorshipPeriodSchema, z.null()]).openapi({ description: "The package's one period (a new one replaces it); null: none" }),
});
export const packageSponsorshipSetResponse = z.object({ success: z.literal(true), packageId: z.number().int(), period: sponsorshipPeriodSchema });
export const packageSponsorshipEndedResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  outcome: z.enum(["ended", "removed"]).openapi({ description: "ended: the running period ended now; removed: a period not yet started was deleted" }),
});

export const priceChangeSchema = z
  .object({
    changedAt: z.string().openapi({ description: "When (ISO 8601)" }),
    kind: z.enum(PRICE_CHANGE_KINDS).openapi({ description: "recorded: the prices found when the history began (not a change); created; changed; withdrawn; restored (back on sale)" }),
    source: z.enum(PRICE_SOURCES).openapi({ description: "Where the change was made: the company's dashboard, an administrator, an import, the demo data, or the system" }),
    onSale: z.boolean().openapi({ description: "On sale after the change" }),
    priceKurus: kurus("Monthly price without commitment"),
    commitmentMonths: z.number().int().openapi({ description: "0 = no commitment" }),
    commitmentPriceKurus: kurus("Monthly price while committed").nullable(),
    introMonths: z.number().int(),
    introPriceKurus: kurus("Campaign price of the first months").nullable(),
    priceAfterCommitmentKurus: kurus("Monthly price after the commitment (null: the price without commitment)").nullable(),
    modemRentalKurus: kurus("Monthly modem rental"),
    activationFeeKurus: kurus("Activation fee"),
    monthlyPriceKurus: kurus("The headline monthly price (with commitment when there is one)"),
  })
  .openapi("PriceChange");

export const priceHistoryResponse = z.object({
  success: z.literal(true),
  changes: z.array(priceChangeSchema).openapi({ description: "Oldest first; at most the last 120" }),
});

/** `{slug}` of a company's calls served by packages (its record on prices). */
export const companySlugParams = z.object({ slug: z.string().max(200).openapi({ description: "The company's slug", example: "ornek-fiber" }) });

export const companyPriceRecordResponse = z.object({
  success: z.literal(true),
  changes: z
    .array(
      z.object({
        packageId: z.number().int(),
        title: z.string(),
        slug: z.string().openapi({ description: "The package's slug (its page: /{segment}/{company}/paket/{slug})" }),
        changedAt: z.string().openapi({ description: "When (ISO 8601)" }),
        beforeKurus: kurus("The monthly price before"),
        afterKurus: kurus("The monthly price after"),
      }),
    )
    .openapi({ description: "Newest first; at most 20" }),
  onSale: z.number().int().openapi({ description: "The company's packages on sale" }),
  risenInYear: z.number().int().openapi({ description: "Of those, how many had a price rise in the last 12 months" }),
});
