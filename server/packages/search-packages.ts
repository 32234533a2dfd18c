import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { COMMITMENT_FILTERS, SPEED_STEPS, type PackageSearch } from "../../common/forms/package-search";
import { FTTB_CEILING_MBPS, provinceOf, type FlatAnswer, type Technology as InfraTechnology } from "../../common/infrastructure/types";
import { COMPANY_FACET_LIMIT, MODEM_OFFERS, PACKAGE_PAGE_SIZE, SERVICE_KINDS, TECHNOLOGIES, type Technology } from "../../common/packages";
import type { FacetCounts } from "../../common/package-types";
import type { AppContext } from "../core/app-context";
import { packageReachesProvince } from "../companies";
import { companies } from "../companies/schema";
import { packages } from "./schema";
import { queryFlat } from "../infrastructure";
import { findProvinceByCode, findProvinceByUrl } from "../reference/cities";
import { cardColumns, publicPackage, toCard, type PackageCard } from "./package-card";

export interface PackageSearchResult {
  items: PackageCard[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  facets: FacetCounts;
  /** The city the results are limited to (from the filter or the remembered query), if any. */
  city: { code: number; url: string; value: string; name: string } | null;
  /** With the `flat` filter: the flat the results reach, and what its line carries per technology. */
  flat: FlatReach | null;
}

/**
 * What a flat's line can take, per package technology (the `flat` filter, "packages that reach
 * this flat"). Only ADSL, VDSL and fiber are in an infrastructure answer; AirFiber and Kablonet
 * are not, so they never reach a flat by this filter.
 */
export interface FlatReach {
  bbk: number;
  /** The flat's address as one line. */
  address: string;
  provinceCode: number | null;
  /** The technologies available at the flat and the highest download speed (Mbps) each carries; null: no known limit. */
  technologies: { technology: Technology; maxDownMbps: number | null }[];
}

const PACKAGE_TECHNOLOGY: Record<InfraTechnology, Technology> = { FIBER: "fiber", VDSL: "vdsl", ADSL: "adsl" };

/**
 * The reach of a flat from its answer: each available technology, capped by the line. Copper
 * carries the lower of the port's maximum and the speed estimated from the line length; fiber its
 * maximum, and fiber to the building no more than the building's wiring (FTTB_CEILING_MBPS).
 */
export function reachOfFlat(answer: FlatAnswer): FlatReach {
  const technologies = answer.technologies
    .filter((t) => t.available)
    .map((t) => {
      const limits = [t.maxDownMbps, t.technology === "FIBER" ? null : t.estimatedDownMbps, t.technology === "FIBER" && t.fttx === "FTTB" ? FTTB_CEILING_MBPS : null];
      const known = limits.filter((v): v is number => typeof v === "number" && v > 0);
      // Package speeds are whole Mbps: a line carrying 93.1 Mbps carries a 93 Mbps package.
      return { technology: PACKAGE_TECHNOLOGY[t.technology], maxDownMbps: known.length ? Math.floor(Math.min(...known)) : null };
    });
  return { bbk: answer.bbk, address: answer.address.map((p) => p.value).join(", "), provinceCode: provinceOf(answer), technologies };
}

/** Packages whose technology is available at the flat and whose download speed its line carries. */
function reachCondition(reach: FlatReach): SQL {
  if (!reach.technologies.length) return sql`false`;
  const each = reach.technologies.map((t) =>
    t.maxDownMbps === null
      ? sql`${packages.technology} = ${t.technology}`
      : sql`(${packages.technology} = ${t.technology} AND (${packages.downloadMbps} IS NULL OR ${packages.downloadMbps} <= ${t.maxDownMbps}))`,
  );
  return sql`(${sql.join(each, sql` OR `)})`;
}

/** What a search reads: the database, and the infrastructure source for the flat filter. */
/** What a search needs; with `pageCache` (the site's, not the jobs') a plain search's result is kept. */
type SearchApp = Pick<AppContext, "db" | "infrastructure" | "log"> & Partial<Pick<AppContext, "pageCache">>;

type Facet = "kind" | "tech" | "speed" | "maxPrice" | "commitment" | "company" | "tv" | "activation" | "modem" | "city";

/**
 * The WHERE of a search in parts: what always applies (on sale, the flat's reach and province)
 * and each filter's own condition, keyed by its facet (a facet's counts leave out its own).
 */
function conditionParts(s: PackageSearch, cityCode: number | null, now: Date, reach: FlatReach | null): { always: SQL[]; byFacet: Partial<Record<Facet, SQL>> } {
  const always: SQL[] = [publicPackage(now, s.archive === "1")];
  if (reach) always.push(reachCondition(reach));
  // The flat's own province always applies, whatever the city filter says.
  if (reach?.provinceCode != null && reach.provinceCode !== cityCode) always.push(packageReachesProvince(reach.provinceCode));
  const byFacet: Partial<Record<Facet, SQL>> = {};
  if (s.kind) byFacet.kind = eq(packages.serviceKind, s.kind);
  else if (reach) byFacet.kind = eq(packages.serviceKind, "internet");
  if (s.tech.length) byFacet.tech = inArray(packages.technology, s.tech);
  if (s.speed !== undefined) byFacet.speed = sql`${packages.downloadMbps} >= ${s.speed}`;
  if (s.maxPrice !== undefined) byFacet.maxPrice = sql`${packages.monthlyPriceKurus} <= ${Math.round(s.maxPrice * 100)}`;
  if (s.commitment) byFacet.commitment = eq(packages.commitmentMonths, s.commitment === "none" ? 0 : Number(s.commitment));
  if (s.company) byFacet.company = eq(companies.slug, s.company);
  if (s.tv) byFacet.tv = sql`${packages.tvPlatform} IS NOT NULL`;
  if (s.activation) byFacet.activation = eq(packages.activationFeeKurus, 0);
  // The modem is a term of internet packages only (the others keep the column's default).
  if (s.modem) byFacet.modem = and(eq(packages.serviceKind, "internet"), eq(packages.modemOffer, s.modem))!;
  if (cityCode !== null) byFacet.city = packageReachesProvince(cityCode);
  return { always, byFacet };
}

/** The filters' conditions but one facet's (all of them when `except` is undefined). */
function facetConditions(byFacet: Partial<Record<Facet, SQL>>, except?: Facet): SQL[] {
  return Object.entries(byFacet)
    .filter(([facet]) => facet !== except)
    .map(([, condition]) => condition);
}

/** The WHERE of a search, leaving out one facet's own condition (for that facet's counts). */
function conditions(s: PackageSearch, cityCode: number | null, now: Date, reach: FlatReach | null, except?: Facet): SQL[] {
  const { always, byFacet } = conditionParts(s, cityCode, now, reach);
  return [...always, ...facetConditions(byFacet, except)];
}

/** Sorts: the same for everyone, paying never changes them (sponsored rows are only labelled). */
function orderBy(sort: PackageSearch["sort"]): SQL[] {
  switch (sort) {
    case "speed":
      return [sql`${packages.downloadMbps} DESC NULLS LAST`, asc(packages.monthlyPriceKurus), asc(packages.id)];
    case "perMbps":
      return [sql`(${packages.effectiveMonthlyKurus}::float8 / NULLIF(${packages.downloadMbps}, 0)) ASC NULLS LAST`, asc(packages.id)];
    case "total":
      return [asc(packages.totalCostKurus), asc(packages.id)];
    case "average":
      return [asc(packages.rankingMonthlyKurus), asc(packages.id)];
    default:
      return [asc(packages.monthlyPriceKurus), asc(packages.id)];
  }
}

/**
 * The count each value of each filter would give, the other filters kept, and the total: one
 * scan of what always applies, in which each filter's condition is worked out once per package
 * (a column of the inner query), and each count a FILTER of the other filters' columns and its
 * value (the providers, the COMPANY_FACET_LIMIT with the most packages, are a second, grouped scan).
 */
async function facetCounts(app: SearchApp, s: PackageSearch, cityCode: number | null, now: Date, reach: FlatReach | null): Promise<{ facets: FacetCounts; total: number }> {
  const { always, byFacet } = conditionParts(s, cityCode, now, reach);
  const active = Object.keys(byFacet) as Facet[];
  const rows = app.db
    .select({
      kind: sql<string>`${packages.serviceKind}`.as("kind"),
      tech: sql<string | null>`${packages.technology}`.as("tech"),
      down: sql<number | null>`${packages.downloadMbps}`.as("down"),
      months: sql<number>`${packages.commitmentMonths}`.as("months"),
      modem: sql<string>`${packages.modemOffer}`.as("modem"),
      tv: sql<boolean>`(${packages.tvPlatform} IS NOT NULL)`.as("tv"),
      freeActivation: sql<boolean>`(${packages.activationFeeKurus} = 0)`.as("free_activation"),
      ...Object.fromEntries(active.map((facet) => [`is_${facet}`, sql<boolean>`(${byFacet[facet]})`.as(`is_${facet}`)])),
    })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(...always))
    .as("t");
  const column = (name: string) => (rows as unknown as Record<string, SQL.Aliased>)[name]!;
  const counted = (except: Facet | undefined, value?: SQL) => {
    const parts = [...active.filter((f) => f !== except).map((f) => sql`${column(`is_${f}`)}`), ...(value ? [value] : [])];
    return parts.length ? sql<number>`(count(*) FILTER (WHERE ${sql.join(parts, sql` AND `)}))::int` : sql<number>`count(*)::int`;
  };
  const columns: Record<string, SQL<number>> = { total: counted(undefined) };
  for (const k of SERVICE_KINDS) columns[`kind:${k}`] = counted("kind", sql`${rows.kind} = ${k}`);
  for (const k of TECHNOLOGIES) columns[`tech:${k}`] = counted("tech", sql`${rows.tech} = ${k}`);
  for (const v of SPEED_STEPS) columns[`speed:${v}`] = counted("speed", sql`${rows.down} >= ${v}`);
  for (const k of COMMITMENT_FILTERS) columns[`commitment:${k}`] = counted("commitment", sql`${rows.months} = ${k === "none" ? 0 : Number(k)}`);
  for (const k of MODEM_OFFERS) columns[`modem:${k}`] = counted("modem", sql`${rows.kind} = 'internet' AND ${rows.modem} = ${k}`);
  columns.tv = counted("tv", sql`${rows.tv}`);
  columns.activation = counted("activation", sql`${rows.freeActivation}`);
  const [row] = (await app.db.select(columns).from(rows)) as Record<string, number>[];
  const n = (key: string) => Number(row?.[key] ?? 0);
  const byValue = (prefix: string, keys: readonly (string | number)[]) => Object.fromEntries(keys.map((k) => [String(k), n(`${prefix}:${k}`)]));
  const providers = (limit: number, only?: string) =>
    app.db
      .select({ slug: companies.slug, name: companies.name, count: count() })
      .from(packages)
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(and(...always, ...facetConditions(byFacet, "company"), ...(only ? [eq(companies.slug, only)] : [])))
      .groupBy(companies.slug, companies.name)
      .orderBy(desc(count()), asc(companies.name))
      .limit(limit);
  const company = await providers(COMPANY_FACET_LIMIT);
  // The chosen provider stays in the list (with its count) even when it is not among the largest.
  if (s.company && !company.some((c) => c.slug === s.company)) company.push(...(await providers(1, s.company)));
  company.sort((a, b) => a.name.localeCompare(b.name, "tr"));
  return {
    total: n("total"),
    facets: {
      kind: byValue("kind", SERVICE_KINDS),
      tech: byValue("tech", TECHNOLOGIES),
      speed: byValue("speed", SPEED_STEPS),
      commitment: byValue("commitment", COMMITMENT_FILTERS),
      company,
      tv: n("tv"),
      activation: n("activation"),
      modem: byValue("modem", MODEM_OFFERS),
    },
  };
}

