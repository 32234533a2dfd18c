import path from "node:path";
import { and, isNotNull, lt } from "drizzle-orm";
import type { Config } from "../config";
import type { AreaModule } from "../core/app-context";
import { sweepStaleUploads } from "../platform/receive-upload";
import type { Database } from "../db/client";
import { rateLimits } from "../security/schema";
import type { Logger } from "../platform/logger";
import { eraseOldCountMarks } from "../platform/count-once";
import { bookNextRun, scheduleRecurring } from "./recurring";

export const CLEANUP_JOB = "maintenance.cleanup";
/** How often the clean-up runs. */
export const CLEANUP_EVERY_MS = 10 * 60_000;
/**
 * A temporary upload file older than this belongs to no live upload: the largest upload (50 MB)
 * is read in well under this even on a slow line, and a finished one is moved or removed at once.
 */
export const STALE_UPLOAD_MS = 30 * 60_000;

export interface CleanupDeps {
  db: Database;
  log: Logger;
  config: Pick<Config, "uploadsDir">;
  modules: readonly Pick<AreaModule, "name" | "cleanups">[];
}

/**
 * Removes expired rate-limit counters, partial uploads left by a killed process and old
 * count-once marks, then runs every area's clean-ups (requests, reminders and alerts past their
 * keeping …). Answers how many rows or files each step removed, by name.
 */
export async function cleanUp(deps: CleanupDeps, now = new Date()): Promise<Record<string, number>> {
  const expired = await deps.db
    .delete(rateLimits)
    .where(and(isNotNull(rateLimits.expire), lt(rateLimits.expire, now)))
    .returning({ key: rateLimits.key });
  const removed: Record<string, number> = {
    rateLimits: expired.length,
    uploads: await sweepStaleUploads(path.join(deps.config.uploadsDir, "tmp"), STALE_UPLOAD_MS, now.getTime()),
    countMarks: await eraseOldCountMarks(deps.db, now),
  };
  for (const module of deps.modules) {
    for (const [name, erase] of Object.entries(module.cleanups ?? {})) removed[name] = await erase(deps.db, now);
  }
  if (Object.values(removed).some(Boolean)) deps.log.info(removed, "clean-up removed leftovers");
  return removed;
}

/** Puts the next clean-up in the job table unless one is already waiting (one chain for all instances). */
export async function scheduleCleanup(db: Pick<Database, "insert">, runAt: Date): Promise<void> {
  await scheduleRecurring(db, CLEANUP_JOB, runAt);
}

/** The job: cleans up, then hands the unique key on and books the next run. */
export async function runCleanupJob(deps: CleanupDeps): Promise<void> {
  await cleanUp(deps);
  await bookNextRun(deps.db, CLEANUP_JOB, CLEANUP_EVERY_MS);
}
