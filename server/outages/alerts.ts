import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Locale } from "../../common/format";
import {
  OUTAGE_ALERT_CONFIRM_DAYS,
  OUTAGE_ALERT_KEEP_AFTER_OFF_DAYS,
} from "../../common/outages";
import { outageAlertSchema } from "../../common/forms/outages";
import { pathsFor } from "../../common/paths";
import { requireUser, type Actor } from "../accounts";
import type {
  AccountAnonymiser,
  AppContext,
  JobDeps,
} from "../core/app-context";
import { companies } from "../companies/schema";
import { profileSegment } from "../companies";
import { getT } from "../i18n";
import { enqueueJob } from "../jobs/queue";
import { queueMail } from "../mail/mailer";
import {
  absoluteUrl,
  hashLinkSecret,
  isLinkSecret,
  newLinkSecret,
  signedLinkId,
  signedLinkToken,
  unsubscribeHeaders,
} from "../mail/opt-in-links";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { findDistrictName, findProvinceByCode } from "../reference/cities";
import { consumeLimit } from "../security/rate-limit";
import type { Database } from "../db/client";
import { isOngoing } from "./overview";
import { findOutageProvider } from "./providers";
import { outageAlertMails, outageAlerts, outageIncidents } from "./schema";

/**
 * "Mail me when there is an outage here" (issue 23): a member names a provider's district; a
 * confirmation mail (double opt-in) activates the alert; when an incident of that provider
 * reaches the district (declared there, or spreading to it), one mail goes out per alert and
 * incident, with a one-click unsubscribe. The opt-in links are the site's (server/mail/opt-in-links.ts).
 */

/** Alerts one member may ask for in an hour (each sends a confirmation mail). */
export const OUTAGE_ALERT_LIMIT = {
  name: "outage-alert",
  points: 5,
  durationSeconds: 3600,
};
/** The job that mails an incident's alerts. */
export const OUTAGE_INCIDENT_JOB = "outages.incident-mails";
const PURPOSE = "outage-alert";

export type OutageAlertState = "pending" | "active" | "unsubscribed";

/** The link of an alert: its page confirms or unsubscribes; the mail header unsubscribes in one click. */
export function outageAlertLink(
  siteUrl: string,
  locale: Locale,
  token: string,
): string {
  return absoluteUrl(siteUrl, pathsFor(locale).outageAlert(token));
}

function unsubscribeLink(
  config: { SITE_URL: string; SESSION_SECRET: string },
  locale: Locale,
  id: number,
): string {
  return outageAlertLink(
    config.SITE_URL,
    locale,
    signedLinkToken(config.SESSION_SECRET, PURPOSE, id),
  );
}

/**
 * Asks for an alert (the outage page's second form, POST /api/v1/companies/{slug}/outage-alerts):
 * a signed-in member only. An active alert for the same place stays as it is ("active", no
 * mail); otherwise the alert is (re)made pending and a confirmation mail is queued with it.
 */
export async function requestOutageAlert(
  app: Pick<AppContext, "db" | "limits" | "config">,
  opts: { actor: Actor; slug: unknown; input: unknown; locale: Locale },
): Promise<{ state: OutageAlertState; city: number; district: string }> {
  const user = requireUser(opts.actor);
  const provider = await findOutageProvider(app, opts.slug);
  const input = parseInput(outageAlertSchema, opts.input);
  const district = findDistrictName(input.city, input.district);
  if (!district)
    throw new AppError("E_VALIDATION", "outages.errors.districtUnknown", {
      fieldErrors: { district: { key: "outages.errors.districtUnknown" } },
    });
  const place = {
    userId: user.id,
    companyId: provider.id,
    cityCode: input.city,
    district,
  };
  const [existing] = await app.db
    .select({
      confirmedAt: outageAlerts.confirmedAt,
      unsubscribedAt: outageAlerts.unsubscribedAt,
    })
    .from(outageAlerts)
    .where(
      and(
        eq(outageAlerts.userId, user.id),
        eq(outageAlerts.companyId, provider.id),
        eq(outageAlerts.cityCode, input.city),
        eq(outageAlerts.district, district),
      ),
    )
    .limit(1);
  if (existing?.confirmedAt && !existing.unsubscribedAt)
    return { state: "active", city: input.city, district };
  await consumeLimit(app.limits, OUTAGE_ALERT_LIMIT, `user:${user.id}`);
  const token = newLinkSecret();
  const t = getT(opts.locale);
  const now = new Date();
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outageAlerts)
      .values({
        ...place,
        email: user.email,
        locale: opts.locale,
        tokenHash: hashLinkSecret(token),
      })
      .onConflictDoUpdate({
        target: [
          outageAlerts.userId,
          outageAlerts.companyId,
          outageAlerts.cityCode,
          outageAlerts.district,
        ],
        set: {
          tokenHash: hashLinkSecret(token),
          email: user.email,
          locale: opts.locale,
          confirmedAt: null,
          unsubscribedAt: null,
          createdAt: now,
        },
      })
      .returning({ id: outageAlerts.id });
    const unsubscribe = unsubscribeLink(app.config, opts.locale, row!.id);
    await queueMail(tx, {
      to: user.email,
      subject: t("outages.alert.confirmSubject", { name: provider.name }),
      text: t("outages.alert.confirmBody", {
        name: provider.name,
        place: `${district}, ${findProvinceByCode(input.city)?.name ?? ""}`,
        link: outageAlertLink(app.config.SITE_URL, opts.locale, token),
        unsubscribe,
      }),
      headers: unsubscribeHeaders(unsubscribe),
    });
  });
  return { state: "pending", city: input.city, district };
}