async function countWhere(app: SearchApp, where: SQL | undefined): Promise<number> {
  const [{ total }] = (await app.db
    .select({ total: count() })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(where)) as [{ total: number }];
  return total;
}

const NO_FACETS: FacetCounts = { kind: {}, tech: {}, speed: {}, commitment: {}, company: [], tv: 0, activation: 0, modem: {} };

/**
 * /paketler, POST /api/v1/packages/search and the answer page's "packages that reach this flat":
 * the packages matching every filter, in the chosen order, one page of them, and the count each
 * filter value would give. A city (from the filter, or remembered from the infrastructure
 * query) hides packages that do not serve it; a flat (`s.flat`) keeps only the internet packages
 * that reach it, in its province (404 for an unknown flat). The answer page passes the answer
 * it already has as `opts.flat`, and skips the facet counts it does not show. The commitment
 * reminder's mail narrows the items (and total, not the facet counts) further: only packages
 * whose effective monthly cost is below `cheaperThanKurus`, and not `excludeIds`.
 */
export async function searchPackages(app: SearchApp, s: PackageSearch, opts: SearchOptions = {}): Promise<PackageSearchResult> {
  // A flat's search depends on its infrastructure answer, a fixed clock is a test's, and the
  // reminder job's narrower searches are its own: they run as asked.
  const plain = s.flat === undefined && !opts.now && opts.cheaperThanKurus === undefined && !opts.excludeIds?.length;
  if (!plain || !app.pageCache) return runSearch(app, s, opts);
  const key = `packages:search:${JSON.stringify([s, opts.rememberedCityCode ?? null, opts.pageSize ?? null, opts.facets ?? true])}`;
  return app.pageCache.get(key, () => runSearch(app, s, opts));
}

