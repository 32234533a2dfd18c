import {
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
} from "drizzle-orm/pg-core";
import type { ProviderScorecard } from "../../common/scorecard";
import { companies } from "../companies/schema";

/**
 * Each company's scorecard as the last refresh computed it (server/scorecard/refresh.ts, hourly):
 * the whole card, which the profile and the API show while it is fresh, and its country figures
 * as columns, which the company list sorts by (null is "not enough data" and sorts last).
 * Decision 043.
 */
export const companyScorecards = pgTable("company_scorecards", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  promiseShare: doublePrecision("promise_share"),
  eveningDrop: doublePrecision("evening_drop"),
  /** 1 (A+) … 6 (F): the position of the median grade in SCORECARD_GRADES. */
  gradeRank: smallint("grade_rank"),
  incidentsPerMonth: doublePrecision("incidents_per_month"),
  increasesPerPackage: doublePrecision("increases_per_package"),
  /** The whole card (null in rows written before migration 0029, until the next refresh). */
  card: jsonb("card").$type<ProviderScorecard>(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});
