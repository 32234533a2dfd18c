import path from "node:path";
import { and, isNotNull, lt } from "drizzle-orm";
import type { Config } from "../config";
import { sweepStaleUploads } from "../contact/receive-upload";
import type { Database } from "../db/client";
import { leads, rateLimits } from "../db/schema";
import type { Logger } from "../platform/logger";
import { eraseExpiredReminders } from "../reminders/erase-reminders";
import { eraseExpiredAlerts } from "../infrastructure/alerts";
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

/**
 * Subscription and call-me requests (personal data: name, phone, consent) are erased this long
 * after they were made, as the privacy text says; their delivery records go with them.
 */
export const LEAD_RETENTION_DAYS = 365;

export interface CleanupDeps {
  db: Database;
  log: Logger;
  config: Pick<Config, "uploadsDir">;
}

/**
 * Removes expired rate-limit counters and partial uploads left by a killed process (issue 7,
 * item 25), the requests older than LEAD_RETENTION_DAYS, and the commitment reminders (issue 11)
 * and infrastructure alerts (issue 12) past their keeping.
 */
export async function cleanUp(
  deps: CleanupDeps,
  now = new Date(),
): Promise<{ rateLimits: number; uploads: number; leads: number; reminders: number; alerts: number; countMarks: number }> {
  const expired = await deps.db
    .delete(rateLimits)
    .where(and(isNotNull(rateLimits.expire), lt(rateLimits.expire, now)))
    .returning({ key: rateLimits.key });
  const uploads = await sweepStaleUploads(path.join(deps.config.uploadsDir, "tmp"), STALE_UPLOAD_MS, now.getTime());
  const retainedSince = new Date(now.getTime() - LEAD_RETENTION_DAYS * 86_400_000);
  const erased = await deps.db.delete(leads).where(lt(leads.createdAt, retainedSince)).returning({ id: leads.id });
  const reminders = await eraseExpiredReminders(deps.db, now);
  const alerts = await eraseExpiredAlerts(deps.db, now);
  const countMarks = await eraseOldCountMarks(deps.db, now);
  if (expired.length || uploads || erased.length || reminders || alerts || countMarks) {
    deps.log.info({ rateLimits: expired.length, uploads, leads: erased.length, reminders, alerts, countMarks }, "clean-up removed leftovers");
  }
  return { rateLimits: expired.length, uploads, leads: erased.length, reminders, alerts, countMarks };
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
