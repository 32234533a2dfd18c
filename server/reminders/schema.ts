import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { users } from "../accounts/schema";
import { packages } from "../packages/schema";

/**
 * "Tell me a month before my commitment ends": a guest (e-mail, consent and a
 * confirmation link: double opt-in) or a signed-in user. One mail on `remindOn`, marked in
 * `sentAt` in the same transaction that queues it. Unsubscribing or deleting erases the row; the
 * clean-up erases sent and never-confirmed ones (server/reminders/erase-reminders.ts).
 */
export const commitmentReminders = pgTable(
  "commitment_reminders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased; a signed-in user's account address. */
    email: text("email").notNull(),
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    /** Province (plate code) to suggest cheaper packages for. */
    provinceCode: smallint("province_code"),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    /** Mail one month before endsOn (or at once when that day has passed). */
    remindOn: date("remind_on", { mode: "string" }).notNull(),
    consentText: text("consent_text").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    locale: text("locale", { enum: ["tr", "en"] }).notNull().default("tr"),
    /** SHA-256 of the secret in a guest's confirmation link; null for a signed-in user's reminder. */
    tokenHash: text("token_hash").unique(),
    /** Double opt-in: a guest's link clicked, or set at once for a signed-in user. Only confirmed reminders are sent. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("commitment_reminders_due_idx").on(t.remindOn).where(sql`sent_at IS NULL AND confirmed_at IS NOT NULL`),
    // A repeat of the same reminder (same address, package and end date) is not stored twice.
    uniqueIndex("commitment_reminders_repeat_idx").on(t.email, t.packageId, t.endsOn).where(sql`sent_at IS NULL`),
    index("commitment_reminders_user_idx").on(t.userId),
  ],
);
