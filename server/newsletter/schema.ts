import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: serial("id").primaryKey(),
  /** Trimmed and lower-cased; one row per address. */
  email: text("email").notNull().unique(),
  locale: text("locale").notNull(),
  /** The consent text the person agreed to, and when. */
  consentText: text("consent_text").notNull(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  ipHash: text("ip_hash"),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: createdAt(),
});
