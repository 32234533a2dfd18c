import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The rate limiter's store (rate-limiter-flexible).

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});
