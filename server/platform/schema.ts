import { date, pgTable, text } from "drizzle-orm/pg-core";

/**
 * "This address was counted for this subject today" (a view of a flat's answer for the city
 * pages' counts): only a keyed hash of address, subject and day is kept, for two days, so a
 * public count moves at most once per address per day and nothing links an address to what it
 * looked at (server/platform/count-once.ts).
 */
export const countMarks = pgTable("count_marks", {
  key: text("key").primaryKey(),
  day: date("day", { mode: "string" }).notNull(),
});
