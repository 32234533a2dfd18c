import type { JobDeps } from "../core/app-context";
import type { MailTransport, OutgoingMail } from "../mail/mailer";
import { MAIL_JOB } from "../mail/mailer";
import { CLEANUP_EVERY_MS, CLEANUP_JOB, runCleanupJob, scheduleCleanup } from "./cleanup";
import { runStatisticsJob, scheduleStatistics, STATISTICS_JOB } from "./statistics";
import type { JobHandler } from "./worker";

/**
 * Every kind of background job and what runs it: the platform's own (mail, clean-up, statistics) and each
 * area module's. Two handlers for one kind is a programming error, found at start.
 */
export function buildJobHandlers(deps: JobDeps & { mail: MailTransport }): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {
    [MAIL_JOB]: (payload) => deps.mail.deliver(payload as OutgoingMail),
    // Every 10 minutes: expired rate-limit counters, stale partial uploads and what the areas keep no longer.
    [CLEANUP_JOB]: () => runCleanupJob(deps),
    // Once a day: the planner's statistics (PGlite has no autovacuum to gather them).
    [STATISTICS_JOB]: () => runStatisticsJob(deps),
  };
  for (const module of deps.modules) {
    for (const [kind, run] of Object.entries(module.jobs ?? {})) {
      if (handlers[kind]) throw new Error(`job kind ${kind} has two handlers (${module.name})`);
      handlers[kind] = (payload) => run(deps, payload);
    }
  }
  return handlers;
}

/** Puts the recurring jobs in the table (idempotent: a unique key per job). Runs at every start. */
export async function scheduleRecurringJobs(deps: Pick<JobDeps, "db" | "modules">, now = new Date()): Promise<void> {
  await scheduleCleanup(deps.db, new Date(now.getTime() + CLEANUP_EVERY_MS));
  await scheduleStatistics(deps.db, now);
  for (const module of deps.modules) for (const schedule of module.recurring ?? []) await schedule(deps.db, now);
}