interface SearchOptions {
  rememberedCityCode?: number | null;
  now?: Date;
  pageSize?: number;
  flat?: FlatAnswer;
  facets?: boolean;
  cheaperThanKurus?: number;
  excludeIds?: number[];
  /**
   * With a flat: keep its technologies and province but not its line's speed limit (the answer
   * page's packages for a line slower than every package on sale, shown as such).
   */
  ignoreLineSpeed?: boolean;
}

/**
 * The search itself. searchPackages keeps a plain search's result PAGE_CACHE_SECONDS (decision
 * 016): a filter set's counts over a large catalogue cost several scans; the dashboard's package
 * writes, the approvals, flags and sponsorships clear the cache, so what lags is at most another
 * instance's copy.
 */
async function runSearch(app: SearchApp, s: PackageSearch, opts: SearchOptions): Promise<PackageSearchResult> {
  const now = opts.now ?? new Date();
  const pageSize = opts.pageSize ?? PACKAGE_PAGE_SIZE;
  const answer = s.flat === undefined ? null : opts.flat && opts.flat.bbk === s.flat ? opts.flat : await queryFlat(app, { input: { bbk: s.flat } });
  const reach = answer ? reachOfFlat(answer) : null;
  const filterReach = reach && opts.ignoreLineSpeed ? { ...reach, technologies: reach.technologies.map((t) => ({ ...t, maxDownMbps: null })) } : reach;
  const province = s.city ? findProvinceByUrl(s.city) : undefined;
  const cityCode = province?.code ?? (s.city ? -1 : (reach?.provinceCode ?? opts.rememberedCityCode ?? null));
  const narrower: SQL[] = [];
  if (opts.cheaperThanKurus !== undefined) narrower.push(sql`${packages.effectiveMonthlyKurus} < ${opts.cheaperThanKurus}`);
  if (opts.excludeIds?.length) narrower.push(notInArray(packages.id, opts.excludeIds));
  const where = and(...conditions(s, cityCode, now, filterReach), ...narrower);
  // The facet scan counts the total too; the narrower searches (the reminder's) count their own.
  const counts = opts.facets === false ? null : await facetCounts(app, s, cityCode, now, filterReach);
  const total = counts && !narrower.length ? counts.total : await countWhere(app, where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(s.page, pageCount);
  const rows = await app.db
    .select(cardColumns)
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(where)
    .orderBy(...orderBy(s.sort))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const remembered = !province && cityCode !== null && cityCode > 0 ? findProvinceByCode(cityCode) : undefined;
  const facets = counts?.facets ?? NO_FACETS;
  const city = province ?? remembered;
  return {
    items: rows.map((r) => toCard(r, now)),
    total,
    page,
    pageCount,
    pageSize,
    facets,
    city: city ? { code: city.code, url: city.url, value: city.value, name: city.name } : null,
    flat: reach,
  };
}
