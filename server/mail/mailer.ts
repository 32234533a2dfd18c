import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { mailOutbox } from "./schema";
import { ChannelDown, enqueueJob } from "../jobs/queue";
import type { Logger } from "../platform/logger";
import { retryWhileDatabaseAway } from "../db/limits";

/** How long the record of a sent mail waits for a database that is away. */
const SENT_RECORD_RETRY_MS = 60_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export const MAIL_JOB = "mail.send";
/** Every mail goes through the one SMTP server: one channel (decision 039). */
export const MAIL_CHANNEL = "smtp";

/** nodemailer's codes for a server that cannot be reached or talked to, and will not take any mail now. */
const SERVER_DOWN_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "EAUTH", "ECONNREFUSED", "ECONNRESET", "EPROTOCOL"]);

/** The SMTP server, not this mail, failed: unreachable, or "service not available" (421). */
export function smtpServerDown(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  return Boolean(e && ((typeof e.code === "string" && SERVER_DOWN_CODES.has(e.code)) || e.responseCode === 421));
}

/** The web links in a mail's text, in order, each once. */
export function mailLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/**
 * Queues a mail in the durable job table: it goes out when the SMTP server answers, however
 * long that takes. Pass a transaction as `db` so the mail commits with what caused it.
 */
export async function queueMail(db: Pick<Database, "insert">, mail: OutgoingMail): Promise<void> {
  await enqueueJob(db, { kind: MAIL_JOB, payload: mail, maxAttempts: 12, channel: MAIL_CHANNEL });
}

export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Delivers through SMTP when SMTP_URL is set; otherwise keeps the mail in the local outbox table
 * and logs it, so nothing is lost on a machine with no mail server. A failed SMTP delivery
 * throws, and the job is retried with backoff.
 */
export function createMailTransport(opts: {
  db: Database;
  log: Logger;
  smtpUrl?: string;
  from: string;
}): MailTransport {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async deliver(mail) {
      let messageId: string | null = null;
      if (smtp) {
        try {
          const info = await smtp.sendMail({ from: opts.from, ...mail });
          messageId = info.messageId ?? null;
        } catch (err) {
          // The server away is not this mail's failure: every mail waits for it, in order.
          if (smtpServerDown(err)) throw new ChannelDown(`the SMTP server is unavailable: ${(err as Error).message}`, { cause: err });
          throw err;
        }
      } else {
        // What a developer needs to follow the mail: its links (`npm run mail:outbox` prints it whole).
        opts.log.info({ to: mail.to, subject: mail.subject, links: mailLinks(mail.text) }, "mail kept in outbox (no SMTP_URL)");
      }
      const record = () =>
        opts.db.insert(mailOutbox).values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          transport: smtp ? "smtp" : "outbox",
          messageId,
        });
      if (!smtp) {
        // The outbox is where this mail lives: a failed write is a failed delivery, tried again.
        await record();
        return;
      }
      // Sent: a record that cannot be written must not make the job send it again. It is written
      // once the database is back (up to a minute); failing that, the mail is logged instead.
      await retryWhileDatabaseAway(record, { forMs: SENT_RECORD_RETRY_MS }).catch((err: unknown) =>
        opts.log.warn({ err, to: mail.to, subject: mail.subject, messageId }, "mail sent but not recorded in mail_outbox"),
      );
    },
    close() {
      smtp?.close();
    },
  };
}
