import { and, eq, sql } from "drizzle-orm";
import { companies } from "../companies/schema";
import type { AppContext } from "../core/app-context";
import { speedtestResults } from "./schema";
import type { StatsRow } from "../../common/speedtest/stats";
import { MEDIAN_DAYS, MEDIAN_MIN_ADDRESSES, speedtestStats } from "./read-results";

/** Providers and provinces in the overview (the home page shows the first few of them). */
export const OVERVIEW_SHOWN = 10;

export interface SpeedtestOverview {
  days: number;
  minCount: number;
  /** The providers with the most tests in the window, each with at least minCount. */
  providers: StatsRow[];
  /** The provinces with the most tests in the window, each with at least minCount. */
  cities: StatsRow[];
}

/**
 * The measured medians per provider and per province of the last 90 days, for the home page's
 * section and the speed test page. The same for every visitor: kept in the short page cache
 * (decision 016), so the home page stays one render per keep time for guests (decision 018).
 */
export function speedtestOverview(app: Pick<AppContext, "db" | "pageCache">): Promise<SpeedtestOverview> {
  return app.pageCache.get("speedtest:overview", async () => ({
    days: MEDIAN_DAYS,
    minCount: MEDIAN_MIN_ADDRESSES,
    providers: await speedtestStats(app, { by: "provider", limit: OVERVIEW_SHOWN }),
    cities: await speedtestStats(app, { by: "city", limit: OVERVIEW_SHOWN }),
  }));
}

/**
 * Speed tests the statistics count (the first of a hashed address per provider and day), for the
 * home page; the demo tests of demo companies (SEED_DEMO) are not people's tests and are left out.
 */
export async function countCountedTests(app: Pick<AppContext, "db">): Promise<number> {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(speedtestResults)
    .leftJoin(companies, eq(companies.id, speedtestResults.companyId))
    .where(and(eq(speedtestResults.counted, true), sql`${companies.isDemo} IS NOT TRUE`));
  return Number(row?.n ?? 0);
}
