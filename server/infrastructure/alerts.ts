import { and, asc, eq, isNotNull, isNull, or, lt, sql } from "drizzle-orm";
import { alertSchema } from "../../common/forms/infrastructure";
import type { Locale } from "../../common/format";
import { TECHNOLOGIES, type FlatAnswer } from "../../common/infrastructure/types";
import { pathsFor } from "../../common/paths";
import { ALERT_CONFIRM_DAYS, ALERT_KEEP_AFTER_DAYS, ALERT_MAX_DAYS } from "../../common/infrastructure/alert-retention";
import type { AccountAnonymiser } from "../core/app-context";
import type { AppContext } from "../core/app-context";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { infraAlerts } from "./schema";
import { getT } from "../i18n";
import { bookNextRun, scheduleRecurring } from "../jobs/recurring";
import { queueMail } from "../mail/mailer";
import { absoluteUrl, hashLinkSecret, isLinkSecret, newLinkSecret, signedLinkId, signedLinkToken, unsubscribeHeaders } from "../mail/opt-in-links";
import type { Logger } from "../platform/logger";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";
import type { InfrastructureSource } from "../core/infrastructure-source";

/**
 * "Tell me when fiber reaches this flat" (or, where no technology has a free port either, "when
 * fiber or a free port does"): the person leaves an address with
 * consent; a confirmation mail (double opt-in) activates it; a recurring job re-checks watched
 * flats against the source, politely (a bounded batch per run, one source call per flat, the
 * http source's cache in front), and sends one mail, once, with a one-click unsubscribe.
 */

export const ALERT_LIMIT = { name: "infra-alert", points: 5, durationSeconds: 3600 };
export const ALERT_JOB = "infrastructure.alerts";
/** How often watched flats are checked, and how many at most per run. */
export const ALERT_EVERY_MS = 60 * 60_000;
export const ALERT_BATCH = 50;
/** A flat checked more recently than this is not asked again. */
export const ALERT_RECHECK_MS = 6 * 60 * 60_000;

export type AlertWaitsFor = (typeof infraAlerts.$inferSelect)["waitsFor"];

const hasFiber = (answer: Pick<FlatAnswer, "technologies">) => answer.technologies.some((t) => t.available && t.technology === "FIBER");
const hasFreePort = (answer: Pick<FlatAnswer, "technologies">) => answer.technologies.some((t) => t.available && t.freePort === true);

/**
 * What an alert asked for at this flat would wait for: null where fiber is there (nothing to wait
 * for), "fiber" where fiber is missing but copper has a free port (a line can be had today, the
 * faster one cannot), "fiberOrPort" where no technology has a free port.
 */
export function alertWaitsFor(answer: Pick<FlatAnswer, "technologies">): AlertWaitsFor | null {
  if (hasFiber(answer)) return null;
  return hasFreePort(answer) ? "fiber" : "fiberOrPort";
}

/** Whether the flat now has what an alert waits for. */
export function alertReached(answer: Pick<FlatAnswer, "technologies">, waitsFor: AlertWaitsFor): boolean {
  return hasFiber(answer) || (waitsFor === "fiberOrPort" && hasFreePort(answer));
}

const PURPOSE = "infra-alert";

/**
 * The unsubscribe token of an alert: its id and an HMAC of it under SESSION_SECRET, so any mail
 * can carry a one-click unsubscribe link without the confirmation secret being kept in clear.
 */
export function unsubscribeToken(secret: string, id: number): string {
  return signedLinkToken(secret, PURPOSE, id);
}

/** The link of an alert (confirm and unsubscribe are its page's two buttons; the mail header unsubscribes in one click). */
export function alertLink(siteUrl: string, locale: Locale, token: string): string {
  return absoluteUrl(siteUrl, pathsFor(locale).altyapiUyari(token));
}

