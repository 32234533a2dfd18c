import { and, asc, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { packageSearchQuery, packageSearchSchema } from "../../common/forms/package-search";
import { localizePath, pathsFor } from "../../common/paths";
import { dayInTurkey, REMINDER_SUGGESTIONS } from "../../common/reminders";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { users } from "../accounts/schema";
import { commitmentReminders } from "./schema";
import type { InfrastructureSource } from "../core/infrastructure-source";
import { bookNextRun, scheduleRecurring } from "../jobs/recurring";
import { queueMail, type OutgoingMail } from "../mail/mailer";
import { absoluteUrl, unsubscribeHeaders } from "../mail/opt-in-links";
import { commitmentReminderMail } from "../mail/templates/reminders";
import type { Logger } from "../platform/logger";
import { searchPackages } from "../packages";
import { findProvinceByCode } from "../reference/cities";
import { reminderPackage, reminderUnsubscribeLink } from "./reminder-links";

export const REMINDER_JOB = "packages.commitment-reminders";
/** How often due reminders are looked for (they are due by the day, in Turkey). */
export const REMINDER_EVERY_MS = 60 * 60_000;
/** Reminders read at once; a run goes on batch after batch, up to REMINDER_MAX_BATCHES. */
export const REMINDER_BATCH = 100;
const REMINDER_MAX_BATCHES = 20;

export interface ReminderJobDeps {
  db: Database;
  log: Logger;
  config: Pick<Config, "SITE_URL" | "SESSION_SECRET" | "USD_PER_TRY">;
  infrastructure: InfrastructureSource;
}

type Reminder = typeof commitmentReminders.$inferSelect;

/**
 * The mail of one reminder, in its language: the package and what it costs a month after the
 * commitment (from the package's stored terms), and up to three packages on sale in the
 * province, of the same kind and at least as fast, whose effective monthly cost over a new
 * commitment is below that price: the /paketler search (total-cost order) with the reminder's
 * narrowing, so the mail lists what the site lists.
 */
async function reminderMail(deps: ReminderJobDeps, r: Reminder, now: Date): Promise<OutgoingMail> {
  const locale = r.locale;
  const link = (path: string) => absoluteUrl(deps.config.SITE_URL, localizePath(locale, path));
  const pkg = r.packageId === null ? null : await reminderPackage(deps.db, r.packageId, now);
  const province = r.provinceCode === null ? undefined : findProvinceByCode(r.provinceCode);
  const speed = pkg?.serviceKind === "internet" && pkg.downloadMbps ? pkg.downloadMbps : null;
  const search = packageSearchSchema.parse({ kind: pkg?.serviceKind ?? "internet", city: province?.url, speed: speed ?? undefined, sort: "total" });
  const suggestions =
    pkg && province
      ? (
          await searchPackages(deps, search, {
            now,
            pageSize: REMINDER_SUGGESTIONS,
            facets: false,
            cheaperThanKurus: pkg.priceAfterCommitmentKurus,
            excludeIds: [pkg.id],
          })
        ).items
      : [];
  const unsubscribe = reminderUnsubscribeLink(deps.config, locale, r.id);
  const mail = commitmentReminderMail({
    locale,
    usdPerTry: deps.config.USD_PER_TRY,
    endsOn: r.endsOn,
    pkg: pkg ? { title: pkg.title, company: pkg.company.name, afterKurus: pkg.priceAfterCommitmentKurus, priceConfirmedOn: pkg.priceConfirmedOn, link: link(pkg.path) } : null,
    province: pkg && province ? province.name : null,
    speedMbps: speed,
    suggestions: suggestions.map((s) => ({
      title: s.title,
      company: s.company.name,
      effectiveMonthlyKurus: s.effectiveMonthlyKurus,
      totalCostKurus: s.totalCostKurus,
      horizonMonths: s.horizonMonths,
      link: link(s.path),
    })),
    allPackagesLink: absoluteUrl(deps.config.SITE_URL, pathsFor(locale).searchPackages() + packageSearchQuery(search)),
    unsubscribe,
  });
  return { to: r.email, ...mail, headers: unsubscribeHeaders(unsubscribe) };
}

/**
 * One run: every confirmed, unsent reminder whose day has come (in Turkey) gets its mail, queued
 * in the same transaction that marks it sent, so it goes out exactly once; the mail queue keeps
 * it until the SMTP server takes it. A reminder of an account being deleted or deactivated is
 * left alone.
 */
export async function sendDueReminders(deps: ReminderJobDeps, now = new Date()): Promise<{ sent: number }> {
  const today = dayInTurkey(now);
  let sent = 0;
  for (let batch = 0; batch < REMINDER_MAX_BATCHES; batch++) {
    const due = await deps.db
      .select({ r: commitmentReminders })
      .from(commitmentReminders)
      .leftJoin(users, eq(users.id, commitmentReminders.userId))
      .where(
        and(
          isNull(commitmentReminders.sentAt),
          isNotNull(commitmentReminders.confirmedAt),
          lte(commitmentReminders.remindOn, today),
          or(isNull(commitmentReminders.userId), and(isNull(users.deletionRequestedAt), isNull(users.removedAt), isNull(users.erasedAt))),
        ),
      )
      .orderBy(asc(commitmentReminders.remindOn), asc(commitmentReminders.id))
      .limit(REMINDER_BATCH);
    for (const { r } of due) {
      const mail = await reminderMail(deps, r, now);
      const marked = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(commitmentReminders)
          .set({ sentAt: now })
          .where(and(eq(commitmentReminders.id, r.id), isNull(commitmentReminders.sentAt)))
          .returning({ id: commitmentReminders.id });
        if (row) await queueMail(tx, mail);
        return row !== undefined;
      });
      if (marked) sent++;
    }
    if (due.length < REMINDER_BATCH) break;
  }
  return { sent };
}

export async function scheduleReminderRuns(db: Pick<Database, "insert">, runAt: Date): Promise<void> {
  await scheduleRecurring(db, REMINDER_JOB, runAt);
}

/** The recurring job: a run, then the next one booked. */
export async function runReminderJob(deps: ReminderJobDeps): Promise<void> {
  const result = await sendDueReminders(deps);
  if (result.sent) deps.log.info(result, "commitment reminders sent");
  await bookNextRun(deps.db, REMINDER_JOB, REMINDER_EVERY_MS);
}