/** The alert of a confirmation token or an unsubscribe token, with which one it was. */
async function findByToken(db: Database, secret: string, token: string) {
  const id = signedLinkId(secret, PURPOSE, token);
  if (id !== null) {
    const row = (
      await db
        .select()
        .from(outageAlerts)
        .where(eq(outageAlerts.id, id))
        .limit(1)
    )[0];
    return row ? { row, unsubscribeOnly: true } : undefined;
  }
  if (!isLinkSecret(token)) return undefined;
  const row = (
    await db
      .select()
      .from(outageAlerts)
      .where(eq(outageAlerts.tokenHash, hashLinkSecret(token)))
      .limit(1)
  )[0];
  return row ? { row, unsubscribeOnly: false } : undefined;
}

function stateOf(row: typeof outageAlerts.$inferSelect): OutageAlertState {
  if (row.unsubscribedAt) return "unsubscribed";
  return row.confirmedAt ? "active" : "pending";
}

export interface OutageAlertView {
  state: OutageAlertState;
  companyName: string;
  cityName: string;
  district: string;
  unsubscribeOnly: boolean;
}

/** The alert of a link (its page and POST /api/v1/outage-alerts/link), or null for a link that is not one. */
export async function getOutageAlert(
  app: Pick<AppContext, "db" | "config">,
  token: string,
): Promise<OutageAlertView | null> {
  const found = await findByToken(app.db, app.config.SESSION_SECRET, token);
  if (!found) return null;
  const [company] = await app.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, found.row.companyId))
    .limit(1);
  return {
    state: stateOf(found.row),
    companyName: company?.name ?? "",
    cityName: findProvinceByCode(found.row.cityCode)?.name ?? "",
    district: found.row.district,
    unsubscribeOnly: found.unsubscribeOnly,
  };
}

/** Confirms (double opt-in) or unsubscribes; idempotent. An unsubscribe link cannot confirm. */
export async function changeOutageAlert(
  app: Pick<AppContext, "db" | "config">,
  opts: { token: string; action: "confirm" | "unsubscribe" },
): Promise<OutageAlertState> {
  const found = await findByToken(
    app.db,
    app.config.SESSION_SECRET,
    opts.token,
  );
  if (!found || (opts.action === "confirm" && found.unsubscribeOnly))
    throw new AppError("E_NOT_FOUND", "outages.alert.unknownLink");
  const { row } = found;
  if (opts.action === "unsubscribe") {
    if (!row.unsubscribedAt)
      await app.db
        .update(outageAlerts)
        .set({ unsubscribedAt: new Date() })
        .where(eq(outageAlerts.id, row.id));
    return "unsubscribed";
  }
  if (row.unsubscribedAt) return "unsubscribed";
  if (!row.confirmedAt)
    await app.db.transaction(async (tx) => {
      const confirmed = await tx
        .update(outageAlerts)
        .set({ confirmedAt: new Date() })
        .where(
          and(eq(outageAlerts.id, row.id), isNull(outageAlerts.confirmedAt)),
        )
        .returning({ id: outageAlerts.id });
      if (!confirmed.length) return;
      // An incident already going on in the alert's district: its mail now, not at the
      // incident's next spread (the job mails each alert once per incident).
      const [open] = await tx
        .select({
          id: outageIncidents.id,
          lastSeenAt: outageIncidents.lastSeenAt,
          endedAt: outageIncidents.endedAt,
        })
        .from(outageIncidents)
        .where(
          and(
            eq(outageIncidents.companyId, row.companyId),
            eq(outageIncidents.cityCode, row.cityCode),
            isNull(outageIncidents.endedAt),
            sql`${row.district} = ANY (${outageIncidents.districts})`,
          ),
        )
        .limit(1);
      if (open && isOngoing(open, new Date()))
        await queueIncidentMails(tx, open.id);
    });
  return "active";
}