export async function requestAlert(
  app: Pick<AppContext, "db" | "limits" | "infrastructure" | "config">,
  opts: { input: unknown; locale: Locale; ip: string },
): Promise<void> {
  const { bbk, email } = parseInput(alertSchema, opts.input);
  await consumeLimit(app.limits, ALERT_LIMIT, opts.ip);
  const answer = await app.infrastructure.query(bbk);
  if (!answer) throw new AppError("E_NOT_FOUND", "infrastructure.errors.flatNotFound");
  const waitsFor = alertWaitsFor(answer);
  if (waitsFor === null) throw new AppError("E_CONFLICT", "infrastructure.alert.alreadyReached");
  const token = newLinkSecret();
  const address = answer.address.map((p) => p.value).join(", ");
  const t = getT(opts.locale);
  // The consent as the person read it on the form, and when (KVKK).
  const consentText = t("infrastructure.alert.consent");
  const now = new Date();
  await app.db.transaction(async (tx) => {
    // Asking again renews the link and starts over (a new confirmation), whatever came before.
    const [row] = await tx
      .insert(infraAlerts)
      .values({ bbk, email, locale: opts.locale, tokenHash: hashLinkSecret(token), consentText, consentAt: now, waitsFor })
      .onConflictDoUpdate({
        target: [infraAlerts.bbk, infraAlerts.email],
        set: { tokenHash: hashLinkSecret(token), locale: opts.locale, consentText, consentAt: now, waitsFor, createdAt: now, confirmedAt: null, notifiedAt: null, unsubscribedAt: null, lastCheckedAt: null },
      })
      .returning({ id: infraAlerts.id });
    const unsubscribe = alertLink(app.config.SITE_URL, opts.locale, unsubscribeToken(app.config.SESSION_SECRET, row.id));
    await queueMail(tx, {
      to: email,
      subject: t("infrastructure.alert.confirmSubject"),
      text: t("infrastructure.alert.confirmBody", { address, link: alertLink(app.config.SITE_URL, opts.locale, token), unsubscribe }),
      headers: unsubscribeHeaders(unsubscribe),
    });
  });
}

/** The alert of a confirmation token or an unsubscribe token, with which one it was. */
async function findByToken(db: Database, secret: string, token: string) {
  const id = signedLinkId(secret, PURPOSE, token);
  if (id !== null) {
    const row = (await db.select().from(infraAlerts).where(eq(infraAlerts.id, id)).limit(1))[0];
    return row ? { row, unsubscribeOnly: true } : undefined;
  }
  if (!isLinkSecret(token)) return undefined;
  const row = (await db.select().from(infraAlerts).where(eq(infraAlerts.tokenHash, hashLinkSecret(token))).limit(1))[0];
  return row ? { row, unsubscribeOnly: false } : undefined;
}

export type AlertState = "pending" | "active" | "sent" | "unsubscribed";

function stateOf(row: typeof infraAlerts.$inferSelect): AlertState {
  if (row.unsubscribedAt) return "unsubscribed";
  if (row.notifiedAt) return "sent";
  return row.confirmedAt ? "active" : "pending";
}

/** The alert of a link, or null for a link that is not one. */
export async function getAlert(
  app: Pick<AppContext, "db" | "config">,
  token: string,
): Promise<{ state: AlertState; bbk: number; waitsFor: AlertWaitsFor; unsubscribeOnly: boolean } | null> {
  const found = await findByToken(app.db, app.config.SESSION_SECRET, token);
  return found ? { state: stateOf(found.row), bbk: found.row.bbk, waitsFor: found.row.waitsFor, unsubscribeOnly: found.unsubscribeOnly } : null;
}

/** Confirms (double opt-in) or unsubscribes; idempotent. */
export async function changeAlert(app: Pick<AppContext, "db" | "config">, opts: { token: string; action: "confirm" | "unsubscribe" }): Promise<AlertState> {
  const found = await findByToken(app.db, app.config.SESSION_SECRET, opts.token);
  if (!found) throw new AppError("E_NOT_FOUND", "infrastructure.alert.unknownLink");
  const { row } = found;
  // An unsubscribe link cannot confirm (it is in every mail, including the confirmation itself).
  if (opts.action === "confirm" && found.unsubscribeOnly) throw new AppError("E_NOT_FOUND", "infrastructure.alert.unknownLink");
  if (opts.action === "unsubscribe") {
    if (!row.unsubscribedAt) await app.db.update(infraAlerts).set({ unsubscribedAt: new Date() }).where(eq(infraAlerts.id, row.id));
    return "unsubscribed";
  }
  if (row.unsubscribedAt) return "unsubscribed";
  if (!row.confirmedAt) await app.db.update(infraAlerts).set({ confirmedAt: new Date() }).where(eq(infraAlerts.id, row.id));
  return row.notifiedAt ? "sent" : "active";
}

export interface AlertJobDeps {
  db: Database;
  log: Logger;
  config: Pick<Config, "SITE_URL" | "SESSION_SECRET">;
  infrastructure: InfrastructureSource;
}

/**
 * One run: the confirmed, unsent alerts checked longest ago (at most ALERT_BATCH), one source
 * call per flat; where the flat now has what the alert waits for, the mail goes out (queued in the
 * same transaction that marks the alert sent, so it is sent exactly once).
 */
