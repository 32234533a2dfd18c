import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";

/**
 * "It is down here": one report of a problem with a provider, now, in a district. Nothing about
 * the person: `address_key` is a keyed hash of the address, the provider and the day in Turkey
 * (one report per address, provider and day; it links nothing across days or providers), and
 * `network_key` a keyed hash of the address's network (an IPv4 /24, an IPv6 /48), counted
 * distinct towards an incident. Kept OUTAGE_KEEP_DAYS (the usual level looks 28 days back).
 */
export const outageReports = pgTable(
  "outage_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    cityCode: smallint("city_code").notNull(),
    /** As the reference data writes it ("Çankaya"), within city_code. */
    district: text("district").notNull(),
    problem: text("problem").notNull(),
    day: date("day").notNull(),
    addressKey: text("address_key").notNull(),
    networkKey: text("network_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outage_reports_once_idx").on(t.companyId, t.day, t.addressKey),
    // The chart and the city list (a provider's last 24 hours), the incident window and the usual level.
    index("outage_reports_company_time_idx").on(t.companyId, t.createdAt),
    index("outage_reports_company_city_time_idx").on(
      t.companyId,
      t.cityCode,
      t.createdAt,
    ),
    index("outage_reports_created_idx").on(t.createdAt),
    check(
      "outage_reports_problem_check",
      sql`${t.problem} IN ('noConnection', 'slow', 'drops', 'dns', 'tv')`,
    ),
    check("outage_reports_city_check", sql`${t.cityCode} BETWEEN 1 AND 81`),
  ],
);

/**
 * An incident: a provider's reports in one province went past its threshold (common/outages.ts).
 * `last_seen_at` is the last report that found the threshold reached; the incident is over once
 * OUTAGE_QUIET_MINUTES have passed since (readers compute it; the clean-up then writes `ended_at`).
 * At most one open incident per provider and province (a unique index: two reports at once
 * cannot declare two).
 */
export const outageIncidents = pgTable(
  "outage_incidents",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    cityCode: smallint("city_code").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The threshold when it was declared (distinct networks in the window). */
    threshold: integer("threshold").notNull(),
    peakNetworks: integer("peak_networks").notNull(),
    /** The districts its reports came from, in the order they appeared. */
    districts: text("districts")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex("outage_incidents_open_idx")
      .on(t.companyId, t.cityCode)
      .where(sql`${t.endedAt} IS NULL`),
    index("outage_incidents_company_idx").on(t.companyId, t.startedAt),
  ],
);

/**
 * "Mail me when there is an outage here": a member's alert for a provider and a district. A
 * confirmation mail (double opt-in, the address the member had then) activates it; each mail
 * carries a one-click unsubscribe (server/mail/opt-in-links.ts).
 */
export const outageAlerts = pgTable(
  "outage_alerts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    cityCode: smallint("city_code").notNull(),
    district: text("district").notNull(),
    email: text("email").notNull(),
    locale: text("locale", { enum: ["tr", "en"] }).notNull(),
    /** SHA-256 of the secret in the confirmation link. */
    tokenHash: text("token_hash").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outage_alerts_once_idx").on(
      t.userId,
      t.companyId,
      t.cityCode,
      t.district,
    ),
    index("outage_alerts_place_idx").on(t.companyId, t.cityCode),
  ],
);

/** The mail an alert got for an incident: one per alert and incident, whatever the incident does after. */
export const outageAlertMails = pgTable(
  "outage_alert_mails",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => outageAlerts.id, { onDelete: "cascade" }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => outageIncidents.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.incidentId] })],
);
