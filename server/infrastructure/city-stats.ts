import { desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../core/app-context";
import { infraQueryCounts } from "./schema";

export type CountedTechnology = (typeof infraQueryCounts.$inferSelect)["technology"];

export interface CityStats {
  /** Queries by the best technology found, largest first. */
  technologies: { technology: CountedTechnology; count: number; share: number }[];
  total: number;
  /** The most queried neighbourhoods of the province. */
  neighbourhoods: { district: string; name: string; count: number }[];
}

/** The city page's statistics from the anonymous query counts: two small indexed queries. */
export async function cityStats(app: Pick<AppContext, "db">, opts: { province: number; top?: number }): Promise<CityStats> {
  const byTech = await app.db
    .select({ technology: infraQueryCounts.technology, count: sql<number>`sum(${infraQueryCounts.count})::int` })
    .from(infraQueryCounts)
    .where(eq(infraQueryCounts.provinceCode, opts.province))
    .groupBy(infraQueryCounts.technology);
  const total = byTech.reduce((s, r) => s + Number(r.count), 0);
  const neighbourhoods = await app.db
    .select({
      district: infraQueryCounts.districtName,
      name: infraQueryCounts.neighbourhoodName,
      count: sql<number>`sum(${infraQueryCounts.count})::int`,
    })
    .from(infraQueryCounts)
    .where(eq(infraQueryCounts.provinceCode, opts.province))
    .groupBy(infraQueryCounts.neighbourhoodCode, infraQueryCounts.districtName, infraQueryCounts.neighbourhoodName)
    .orderBy(desc(sql`sum(${infraQueryCounts.count})`), infraQueryCounts.neighbourhoodName)
    .limit(opts.top ?? 10);
  return {
    total,
    technologies: byTech
      .map((r) => ({ technology: r.technology, count: Number(r.count), share: total ? Math.round((Number(r.count) / total) * 1000) / 10 : 0 }))
      .sort((a, b) => b.count - a.count),
    neighbourhoods: neighbourhoods.map((n) => ({ ...n, count: Number(n.count) })),
  };
}

/** Every infrastructure query answered so far (each address counted at most once per flat and day: queryFlat's rule), for the home page. */
export async function countAnsweredQueries(app: Pick<AppContext, "db">): Promise<number> {
  const [row] = await app.db.select({ n: sql<number>`coalesce(sum(${infraQueryCounts.count}), 0)::int` }).from(infraQueryCounts);
  return Number(row?.n ?? 0);
}
