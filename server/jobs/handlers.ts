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
  };
}

/** Puts the recurring jobs in the table (idempotent: a unique key per job). Runs at every start. */
export async function scheduleRecurringJobs(_deps: JobDeps): Promise<void> {}
