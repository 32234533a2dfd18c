import { z } from "../validation/zod";
import { COMPARE_MAX, MODEM_OFFERS, SERVICE_KINDS, TECHNOLOGIES } from "../packages";
import { COMMITMENT_FILTERS, PACKAGE_SORTS } from "./package-search-query";

export * from "./package-search-query";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blank = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : v);

export const packageSearchSchema = z.object({
  kind: z.preprocess((v) => blank(one(v)), z.enum(SERVICE_KINDS, { error: "packages.search.errors.kind" }).optional()),
  /** Several technologies at once (checkboxes); one value or a list. */
  tech: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",")),
    z.array(z.enum(TECHNOLOGIES, { error: "packages.search.errors.tech" })).max(TECHNOLOGIES.length, "packages.search.errors.tech"),
  ),
  speed: z.preprocess((v) => {
    const s = blank(one(v));
    return s === undefined ? undefined : /^\d{1,5}$/.test(String(s)) ? Number(s) : Number.NaN;
  }, z.number({ error: "packages.search.errors.speed" }).int().min(1, "packages.search.errors.speed").max(100_000, "packages.search.errors.speed").optional()),
  /** Highest monthly price in lira. */
  maxPrice: z.preprocess((v) => {
    const s = blank(one(v));
    return s === undefined ? undefined : /^\d{1,7}([.,]\d{1,2})?$/.test(String(s)) ? Number(String(s).replace(",", ".")) : Number.NaN;
  }, z.number({ error: "packages.search.errors.maxPrice" }).min(0, "packages.search.errors.maxPrice").max(1_000_000, "packages.search.errors.maxPrice").optional()),
  commitment: z.preprocess((v) => blank(one(v)), z.enum(COMMITMENT_FILTERS, { error: "packages.search.errors.commitment" }).optional()),
  /** The provider's url slug. */
  company: z.preprocess((v) => blank(one(v)), z.string().max(140, "packages.search.errors.company").regex(/^[a-z0-9-]+$/, "packages.search.errors.company").optional()),
  /** "1": only packages with a TV platform subscription. */
  tv: z.preprocess((v) => blank(one(v)), z.literal("1", { error: "packages.search.errors.flag" }).optional()),
  /** "free": only packages without an activation fee. */
  activation: z.preprocess((v) => blank(one(v)), z.literal("free", { error: "packages.search.errors.flag" }).optional()),
  modem: z.preprocess((v) => blank(one(v)), z.enum(MODEM_OFFERS, { error: "packages.search.errors.modem" }).optional()),
  /** Province url slug ("istanbul"). */
  city: z.preprocess((v) => blank(one(v)), z.string().max(40, "packages.search.errors.city").regex(/^[a-z-]+$/, "packages.search.errors.city").optional()),
  /**
   * A flat's code (BBK, as in the infrastructure answer's URL): only the internet packages that
   * reach it (a technology available there, a speed its line carries, serving its province).
   */
  flat: z.preprocess((v) => {
    const s = blank(one(v));
    return s === undefined ? undefined : typeof s === "number" || /^\d{1,15}$/.test(String(s)) ? Number(s) : Number.NaN;
  }, z.number({ error: "packages.search.errors.flat" }).int("packages.search.errors.flat").min(1, "packages.search.errors.flat").max(Number.MAX_SAFE_INTEGER, "packages.search.errors.flat").optional()),
  /** "1": include withdrawn packages of the last two years (the tariff archive). */
  archive: z.preprocess((v) => blank(one(v)), z.literal("1", { error: "packages.search.errors.flag" }).optional()),
  sort: z.preprocess((v) => blank(one(v)) ?? PACKAGE_SORTS[0], z.enum(PACKAGE_SORTS, { error: "packages.search.errors.sort" })),
  page: z.preprocess((v) => {
    const s = blank(one(v));
    return s === undefined ? 1 : /^\d{1,4}$/.test(String(s)) ? Number(s) : Number.NaN;
  }, z.number({ error: "packages.search.errors.page" }).int().min(1, "packages.search.errors.page").max(1000, "packages.search.errors.page")),
});

export type PackageSearch = z.output<typeof packageSearchSchema>;

/** The compare page's set: `p` repeated or comma-separated package ids, at most COMPARE_MAX, kept in the URL. */
export const compareSchema = z.object({
  p: z.preprocess(
    (v) => {
      const list = v === undefined || v === "" ? [] : Array.isArray(v) ? v.flatMap((x) => String(x).split(",")) : String(v).split(",");
      return list.filter((x) => x !== "").map((x) => (/^\d{1,9}$/.test(x) ? Number(x) : Number.NaN));
    },
    z
      .array(z.number({ error: "packages.compare.errors.id" }).int("packages.compare.errors.id").min(1, "packages.compare.errors.id"))
      .max(COMPARE_MAX, "packages.compare.errors.tooMany")
      .transform((ids) => [...new Set(ids)]),
  ),
});
