import { and, asc, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { COMPANY_PAGE_SIZE, type CompanySort, type SCORECARD_SORTS } from "../../common/companies";
import { containsPattern, escapeLike, foldSearchText, normaliseSearch } from "../../common/search-text";
import type { AppContext } from "../core/app-context";
import { companies } from "./schema";
import { companyScorecards } from "../scorecard/schema";
import { companyServesProvince } from "./serves-province";
import { sponsoredNow } from "./sponsorship";
import { profileSegment } from "./segments";
import type { CompanyCard } from "./types";
import { meanScore } from "../../common/reviews";

export interface CompanyListFilters {
  /** Search text (already bounded by the schema). */
  q?: string;
  typeId?: number;
  subTypeId?: number | null;
  /** Minimum mean of confirmed review scores. */
  minScore?: number;
  country?: string;
  /** Plate code: companies serving this province (or the whole country). */
  provinceCode?: number;
  sort: CompanySort;
  /** Random order seed (sort "random"). */
  seed?: string;
  page: number;
  pageSize?: number;
}

export interface CompanyListResult {
  items: CompanyCard[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/**
 * Weight of the prior in the default order's score: a mean of 3 over this many imaginary reviews
 * is blended in, so one 5-star review does not outrank a hundred 4.8s (explained on the ranking page).
 */
export const RANKING_PRIOR_REVIEWS = 3;
export const RANKING_PRIOR_MEAN = 3;

/** The conditions of the filters; shared with the counts so a filter's result never depends on the order. */
export function companyListWhere(f: Omit<CompanyListFilters, "sort" | "page" | "seed">): SQL {
  const conditions: (SQL | undefined)[] = [eq(companies.publishState, "published")];
  if (f.subTypeId !== undefined && f.subTypeId !== null) conditions.push(eq(companies.subTypeId, f.subTypeId));
  if (f.typeId !== undefined) conditions.push(eq(companies.typeId, f.typeId));
  if (f.country) conditions.push(eq(companies.country, f.country));
  if (f.minScore !== undefined) {
    conditions.push(sql`${companies.reviewCount} > 0`, gte(companies.reviewScoreSum, sql`${f.minScore} * ${companies.reviewCount}`));
  }
  // One definition of serving a province for the lists, the profile and the answer (decision 023).
  if (f.provinceCode !== undefined) conditions.push(companyServesProvince(f.provinceCode));
  const pattern = f.q ? containsPattern(f.q) : "";
  if (pattern) conditions.push(sql`${companies.searchText} LIKE ${pattern}::text ESCAPE '\\'`);
  return and(...conditions)!;
}

/** The scorecard column a sort orders by (the list shows its value on each card). */
const SCORECARD_SORT_COLUMNS = {
  measuredSpeed: companyScorecards.promiseShare,
  eveningDrop: companyScorecards.eveningDrop,
  bufferbloat: companyScorecards.gradeRank,
  outages: companyScorecards.incidentsPerMonth,
  priceIncreases: companyScorecards.increasesPerPackage,
} as const satisfies Record<(typeof SCORECARD_SORTS)[number], unknown>;

const isScorecardSort = (sort: CompanySort): sort is keyof typeof SCORECARD_SORT_COLUMNS => sort in SCORECARD_SORT_COLUMNS;

function sortValueOf(sort: CompanySort): SQL<number | null> {
  return isScorecardSort(sort) ? sql<number | null>`${SCORECARD_SORT_COLUMNS[sort]}` : sql<null>`NULL`;
}

function orderBy(f: CompanyListFilters): SQL[] {
  // search_text starts with the folded name: ordering by it is ordering by name, Turkish letters
  // folded, without calling translate() per row (slow on PGlite: 2 s for 10,000 rows).
  const nameOrder = asc(companies.searchText);
  const byId = asc(companies.id);
  // Scorecard figures, best first (the highest share of the promise, the least of the others); a
  // company without enough data for the figure last.
  if (isScorecardSort(f.sort)) return [sql`${SCORECARD_SORT_COLUMNS[f.sort]} ${sql.raw(f.sort === "measuredSpeed" ? "DESC" : "ASC")} NULLS LAST`, nameOrder, byId];
  switch (f.sort) {
    case "oldest":
      return [asc(companies.createdAt), byId];
    case "newest":
      return [desc(companies.createdAt), desc(companies.id)];
    case "random":
      // md5 of seed and id: the same seed gives the same order on every page.
      return [sql`md5(${f.seed ?? ""} || ':' || ${companies.id}::text)`, byId];
    case "relevance": {
      const weighted = sql`((${companies.reviewScoreSum} + ${RANKING_PRIOR_MEAN * RANKING_PRIOR_REVIEWS})::float8 / (${companies.reviewCount} + ${RANKING_PRIOR_REVIEWS}))`;
      const order: SQL[] = [];
      const query = f.q ? foldSearchText(normaliseSearch(f.q)) : "";
      // A name that starts with the search comes first.
      if (query) order.push(sql`CASE WHEN ${companies.searchText} LIKE ${`${escapeLike(query)}%`}::text ESCAPE '\\' THEN 0 ELSE 1 END`);
      order.push(desc(weighted), desc(companies.reviewCount), nameOrder, byId);
      return order;
    }
  }
}

/** The columns a company card is made of (`toCard`): the lists and the home page select them. */
export const CARD_COLUMNS = {
  id: companies.id,
  name: companies.name,
  slug: companies.slug,
  typeId: companies.typeId,
  subTypeId: companies.subTypeId,
  logo: companies.logo,
  country: companies.country,
  provinceCode: companies.provinceCode,
  servesWholeCountry: companies.servesWholeCountry,
  verified: companies.verified,
  isDemo: companies.isDemo,
  reviewCount: companies.reviewCount,
  reviewScoreSum: companies.reviewScoreSum,
  createdAt: companies.createdAt,
  tags: companies.tags,
};

/** One page of published companies matching the filters, in the chosen order, with the total. */
export async function listCompanies(app: Pick<AppContext, "db">, f: CompanyListFilters): Promise<CompanyListResult> {
  const pageSize = f.pageSize ?? COMPANY_PAGE_SIZE;
  const where = companyListWhere(f);
  const rows = await app.db
    .select({ ...CARD_COLUMNS, total: sql<number>`count(*) OVER ()`.mapWith(Number), sortValue: sortValueOf(f.sort) })
    .from(companies)
    .leftJoin(companyScorecards, eq(companyScorecards.companyId, companies.id))
    .where(where)
    .orderBy(...orderBy(f))
    .limit(pageSize)
    .offset((f.page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && f.page > 1) {
    // Past the last page: the total still tells the page how many pages there are.
    const [row] = await app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies).where(where);
    total = row?.n ?? 0;
  }
  const sponsored = await sponsoredNow(app.db, rows.map((r) => r.id));
  return {
    items: rows.map((r) => {
      const card = toCard(r, sponsored.has(r.id));
      return isScorecardSort(f.sort) ? { ...card, sortValue: r.sortValue === null ? null : Number(r.sortValue) } : card;
    }),
    total,
    page: f.page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export { meanScore };

/** A card from a company row: the row's own fields, its profile segment, sponsorship and mean score worked out. */
export function toCard(
  r: Omit<CompanyCard, "profileSegment" | "sponsored" | "score" | "createdAt"> & { reviewScoreSum: number; createdAt: Date },
  sponsored: boolean,
): CompanyCard {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    typeId: r.typeId,
    subTypeId: r.subTypeId,
    profileSegment: profileSegment(r),
    logo: r.logo,
    country: r.country,
    provinceCode: r.provinceCode,
    servesWholeCountry: r.servesWholeCountry,
    verified: r.verified,
    isDemo: r.isDemo,
    sponsored,
    reviewCount: r.reviewCount,
    score: meanScore(r.reviewScoreSum, r.reviewCount),
    createdAt: r.createdAt.toISOString(),
    tags: r.tags,
  };
}
