import type { JobDeps } from "../core/app-context";
import type { Database } from "../db/client";
import { bookNextRun, scheduleRecurring } from "../jobs/recurring";
import { indexPending, rebuildSearch } from "./documents";

/** Builds what the triggers queued and a search has not built yet (an import's thousands). */
export const SEARCH_INDEX_JOB = "search.index-pending";
export const SEARCH_INDEX_EVERY_MS = 60_000;
/** Records one run builds at most (the next run goes on). */
const PER_RUN = 50_000;

/** Builds every document again once a day: popularity (reviews, views) moves without a write, and the word counts become exact. */
export const SEARCH_REFRESH_JOB = "search.refresh";
export const SEARCH_REFRESH_EVERY_MS = 24 * 3600_000;

export async function runIndexJob(deps: Pick<JobDeps, "db" | "log" | "modules">): Promise<void> {
  const built = await indexPending(deps, PER_RUN);
  if (built) deps.log.info({ built }, "search documents built");
  await bookNextRun(deps.db, SEARCH_INDEX_JOB, SEARCH_INDEX_EVERY_MS);
}

export async function runRefreshJob(deps: Pick<JobDeps, "db" | "log" | "modules">): Promise<void> {
  const started = Date.now();
  const result = await rebuildSearch(deps);
  deps.log.info({ ...result, ms: Date.now() - started }, "search rebuilt");
  await bookNextRun(deps.db, SEARCH_REFRESH_JOB, SEARCH_REFRESH_EVERY_MS);
}

/**
 * At every start: the queue's run booked a minute ahead (a search builds what waits before it
 * looks, so nothing waits for the job; a run due at once would also be one more job for every
 * start to find), the daily rebuild a day ahead.
 */
export async function scheduleSearchJobs(db: Database, now: Date): Promise<void> {
  await scheduleRecurring(db, SEARCH_INDEX_JOB, new Date(now.getTime() + SEARCH_INDEX_EVERY_MS));
  await scheduleRecurring(db, SEARCH_REFRESH_JOB, new Date(now.getTime() + SEARCH_REFRESH_EVERY_MS));
}