export async function checkAlerts(deps: AlertJobDeps, now = new Date()): Promise<{ checked: number; sent: number }> {
  const due = await deps.db
    .select()
    .from(infraAlerts)
    .where(
      and(
        isNotNull(infraAlerts.confirmedAt),
        isNull(infraAlerts.notifiedAt),
        isNull(infraAlerts.unsubscribedAt),
        or(isNull(infraAlerts.lastCheckedAt), lt(infraAlerts.lastCheckedAt, new Date(now.getTime() - ALERT_RECHECK_MS))),
      ),
    )
    .orderBy(sql`${infraAlerts.lastCheckedAt} asc nulls first`, asc(infraAlerts.id))
    .limit(ALERT_BATCH);
  const answers = new Map<number, FlatAnswer | null>();
  let sent = 0;
  for (const alert of due) {
    if (!answers.has(alert.bbk)) {
      try {
        answers.set(alert.bbk, await deps.infrastructure.query(alert.bbk));
      } catch (err) {
        // The source is down: these stay due and are tried at the next run.
        deps.log.warn({ err, bbk: alert.bbk }, "alert check: source unavailable");
        break;
      }
    }
    const answer = answers.get(alert.bbk);
    const reached = answer ? alertReached(answer, alert.waitsFor) : false;
    await deps.db.transaction(async (tx) => {
      const marked = await tx
        .update(infraAlerts)
        .set(reached ? { lastCheckedAt: now, notifiedAt: now } : { lastCheckedAt: now })
        .where(and(eq(infraAlerts.id, alert.id), isNull(infraAlerts.notifiedAt)))
        .returning({ id: infraAlerts.id });
      if (!reached || !answer || !marked.length) return;
      const t = getT(alert.locale);
      // What arrived: fiber, and for an alert that waited for a port too, the technologies with one.
      const arrived = (x: FlatAnswer["technologies"][number]) => x.available && (x.technology === "FIBER" || (alert.waitsFor === "fiberOrPort" && x.freePort === true));
      const technologies = TECHNOLOGIES.filter((tech) => answer.technologies.some((x) => x.technology === tech && arrived(x)))
        .map((tech) => t(`infrastructure.answer.technologies.${tech}`))
        .join(", ");
      const unsubscribe = alertLink(deps.config.SITE_URL, alert.locale, unsubscribeToken(deps.config.SESSION_SECRET, alert.id));
      await queueMail(tx, {
        to: alert.email,
        subject: t("infrastructure.alert.reachedSubject"),
        text: t("infrastructure.alert.reachedBody", {
          address: answer.address.map((p) => p.value).join(", "),
          technologies,
          link: absoluteUrl(deps.config.SITE_URL, pathsFor(alert.locale).altyapiSonuc(String(alert.bbk))),
          unsubscribe,
        }),
        headers: unsubscribeHeaders(unsubscribe),
      });
      sent++;
    });
  }
  return { checked: due.length, sent };
}

export async function scheduleAlertChecks(db: Pick<Database, "insert">, runAt: Date): Promise<void> {
  await scheduleRecurring(db, ALERT_JOB, runAt);
}

/** The recurring job: a run, then the unique key handed on and the next run booked (as the clean-up does). */
export async function runAlertJob(deps: AlertJobDeps): Promise<void> {
  const result = await checkAlerts(deps);
  if (result.checked) deps.log.info(result, "infrastructure alerts checked");
  await bookNextRun(deps.db, ALERT_JOB, ALERT_EVERY_MS);
}

/**
 * The clean-up's part (the privacy text's promise): an alert whose confirmation link was never
 * opened goes after ALERT_CONFIRM_DAYS, one whose mail has gone out or that was turned off
 * ALERT_KEEP_AFTER_DAYS after that, and one still waiting ALERT_MAX_DAYS after it was asked for.
 */
export async function eraseExpiredAlerts(db: Database, now: Date): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .delete(infraAlerts)
    .where(
      or(
        and(isNull(infraAlerts.confirmedAt), lt(infraAlerts.createdAt, daysAgo(ALERT_CONFIRM_DAYS))),
        lt(infraAlerts.notifiedAt, daysAgo(ALERT_KEEP_AFTER_DAYS)),
        lt(infraAlerts.unsubscribedAt, daysAgo(ALERT_KEEP_AFTER_DAYS)),
        lt(infraAlerts.createdAt, daysAgo(ALERT_MAX_DAYS)),
      ),
    )
    .returning({ id: infraAlerts.id });
  return rows.length;
}

/** When an account is erased, the alerts left with its address go too. */
export const alertRecords: AccountAnonymiser = {
  name: "infrastructure-alerts",
  async run({ tx, formerEmail }) {
    await tx.delete(infraAlerts).where(eq(infraAlerts.email, formerEmail));
  },
};

