/**
 * The filters of /paketler (spec §3 "package search filters"): their values and the links that
 * keep them, without zod (decision 006), for the list page's filters and links. The schemas that
 * read a query (the URL's, a GET form's, so every state is a shareable link, and the API's JSON
 * body alike) are in package-search.ts.
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

/** A search's values by query key (a PackageSearch, or part of one). */
export type PackageQueryValues = { readonly [K in (typeof PACKAGE_QUERY_KEYS)[number]]?: string | number | readonly string[] | null };


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
export function packageSearchQuery(s: PackageQueryValues, change: PackageQueryValues = {}): string {
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

