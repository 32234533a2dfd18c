import { z } from "../validation/zod";
import { hasInvisibleFormat } from "../validation/fields";

const figure = z.number().finite().min(0).max(100_000);
const latency = z.number().finite().min(0).max(60_000);
const promised = z.number().finite().min(0.1, "speedtest.errors.promised").max(100_000, "speedtest.errors.promised");
/** A row id (serial): a positive int4. */
const rowId = (key: "speedtest.errors.company" | "speedtest.errors.package") => z.number(key).int(key).min(1, key).max(2_147_483_647, key);

/** Longest district name accepted (the longest real one is under 30 characters). */
export const DISTRICT_MAX = 60;

/**
 * A district's name as people and the reference data write it ("Çankaya", "19 Mayıs"): letters,
 * digits, spaces, dots, hyphens and apostrophes, well-formed; the server then finds it among the
 * province's districts. Control and format characters (NUL, a right-to-left override) are
 * refused here rather than folded away into a real name.
 */
const districtField = z
  .string("speedtest.errors.district")
  .trim()
  .min(1, "speedtest.errors.district")
  .max(DISTRICT_MAX, "speedtest.errors.district")
  .refine((v) => v.isWellFormed() && /^[\p{L}\p{M}\p{Nd} .'’-]+$/u.test(v), "speedtest.errors.district");

/**
 * A finished test to store (POST /api/v1/speedtest/results): the figures the page measured, the
 * stream server's signed receipt of the same test, and what the person chose to add. The
 * provider is one of the internet providers on the site (`companyId`) and, optionally, one of
 * its internet packages on sale (`packageId`), whose promised speeds then replace any typed
 * ones; without a package the promised speeds are typed. The server checks that the company is
 * a published internet provider, that the package is its internet package on sale, and that the
 * district is one of the province's. `provider` is a label kept for older clients: it is stored
 * only when no company is chosen, and no statistic counts it.
 */
export const speedtestResultSchema = z
  .object({
    receipt: z.string().min(10).max(2000),
    download: figure,
    upload: figure,
    ping: latency,
    pingMin: latency,
    jitter: latency,
    loadedDown: latency,
    loadedUp: latency,
    provider: z.string().trim().max(80, "speedtest.errors.provider").refine((v) => !hasInvisibleFormat(v), "validation.invisibleFormat").nullish(),
    companyId: rowId("speedtest.errors.company").nullish(),
    packageId: rowId("speedtest.errors.package").nullish(),
    city: z.number().int("speedtest.errors.city").min(1, "speedtest.errors.city").max(81, "speedtest.errors.city").nullish(),
    district: districtField.nullish(),
    promisedDown: promised.nullish(),
    promisedUp: promised.nullish(),
    /**
     * false: keep the test in the signed-in person's history only (the page does so as soon as a
     * test finishes); posting the same receipt again with true (the default) adds the choices and
     * shares it. Guests keep their history on the device.
     */
    share: z.boolean("speedtest.errors.share").default(true),
  })
  .superRefine((v, ctx) => {
    if (v.packageId != null && v.companyId == null) ctx.addIssue({ code: "custom", path: ["packageId"], message: "speedtest.errors.packageWithoutCompany" });
    if (v.district != null && v.city == null) ctx.addIssue({ code: "custom", path: ["district"], message: "speedtest.errors.districtWithoutCity" });
  });

export type SpeedtestResultInput = z.input<typeof speedtestResultSchema>;

/** How many of a person's results one page of the history call gives. */
export const OWN_RESULTS_PAGE_SIZE = 20;

/** GET /api/v1/my/speedtests: `?page=` from 1 (a page past the last is empty). */
export const ownResultsQuerySchema = z.object({
  page: z
    .string("speedtest.errors.page")
    .regex(/^[1-9]\d{0,5}$/, "speedtest.errors.page")
    .transform(Number)
    .optional(),
});

/** The evidence report's choice of tests (GET, so the page works without JavaScript). */
export const evidenceQuerySchema = z.object({
  ids: z.array(z.string().regex(/^[\w-]{1,40}$/)).max(200).default([]),
});

/** A province's plate code in a query string (`?city=6`), for the district list and the statistics. */
export const cityParamSchema = z
  .string("speedtest.errors.city")
  .regex(/^\d{1,2}$/, "speedtest.errors.city")
  .transform(Number)
  .pipe(z.number().int().min(1, "speedtest.errors.city").max(81, "speedtest.errors.city"));

/**
 * GET /api/v1/speedtest/stats: medians per province or per provider, optionally of the tests in
 * one province (`city`) or one of its districts (`district`, with `city`).
 */
export const speedtestStatsQuerySchema = z
  .object({
    by: z.enum(["city", "provider"], "speedtest.errors.statsBy"),
    city: cityParamSchema.optional(),
    district: districtField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.district !== undefined && v.city === undefined) ctx.addIssue({ code: "custom", path: ["district"], message: "speedtest.errors.districtWithoutCity" });
  });
