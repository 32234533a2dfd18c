import { sql } from "drizzle-orm";
import {
  bigint,

  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/* ---------- reference data mirrored from common/ (for foreign keys) ---------- */

export const corporateTypes = pgTable("corporate_types", {
  id: smallint("id").primaryKey(),
  key: text("key").notNull().unique(),
  url: text("url").notNull().unique(),
  nameTr: text("name_tr").notNull(),
  nameEn: text("name_en").notNull(),
});

export const corporateSubTypes = pgTable("corporate_sub_types", {
  id: smallint("id").primaryKey(),
  typeId: smallint("type_id").references(() => corporateTypes.id),
  key: text("key").notNull().unique(),
  url: text("url").notNull().unique(),
  nameTr: text("name_tr").notNull(),
  nameEn: text("name_en").notNull(),
});

export const blogCategories = pgTable("blog_categories", {
  id: smallint("id").primaryKey(),
  key: text("key").notNull().unique(),
  url: text("url").notNull().unique(),
  nameTr: text("name_tr").notNull(),
  nameEn: text("name_en").notNull(),
});

/* ---------- newsletter ---------- */

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

/* ---------- contact form ---------- */

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  locale: text("locale").notNull(),
  ipHash: text("ip_hash"),
  createdAt: createdAt(),
});

export const contactAttachments = pgTable(
  "contact_attachments",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    /** File name under DATA_DIR/uploads/contact. */
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
  },
  (t) => [index("contact_attachments_message_idx").on(t.messageId)],
);

/* ---------- durable jobs and mail ---------- */

export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** Optional de-duplication key: at most one unfinished job per key. */
    uniqueKey: text("unique_key"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`done_at IS NULL AND failed_at IS NULL`),
    uniqueIndex("jobs_unique_key_idx").on(t.uniqueKey).where(sql`done_at IS NULL AND failed_at IS NULL`),
  ],
);

/** Every mail the site sends, kept as sent (or as it would have been, without SMTP). */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body"),
  /** "smtp" when handed to the SMTP server, "outbox" when only stored here. */
  transport: text("transport").notNull(),
  messageId: text("message_id"),
  createdAt: createdAt(),
});

/* ---------- rate limiting (rate-limiter-flexible store) ---------- */

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

