import { z } from "../validation/zod";
import { COMPARE_MAX, MODEM_OFFERS, SERVICE_KINDS, TECHNOLOGIES } from "../packages";

/**
 * The filters of /paketler (spec §3 "package search filters"), read from the URL's query (a GET
 * form, so every state is a shareable link) and from the API's JSON body alike.
 */

/** The first is the default: the average per month over 24 months (or the commitment), activation and modem included. */
export const PACKAGE_SORTS = ["average", "price", "speed", "perMbps", "total"] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];

/** Minimum download speeds offered by the speed filter (Mbps). */
export const SPEED_STEPS = [16, 25, 50, 100, 200, 500, 1000] as const;

/** Commitment filter values: none, 12 months, 24 months (spec §9). */
export const COMMITMENT_FILTERS = ["none", "12", "24"] as const;
export type CommitmentFilter = (typeof COMMITMENT_FILTERS)[number];

/** The kind filter's value for every kind on /paketler, which opens on home internet (DEFAULT_PAGE_KIND). */
export const ALL_KINDS = "all";
export const DEFAULT_PAGE_KIND = "internet";

/**
 * The /paketler query as the page reads it: no kind is home internet (someone looking for
 * internet should not meet a hosting plan first), kind=all is every kind (no kind filter).
 */
export function pageQueryWithKind(query: Record<string, string | string[]>): Record<string, string | string[]> {
  const kind = Array.isArray(query.kind) ? query.kind[0] : query.kind;
  if (kind === ALL_KINDS) {
    const { kind: _all, ...rest } = query;
    return rest;
  }
  return kind === undefined || kind === "" ? { ...query, kind: DEFAULT_PAGE_KIND } : query;
}

/** The query keys the page keeps in its URL, in the order they are written. */
export const PACKAGE_QUERY_KEYS = ["kind", "tech", "speed", "maxPrice", "commitment", "company", "tv", "activation", "modem", "city", "flat", "archive", "sort", "page"] as const;

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

/** The query object of URLSearchParams (repeated keys become lists). */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

/** The query string of a search (defaults left out), for links that keep the filters. */
export function packageSearchQuery(s: Partial<PackageSearch>, change: Partial<PackageSearch> = {}): string {
  const merged = { ...s, ...change };
  const params = new URLSearchParams();
  for (const key of PACKAGE_QUERY_KEYS) {
    const v = merged[key];
    // /paketler opens on home internet: "every kind" is said in the URL (the page reads kind=all).
    if (key === "kind" && (v === undefined || v === null)) {
      params.set("kind", ALL_KINDS);
      continue;
    }
    if (v === undefined || v === null) continue;
    if (key === "sort" && v === PACKAGE_SORTS[0]) continue;
    if (key === "page" && v === 1) continue;
    if (Array.isArray(v)) for (const x of v) params.append(key, String(x));
    else params.set(key, String(v));
  }
  const q = params.toString();
  return q ? `?${q}` : "";
}

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
