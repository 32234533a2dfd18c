import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Locale } from "../../common/format";
import { guestReminderSchema, reminderSchema } from "../../common/forms/reminders";
import { dayInTurkey, remindOnFor, REMINDER_KEEP_AFTER_SENT_DAYS } from "../../common/reminders";
import type { SessionUser } from "../core/app-context";
import type { AppContext } from "../core/app-context";
import { commitmentReminders } from "./schema";
import { getT } from "../i18n";
import { queueMail } from "../mail/mailer";
import { hashLinkSecret, newLinkSecret, unsubscribeHeaders } from "../mail/opt-in-links";
import { reminderConfirmMail } from "../mail/templates/reminders";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";
import { reminderLink, reminderPackage, reminderUnsubscribeLink } from "./reminder-links";

/** Per IP: 10 reminders an hour; per address: 5 a day (each may send a confirmation mail). */
export const REMINDER_IP_LIMIT = { name: "reminder-ip", points: 10, durationSeconds: 3600 };
export const REMINDER_EMAIL_LIMIT = { name: "reminder-email", points: 5, durationSeconds: 86_400 };

/**
 * What the person is told. A guest (or an account whose address is not verified) always hears
 * "a confirmation link is on its way", whether or not this address already has the reminder, so
 * the answer tells a stranger nothing about someone else's address. A verified account's
 * reminder is on at once: its address, the day of the mail, and whether it is new.
 */
export type RequestedReminder = { state: "pending" } | { state: "active"; created: boolean; email: string; remindOn: string };

/**
 * "Remind me a month before my commitment ends", for a package with a commitment (on sale, or in
 * the tariff archive): the end date (not past, at most 24 months away), the province for the
 * cheaper packages, and a guest's address with consent (text and time stored). A guest's reminder
 * is active only once its confirmation link is opened (double opt-in: the mail is queued in the
 * same transaction as the row). A repeat of the same reminder (address, package, end date) is not
 * stored twice: an unconfirmed one gets a fresh confirmation link. Rate limited per IP and per
 * address.
 */
export async function requestReminder(
  app: Pick<AppContext, "db" | "limits" | "config">,
  opts: { user: SessionUser | null; packageId: number; input: unknown; locale: Locale; ip: string; now?: Date },
): Promise<RequestedReminder> {
  const now = opts.now ?? new Date();
  const today = dayInTurkey(now);
  const { user } = opts;
  // A signed-in person's reminder goes to their account's address, whatever the body says.
  const input = user ? { ...parseInput(reminderSchema(today), opts.input), email: user.email.toLowerCase() } : parseInput(guestReminderSchema(today), opts.input);
  const pkg = await reminderPackage(app.db, opts.packageId, now);
  if (!pkg) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  if (pkg.commitmentMonths === 0) throw new AppError("E_CONFLICT", "packages.reminder.noCommitment");

  const { email } = input;
  // A verified account's address is proven; anyone else confirms by mail first.
  const confirmed = user?.emailVerified === true;
  const remindOn = remindOnFor(input.endsOn, today);
  const same = and(eq(commitmentReminders.email, email), eq(commitmentReminders.packageId, pkg.id), eq(commitmentReminders.endsOn, input.endsOn), isNull(commitmentReminders.sentAt));
  const [existing] = await app.db.select().from(commitmentReminders).where(same).limit(1);
  if (existing && confirmed) {
    // The account's own address: the reminder (even one a guest left with it) is its owner's and on.
    await app.db
      .update(commitmentReminders)
      .set({ userId: user.id, confirmedAt: existing.confirmedAt ?? now })
      .where(eq(commitmentReminders.id, existing.id));
    return { state: "active", created: false, email, remindOn: existing.remindOn };
  }
  if (existing?.confirmedAt) return { state: "pending" };

  await consumeLimit(app.limits, REMINDER_IP_LIMIT, opts.ip, "packages.reminder.rateLimited");
  const emailKey = createHash("sha256").update(`${app.config.SESSION_SECRET}:${email}`).digest("hex");
  await consumeLimit(app.limits, REMINDER_EMAIL_LIMIT, emailKey, "packages.reminder.rateLimited");

  const t = getT(opts.locale);
  const consentText = user ? t("packages.reminder.accountConsent", { days: REMINDER_KEEP_AFTER_SENT_DAYS }) : t("packages.reminder.consent", { days: REMINDER_KEEP_AFTER_SENT_DAYS });
  const token = confirmed ? null : newLinkSecret();
  const created = await app.db.transaction(async (tx) => {
    let id: number;
    if (existing) {
      // Asked again before confirming: a fresh link (the old one stops working), the same row.
      await tx.update(commitmentReminders).set({ tokenHash: hashLinkSecret(token!), locale: opts.locale, userId: user?.id ?? existing.userId }).where(eq(commitmentReminders.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(commitmentReminders)
        .values({
          userId: user?.id ?? null,
          email,
          packageId: pkg.id,
          provinceCode: input.provinceCode,
          endsOn: input.endsOn,
          remindOn,
          consentText,
          consentAt: now,
          locale: opts.locale,
          tokenHash: token ? hashLinkSecret(token) : null,
          confirmedAt: confirmed ? now : null,
          createdAt: now,
        })
        // The same reminder stored by a request running at the same moment: nothing twice.
        .onConflictDoNothing()
        .returning({ id: commitmentReminders.id });
      if (!row) return false;
      id = row.id;
    }
    if (token) {
      const unsubscribe = reminderUnsubscribeLink(app.config, opts.locale, id);
      const mail = reminderConfirmMail({
        locale: opts.locale,
        title: pkg.title,
        company: pkg.company.name,
        endsOn: input.endsOn,
        remindOn: existing?.remindOn ?? remindOn,
        link: reminderLink(app.config.SITE_URL, opts.locale, token),
        unsubscribe,
      });
      await queueMail(tx, { to: email, ...mail, headers: unsubscribeHeaders(unsubscribe) });
    }
    return !existing;
  });
  return confirmed ? { state: "active", created, email, remindOn } : { state: "pending" };
}
