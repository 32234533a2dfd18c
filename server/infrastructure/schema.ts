import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import type { TechnologyAnswer } from "../../common/infrastructure/types";

// The database source's address tree and answers (imported by `npm run import:infrastructure`),
// the anonymous query counts of the city pages, wrong-data reports and availability alerts.

/**
 * A node of the address tree above the flats. `level` is its index in INFRA_LEVELS
 * (0 province … 6 building); codes are unique within a level; the parent is on level-1.
 */
export const infraNodes = pgTable(
  "infra_nodes",
  {
    level: smallint("level").notNull(),
    code: bigint("code", { mode: "number" }).notNull(),
    parentCode: bigint("parent_code", { mode: "number" }),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.code] }), index("infra_nodes_parent_idx").on(t.level, t.parentCode)],
);

/** A flat (its BBK code), where it is, and what reaches it (normalised at import). */
export const infraFlats = pgTable(
  "infra_flats",
  {
    bbk: bigint("bbk", { mode: "number" }).primaryKey(),
    uavt: bigint("uavt", { mode: "number" }),
    /** Ten national digits ("2123456789"). */
    landline: text("landline"),
    buildingCode: bigint("building_code", { mode: "number" }).notNull(),
    name: text("name").notNull(),
    technologies: jsonb("technologies").$type<TechnologyAnswer[]>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("infra_flats_building_idx").on(t.buildingCode),
    index("infra_flats_uavt_idx").on(t.uavt),
    index("infra_flats_landline_idx").on(t.landline),
  ],
);

/** Queries answered, counted by neighbourhood and best technology found ("NONE"): no personal data. */
export const infraQueryCounts = pgTable(
  "infra_query_counts",
  {
    neighbourhoodCode: bigint("neighbourhood_code", { mode: "number" }).notNull(),
    technology: text("technology", { enum: ["FIBER", "VDSL", "ADSL", "NONE"] }).notNull(),
    provinceCode: smallint("province_code").notNull(),
    districtName: text("district_name").notNull(),
    neighbourhoodName: text("neighbourhood_name").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.neighbourhoodCode, t.technology] }), index("infra_query_counts_province_idx").on(t.provinceCode)],
);

/** "This answer is wrong": what the person really has at the flat. */
export const infraReports = pgTable(
  "infra_reports",
  {
    id: serial("id").primaryKey(),
    bbk: bigint("bbk", { mode: "number" }).notNull(),
    provinceCode: smallint("province_code"),
    actualTechnology: text("actual_technology", { enum: ["FIBER", "VDSL", "ADSL", "NONE"] }).notNull(),
    actualDownMbps: integer("actual_down_mbps"),
    note: text("note"),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("infra_reports_bbk_idx").on(t.bbk), index("infra_reports_created_idx").on(t.createdAt)],
);

/** "Tell me when a free port or fiber reaches this flat": double opt-in, one mail, one-click unsubscribe. */
export const infraAlerts = pgTable(
  "infra_alerts",
  {
    id: serial("id").primaryKey(),
    bbk: bigint("bbk", { mode: "number" }).notNull(),
    email: text("email").notNull(),
    locale: text("locale", { enum: ["tr", "en"] }).notNull(),
    /** SHA-256 of the secret in the confirmation and unsubscribe links. */
    tokenHash: text("token_hash").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** What the person agreed to, and when (KVKK); empty on alerts left before it was kept. */
    consentText: text("consent_text"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /**
     * What the alert waits for, fixed when it is asked for: "fiber" where copper already had a
     * free port, "fiberOrPort" where nothing had one (alerts left before it was kept mean the latter).
     */
    waitsFor: text("waits_for", { enum: ["fiber", "fiberOrPort"] })
      .notNull()
      .default("fiberOrPort"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("infra_alerts_flat_email_idx").on(t.bbk, t.email), index("infra_alerts_due_idx").on(t.confirmedAt, t.notifiedAt, t.lastCheckedAt)],
);