/** Books the mails of an incident that started or reached a new district (the job may run twice: it mails each alert once). */
export async function queueIncidentMails(
  db: Pick<Database, "insert">,
  incidentId: number,
): Promise<void> {
  await enqueueJob(db, { kind: OUTAGE_INCIDENT_JOB, payload: { incidentId } });
}

/**
 * The job: every confirmed alert of the incident's provider in a district the incident has
 * reached, not yet mailed for it, gets one mail (the mark and the mail are queued in one
 * transaction, so each alert gets exactly one per incident however often the job runs).
 */
export async function mailIncidentAlerts(
  deps: Pick<JobDeps, "db" | "config">,
  payload: unknown,
): Promise<number> {
  const incidentId = (payload as { incidentId?: unknown } | null)?.incidentId;
  if (typeof incidentId !== "number") return 0;
  const [incident] = await deps.db
    .select({
      id: outageIncidents.id,
      companyId: outageIncidents.companyId,
      cityCode: outageIncidents.cityCode,
      districts: outageIncidents.districts,
      startedAt: outageIncidents.startedAt,
      name: companies.name,
      slug: companies.slug,
      typeId: companies.typeId,
      subTypeId: companies.subTypeId,
    })
    .from(outageIncidents)
    .innerJoin(companies, eq(companies.id, outageIncidents.companyId))
    .where(eq(outageIncidents.id, incidentId))
    .limit(1);
  if (!incident || !incident.districts.length) return 0;
  const due = await deps.db
    .select()
    .from(outageAlerts)
    .where(
      and(
        eq(outageAlerts.companyId, incident.companyId),
        eq(outageAlerts.cityCode, incident.cityCode),
        isNotNull(outageAlerts.confirmedAt),
        isNull(outageAlerts.unsubscribedAt),
        sql`${outageAlerts.district} = ANY (array(SELECT jsonb_array_elements_text(${JSON.stringify(incident.districts)}::jsonb)))`,
      ),
    );
  const segment = profileSegment(incident);
  let sent = 0;
  for (const alert of due) {
    await deps.db.transaction(async (tx) => {
      const marked = await tx
        .insert(outageAlertMails)
        .values({ alertId: alert.id, incidentId: incident.id })
        .onConflictDoNothing()
        .returning({ alertId: outageAlertMails.alertId });
      if (!marked.length) return;
      const t = getT(alert.locale);
      const unsubscribe = unsubscribeLink(deps.config, alert.locale, alert.id);
      const pagePath = `${alert.locale === "en" ? "/en" : ""}/${segment}/${incident.slug}/kesinti`;
      await queueMail(tx, {
        to: alert.email,
        subject: t("outages.alert.incidentSubject", {
          name: incident.name,
          district: alert.district,
        }),
        text: t("outages.alert.incidentBody", {
          name: incident.name,
          place: `${alert.district}, ${findProvinceByCode(alert.cityCode)?.name ?? ""}`,
          link: absoluteUrl(deps.config.SITE_URL, pagePath),
          unsubscribe,
        }),
        headers: unsubscribeHeaders(unsubscribe),
      });
      sent++;
    });
  }
  return sent;
}

/** The clean-up's part (the privacy text's promise): never-confirmed alerts, and alerts turned off a while ago. */
export async function eraseExpiredOutageAlerts(
  db: Database,
  now: Date,
): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .delete(outageAlerts)
    .where(
      or(
        and(
          isNull(outageAlerts.confirmedAt),
          lt(outageAlerts.createdAt, daysAgo(OUTAGE_ALERT_CONFIRM_DAYS)),
        ),
        lt(
          outageAlerts.unsubscribedAt,
          daysAgo(OUTAGE_ALERT_KEEP_AFTER_OFF_DAYS),
        ),
      ),
    )
    .returning({ id: outageAlerts.id });
  return rows.length;
}

/** When an account is erased, its outage alerts go (they hold its address). */
export const outageAlertRecords: AccountAnonymiser = {
  name: "outage-alerts",
  async run({ tx, userId }) {
    await tx.delete(outageAlerts).where(eq(outageAlerts.userId, userId));
  },
};
