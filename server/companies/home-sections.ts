import { and, desc, eq, gte, sql } from "drizzle-orm";
import { dayInTurkey } from "../../common/reminders";
import type { AppContext } from "../core/app-context";
import { companies, companyProfileViews } from "./schema";
import { CARD_COLUMNS, toCard } from "./list-companies";
import { categorySegments } from "./segments";
import { sponsoredNow } from "./sponsorship";
import type { CompanyCard } from "./types";

/** Days of profile views that count towards popularity. */
export const POPULAR_VIEW_DAYS = 30;
/** One confirmed review weighs as much as this many profile views. */
export const POPULAR_REVIEW_WEIGHT = 20;

/**
 * Popular companies for the home page: confirmed reviews and profile views of the last 30 days
 * (anonymous daily counts), weighted; sponsorship plays no part.
 */
export async function popularCompanies(app: Pick<AppContext, "db">, opts: { limit?: number; now?: Date } = {}): Promise<CompanyCard[]> {
  const since = dayInTurkey(new Date((opts.now ?? new Date()).getTime() - (POPULAR_VIEW_DAYS - 1) * 86_400_000));
  const views = app.db
    .select({ companyId: companyProfileViews.companyId, views: sql<number>`sum(${companyProfileViews.views})`.as("views") })
    .from(companyProfileViews)
    .where(gte(companyProfileViews.day, since))
    .groupBy(companyProfileViews.companyId)
    .as("v");
  const popularity = sql`(${companies.reviewCount} * ${POPULAR_REVIEW_WEIGHT} + coalesce(${views.views}, 0))`;
  const rows = await app.db
    .select(CARD_COLUMNS)
    .from(companies)
    .leftJoin(views, eq(views.companyId, companies.id))
    .where(and(eq(companies.publishState, "published")))
    .orderBy(desc(popularity), desc(companies.reviewScoreSum), companies.id)
    .limit(opts.limit ?? 6);
  const sponsored = await sponsoredNow(app.db, rows.map((r) => r.id));
  return rows.map((r) => toCard(r, sponsored.has(r.id)));
}

export interface CategoryStat {
  /** The list segment (sub type url, or the type's url for a type without sub types). */
  url: string;
  typeId: number;
  subTypeId: number | null;
  count: number;
}

/** Published companies per category, every category listed (a zero shows the "no provider found" message). */
export async function companyCategoryStats(app: Pick<AppContext, "db">): Promise<CategoryStat[]> {
  const rows = await app.db
    .select({ typeId: companies.typeId, subTypeId: companies.subTypeId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .where(eq(companies.publishState, "published"))
    .groupBy(companies.typeId, companies.subTypeId);
  return categorySegments().map((s) => ({
    url: s.url,
    typeId: s.typeId,
    subTypeId: s.subTypeId,
    count: rows.find((r) => r.typeId === s.typeId && r.subTypeId === s.subTypeId)?.n ?? 0,
  }));
}
