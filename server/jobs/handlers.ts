import { PASSWORD_RESET_JOB, runPasswordResetJob } from "../accounts/forgot-password";
import { nextPurgeRun, PURGE_JOB, runPurgeJob, schedulePurge } from "../accounts/purge-deleted";
import type { Database } from "../db/client";
import type { MailTransport, OutgoingMail } from "../mail/mailer";
import { MAIL_JOB } from "../mail/mailer";
import type { Config } from "../config";
import type { Logger } from "../platform/logger";
import type { InfrastructureSource } from "../infrastructure/source";
import { ALERT_EVERY_MS, ALERT_JOB, runAlertJob, scheduleAlertChecks } from "../infrastructure/alerts";
import { CLEANUP_EVERY_MS, CLEANUP_JOB, runCleanupJob, scheduleCleanup } from "./cleanup";
import { runLeadDelivery } from "../leads/deliver-lead";
import { LEAD_DELIVERY_JOB } from "../leads/submit-lead";
import { REMINDER_EVERY_MS, REMINDER_JOB, runReminderJob, scheduleReminderRuns } from "../reminders/send-reminders";
import type { JobHandler } from "./worker";

export interface JobDeps {
  db: Database;
  mail: MailTransport;
  log: Logger;
  config: Config;
  infrastructure: InfrastructureSource;
}

/** Every kind of background job and what runs it. */
export function buildJobHandlers(deps: JobDeps): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: (payload) => deps.mail.deliver(payload as OutgoingMail),
    // Erases accounts 30 days after their deletion request, then books the next nightly run.
    [PURGE_JOB]: () => runPurgeJob(deps),
    // Forgot-password: the lookup and the code happen here, so the request does the same work for any address.
    [PASSWORD_RESET_JOB]: (payload) => runPasswordResetJob(deps, payload),
    // Every 10 minutes: expired rate-limit counters and stale partial uploads go.
    [CLEANUP_JOB]: () => runCleanupJob(deps),
    // Every hour: watched flats re-checked; one mail when fiber or a free port arrives (issue 12).
    [ALERT_JOB]: () => runAlertJob(deps),
    // A subscription or call-me request to its company: by mail and by signed webhook (issue 11).
    [LEAD_DELIVERY_JOB]: (payload) => runLeadDelivery(deps, payload),
    // Every hour: the commitment reminders whose day has come, one mail each, once (issue 11).
    [REMINDER_JOB]: () => runReminderJob(deps),
  };
}

/** Puts the recurring jobs in the table (idempotent: a unique key per job). Runs at every start. */
export async function scheduleRecurringJobs(deps: JobDeps): Promise<void> {
  // A no-op when a purge is already waiting (or running): one chain of runs, whatever the
  // number of instances or restarts. The first run is the coming night's.
  await schedulePurge(deps.db, nextPurgeRun(new Date()));
  await scheduleCleanup(deps.db, new Date(Date.now() + CLEANUP_EVERY_MS));
  await scheduleAlertChecks(deps.db, new Date(Date.now() + ALERT_EVERY_MS));
  await scheduleReminderRuns(deps.db, new Date(Date.now() + REMINDER_EVERY_MS));
}
