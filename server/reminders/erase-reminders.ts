import { and, eq, isNull, lt, or } from "drizzle-orm";
import { dayInTurkey, REMINDER_CONFIRM_DAYS, REMINDER_KEEP_AFTER_END_DAYS, REMINDER_KEEP_AFTER_SENT_DAYS } from "../../common/reminders";
import type { AccountAnonymiser } from "../core/app-context";
import type { Database } from "../db/client";
import { commitmentReminders } from "./schema";

const DAY_MS = 86_400_000;

/**
 * The clean-up's part (the privacy text's promise): a reminder is erased REMINDER_KEEP_AFTER_SENT_DAYS
 * after its mail, a guest's never-confirmed one after REMINDER_CONFIRM_DAYS, and any reminder
 * REMINDER_KEEP_AFTER_END_DAYS after its end date, whatever happened. (Unsubscribing or deleting
 * erases at once: server/reminders/reminder-link.ts, own-reminders.ts.)
 */
export async function eraseExpiredReminders(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(commitmentReminders)
    .where(
      or(
        lt(commitmentReminders.sentAt, new Date(now.getTime() - REMINDER_KEEP_AFTER_SENT_DAYS * DAY_MS)),
        and(isNull(commitmentReminders.confirmedAt), lt(commitmentReminders.createdAt, new Date(now.getTime() - REMINDER_CONFIRM_DAYS * DAY_MS))),
        lt(commitmentReminders.endsOn, dayInTurkey(new Date(now.getTime() - REMINDER_KEEP_AFTER_END_DAYS * DAY_MS))),
      ),
    )
    .returning({ id: commitmentReminders.id });
  return rows.length;
}

/** When an account is erased, its reminders go (and any left with its address). */
export const reminderRecords: AccountAnonymiser = {
  name: "commitment-reminders",
  async run({ tx, userId, formerEmail }) {
    await tx.delete(commitmentReminders).where(or(eq(commitmentReminders.userId, userId), eq(commitmentReminders.email, formerEmail)));
  },
};
