import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** Turkey keeps UTC+3 all year (since 2016): the hours of the day people live by. */
export const TURKEY_UTC_OFFSET_HOURS = 3;

/** The hour of the day in Turkey (0–23) of a time. */
export function hourInTurkey(at: Date): number {
  return (at.getUTCHours() + TURKEY_UTC_OFFSET_HOURS) % 24;
}

/** The hour of the day in Turkey (0–23) of a timestamptz column, in SQL. */
export function hourInTurkeySql(column: AnyColumn): SQL<number> {
  return sql<number>`extract(hour FROM (${column} AT TIME ZONE 'UTC') + interval '${sql.raw(String(TURKEY_UTC_OFFSET_HOURS))} hours')`;
}
