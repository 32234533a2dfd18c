import { eq } from "drizzle-orm";
import type { AppContext } from "../core/app-context";
import type { Database } from "../db/client";
import { commitmentReminders } from "./schema";
import { hashLinkSecret, isLinkSecret, signedLinkId, signedLinkToken } from "../mail/opt-in-links";
import { AppError } from "../platform/app-error";
import { REMINDER_PURPOSE, reminderPackage } from "./reminder-links";

export type ReminderState = "pending" | "active" | "sent";

type Row = typeof commitmentReminders.$inferSelect;

export function reminderState(row: Pick<Row, "sentAt" | "confirmedAt">): ReminderState {
  if (row.sentAt) return "sent";
  return row.confirmedAt ? "active" : "pending";
}

/**
 * The reminder of a confirmation link or an unsubscribe link, with which one it was. An
 * unsubscribe link is ours by its signature even once its reminder is erased (`row` undefined):
 * it keeps answering "deleted", so a second click (or a mail client's retry) is no error.
 */
async function findByToken(db: Database, secret: string, token: string): Promise<{ row?: Row; id: number; unsubscribeOnly: boolean } | undefined> {
  const id = signedLinkId(secret, REMINDER_PURPOSE, token);
  if (id !== null) {
    const [row] = await db.select().from(commitmentReminders).where(eq(commitmentReminders.id, id)).limit(1);
    return { row, id, unsubscribeOnly: true };
  }
  if (!isLinkSecret(token)) return undefined;
  const [row] = await db.select().from(commitmentReminders).where(eq(commitmentReminders.tokenHash, hashLinkSecret(token))).limit(1);
  return row ? { row, id: row.id, unsubscribeOnly: false } : undefined;
}

export interface ReminderLinkView {
  /** "unsubscribed": an unsubscribe link whose reminder has been erased. */
  state: ReminderState | "unsubscribed";
  endsOn: string | null;
  remindOn: string | null;
  /** The package's page and title, while it is public. */
  pkg: { title: string; company: string; path: string } | null;
  /** An unsubscribe link cannot confirm (it is in every mail, the confirmation included). */
  unsubscribeOnly: boolean;
}

/** What the link page shows, or null for a link that is not one (or whose reminder is gone). */
export async function getReminderLink(app: Pick<AppContext, "db" | "config">, token: string, now = new Date()): Promise<ReminderLinkView | null> {
  const found = await findByToken(app.db, app.config.SESSION_SECRET, token);
  if (!found) return null;
  const { row } = found;
  if (!row) return { state: "unsubscribed", endsOn: null, remindOn: null, pkg: null, unsubscribeOnly: true };
  const pkg = row.packageId === null ? null : await reminderPackage(app.db, row.packageId, now);
  return {
    state: reminderState(row),
    endsOn: row.endsOn,
    remindOn: row.remindOn,
    pkg: pkg ? { title: pkg.title, company: pkg.company.name, path: pkg.path } : null,
    unsubscribeOnly: found.unsubscribeOnly,
  };
}

/**
 * Confirms (double opt-in) or unsubscribes; idempotent. Unsubscribing erases the reminder at
 * once (the privacy text says so). Answers the state and the reminder's unsubscribe token (the
 * link that still answers once the reminder is gone).
 */
export async function changeReminderLink(
  app: Pick<AppContext, "db" | "config">,
  opts: { token: string; action: "confirm" | "unsubscribe"; now?: Date },
): Promise<{ state: ReminderState | "unsubscribed"; unsubscribeToken: string }> {
  const found = await findByToken(app.db, app.config.SESSION_SECRET, opts.token);
  // An unsubscribe link cannot confirm (it is in every mail, the confirmation included).
  if (!found || (opts.action === "confirm" && (found.unsubscribeOnly || !found.row))) throw new AppError("E_NOT_FOUND", "packages.reminder.unknownLink");
  const unsubscribeToken = signedLinkToken(app.config.SESSION_SECRET, REMINDER_PURPOSE, found.id);
  const { row } = found;
  if (opts.action === "unsubscribe" || !row) {
    await app.db.delete(commitmentReminders).where(eq(commitmentReminders.id, found.id));
    return { state: "unsubscribed", unsubscribeToken };
  }
  if (!row.confirmedAt) await app.db.update(commitmentReminders).set({ confirmedAt: opts.now ?? new Date() }).where(eq(commitmentReminders.id, row.id));
  return { state: row.sentAt ? "sent" : "active", unsubscribeToken };
}
