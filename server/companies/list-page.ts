import { companyListQuerySchema, type CompanyListQuery } from "../../common/forms/companies";
import { LIST_QUERY_KEYS, listPath, type CompanySort } from "../../common/companies";
import { findCorporateTypeByUrl } from "../../common/corporate-types";
import { findProvinceByUrl, type Province } from "../reference/cities";
import { toValidationErrors, type ValidationErrors } from "../../common/validation/messages";
import type { MessageKey } from "../../common/i18n";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { findCategorySegment, type CategorySegment } from "./segments";
import type { CompanyListFilters } from "./list-companies";

export type ListPageResolution =
  | { kind: "notFound" }
  | { kind: "redirect"; location: string }
  | { kind: "invalid"; errors: ValidationErrors; segment?: CategorySegment; province?: Province; query: Record<string, string> }
  | { kind: "ok"; filters: CompanyListFilters; query: CompanyListQuery; segment?: CategorySegment; province?: Province };

function queryString(values: Partial<Record<(typeof LIST_QUERY_KEYS)[number], string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const key of LIST_QUERY_KEYS) {
    const v = values[key];
    if (v !== undefined && v !== "") params.set(key, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

function newSeed(): string {
  return Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .padStart(6, "0");
}

/**
 * The list's filters from a checked query and what its names were found to be. A sub type's
 * category also sets the type (a type in the query that contradicts it stays: nothing matches);
 * a type without sub types is its own category. A random order keeps the query's seed, or with
 * `freshSeed` gets a new one.
 */
function listFilters(
  q: CompanyListQuery,
  found: { type?: { id: number }; segment?: CategorySegment; province?: Province },
  opts: { freshSeed: boolean },
): CompanyListFilters {
  const sort: CompanySort = q.sort ?? "relevance";
  const filters: CompanyListFilters = {
    q: q.q,
    typeId: found.type?.id,
    minScore: q.score,
    country: q.country,
    provinceCode: found.province?.code,
    sort,
    seed: sort === "random" ? (q.seed ?? (opts.freshSeed ? newSeed() : undefined)) : undefined,
    page: q.page ?? 1,
  };
  if (found.segment) {
    filters.subTypeId = found.segment.subTypeId;
    if (filters.typeId === undefined || found.segment.subTypeId === null) filters.typeId = found.segment.typeId;
  }
  return filters;
}

/**
 * Reads a list request: the path's sub type and city, the query's filters. Unknown path segments
 * are a 404; a bad query value is a 400 with messages; the form's `subType`/`state` fields, a
 * trailing slash, empty fields and a random order without a seed redirect once to the canonical
 * URL (`prefix` is "" or "/en").
 */
export function resolveListPage(opts: { pathname: string; search: URLSearchParams; params: { subType?: string; state?: string }; prefix: string }): ListPageResolution {
  const segment = opts.params.subType === undefined ? undefined : findCategorySegment(opts.params.subType);
  if (opts.params.subType !== undefined && !segment) return { kind: "notFound" };
  const province = opts.params.state === undefined ? undefined : findProvinceByUrl(opts.params.state);
  if (opts.params.state !== undefined && !province) return { kind: "notFound" };

  const raw: Record<string, string> = {};
  for (const key of [...LIST_QUERY_KEYS, "subType", "state"]) {
    const v = opts.search.get(key);
    if (v !== null) raw[key] = v;
  }
  const parsed = companyListQuerySchema.safeParse(raw);
  if (!parsed.success) return { kind: "invalid", errors: toValidationErrors(parsed.error), segment, province, query: raw };
  const q = parsed.data;

  let segmentUrl = segment?.url;
  let stateUrl = province?.url;
  let formRedirect = false;
  if ("subType" in raw) {
    formRedirect = true;
    if (q.subType === undefined || q.subType === "tumu") segmentUrl = undefined;
    else if (findCategorySegment(q.subType)) segmentUrl = q.subType;
    else return { kind: "invalid", errors: { subType: { key: "companies.validation.subType" } }, segment, province, query: raw };
  }
  if ("state" in raw) {
    formRedirect = true;
    if (q.state === undefined) stateUrl = undefined;
    else if (findProvinceByUrl(q.state)) stateUrl = q.state;
    else return { kind: "invalid", errors: { state: { key: "companies.validation.state" } }, segment, province, query: raw };
  }
  const type = q.type === undefined || q.type === "tumu" ? undefined : findCorporateTypeByUrl(q.type);
  if (q.type !== undefined && q.type !== "tumu" && !type) {
    return { kind: "invalid", errors: { type: { key: "companies.validation.type" } }, segment, province, query: raw };
  }
  const sort: CompanySort = q.sort ?? "relevance";
  const needsSeed = sort === "random" && q.seed === undefined;
  const hasEmpty = LIST_QUERY_KEYS.some((k) => raw[k] === "");
  const trailingSlash = opts.pathname.length > 1 && opts.pathname.endsWith("/");
  if (formRedirect || needsSeed || hasEmpty || trailingSlash) {
    const location =
      opts.prefix +
      listPath(segmentUrl, stateUrl) +
      queryString({
        q: q.q,
        type: type?.url,
        score: q.score,
        country: q.country,
        sort: q.sort,
        seed: sort === "random" ? (q.seed ?? newSeed()) : undefined,
        // A changed filter starts again at page 1.
        page: formRedirect ? undefined : q.page,
      });
    return { kind: "redirect", location };
  }

  return { kind: "ok", filters: listFilters(q, { type, segment, province }, { freshSeed: false }), query: q, segment, province };
}

/**
 * The list's filters for an API call: the same query keys as the page, with `subType` and
 * `state` as plain filters (no path to redirect to). A bad value is E_VALIDATION; a random
 * order without a seed gets a new one (returned to the caller, which sends it for page 2).
 */
export function parseApiListQuery(query: Record<string, unknown>): CompanyListFilters & { seed?: string } {
  const raw: Record<string, string> = {};
  for (const key of [...LIST_QUERY_KEYS, "subType", "state"]) {
    const v = query[key];
    if (typeof v === "string") raw[key] = v;
    else if (v !== undefined) raw[key] = "\u0000\u0000\u0000"; // arrays and objects (?a=1&a=2, ?a[b]=1) are refused
  }
  const q = parseInput(companyListQuerySchema, raw);
  const field = (name: string, key: MessageKey) => new AppError("E_VALIDATION", key, { fieldErrors: { [name]: { key } } });
  const segment = q.subType === undefined || q.subType === "tumu" ? undefined : findCategorySegment(q.subType);
  if (q.subType !== undefined && q.subType !== "tumu" && !segment) throw field("subType", "companies.validation.subType");
  const province = q.state === undefined ? undefined : findProvinceByUrl(q.state);
  if (q.state !== undefined && !province) throw field("state", "companies.validation.state");
  const type = q.type === undefined || q.type === "tumu" ? undefined : findCorporateTypeByUrl(q.type);
  if (q.type !== undefined && q.type !== "tumu" && !type) throw field("type", "companies.validation.type");
  return listFilters(q, { type, segment, province }, { freshSeed: true });
}
