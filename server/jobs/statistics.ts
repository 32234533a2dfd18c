import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Logger } from "../platform/logger";
import { bookNextRun, scheduleRecurring } from "./recurring";

/**
 * The planner's statistics, gathered again once a day. PostgreSQL's autovacuum does this by
 * itself; embedded PGlite has no autovacuum, so without this job its planner never has any and
 * guesses (the blog's word search over 20,000 posts: p95 310 ms without statistics, 56 ms with;
 * its plan counted on 9 matching documents where there were 19,600). On a server the run is one
 * more ANALYZE of sampled rows, cheap beside a day of autovacuum.
 */
export const STATISTICS_JOB = "maintenance.statistics";
export const STATISTICS_EVERY_MS = 24 * 3600_000;
/** The first run after a start with none waiting: soon, so a fresh database (the demo seed, an import) gets its statistics. */
export const STATISTICS_FIRST_DELAY_MS = 5 * 60_000;

export async function gatherStatistics(deps: { db: Database; log: Pick<Logger, "info"> }): Promise<void> {
  const started = Date.now();
  await deps.db.execute(sql`ANALYZE`);
  deps.log.info({ ms: Date.now() - started }, "planner statistics gathered");
}

export async function scheduleStatistics(db: Pick<Database, "insert">, now: Date): Promise<void> {
  await scheduleRecurring(db, STATISTICS_JOB, new Date(now.getTime() + STATISTICS_FIRST_DELAY_MS));
}

/** The job: gathers, then hands the unique key on and books the next run. */
export async function runStatisticsJob(deps: { db: Database; log: Pick<Logger, "info"> }): Promise<void> {
  await gatherStatistics(deps);
  await bookNextRun(deps.db, STATISTICS_JOB, STATISTICS_EVERY_MS);
}
