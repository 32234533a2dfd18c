import { timestamp } from "drizzle-orm/pg-core";

/** The `created_at` column every table that records an event has. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
