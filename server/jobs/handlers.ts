import { nextPurgeRun, PURGE_JOB, runPurgeJob, schedulePurge } from "../accounts/purge-deleted";
import type { Database } from "../db/client";
import type { MailTransport, OutgoingMail } from "../mail/mailer";
import { MAIL_JOB } from "../mail/mailer";
import type { Config } from "../config";
import type { Logger } from "../platform/logger";
import type { JobHandler } from "./worker";

export interface JobDeps {
  db: Database;
  mail: MailTransport;
  log: Logger;
  config: Config;
}

/** Every kind of background job and what runs it. */
export function buildJobHandlers(deps: JobDeps): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: (payload) => deps.mail.deliver(payload as OutgoingMail),
    // Erases accounts 30 days after their deletion request, then books the next nightly run.
    [PURGE_JOB]: () => runPurgeJob(deps),
  };
}

/** Puts the recurring jobs in the table (idempotent: a unique key per job). Runs at every start. */
export async function scheduleRecurringJobs(deps: JobDeps): Promise<void> {
  // A no-op when a purge is already waiting (or running): one chain of runs, whatever the
  // number of instances or restarts. The first run is the coming night's.
  await schedulePurge(deps.db, nextPurgeRun(new Date()));
}
