import {
  doublePrecision,
  integer,
  pgTable,
  smallint,
  timestamp,
} from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";

/**
 * Each company's country figures as the last refresh computed them (server/scorecard/refresh.ts,
 * hourly): what the company list sorts by. null is "not enough data" and sorts last. The profile
 * and the API compute the figures themselves (decision 043).
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
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});
