import { sql } from "drizzle-orm";
import type { SocialKey } from "../../common/social";
import {
  bigint,
  boolean,

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


/* ---------- accounts ---------- */

export { SOCIAL_KEYS, type SocialKey } from "../../common/social";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    /** Trimmed and lower-cased. Unique among accounts that are not erased. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    accountType: text("account_type", { enum: ["individual", "corporate"] }).notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    locale: text("locale").notNull().default("tr"),
    /** E.164, e.g. +905321234567. */
    phone: text("phone"),
    /** Province plate code (1–81). */
    cityCode: smallint("city_code"),
    about: text("about"),
    skills: jsonb("skills").$type<string[]>().notNull().default([]),
    social: jsonb("social").$type<Partial<Record<SocialKey, string>>>().notNull().default({}),
    /** File name under DATA_DIR/uploads/avatars. */
    image: text("image"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    membershipAcceptedAt: timestamp("membership_accepted_at", { withTimezone: true }).notNull(),
    kvkkAcceptedAt: timestamp("kvkk_accepted_at", { withTimezone: true }).notNull(),
    /** Optional advertising consent, with its time; null when not given. */
    advertisingConsentAt: timestamp("advertising_consent_at", { withTimezone: true }),
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    /** Deactivated by an administrator. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** Personal data erased for good (30 days after a deletion request); the row stays for references. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(t.email).where(sql`erased_at IS NULL`),
    index("users_deletion_idx").on(t.deletionRequestedAt).where(sql`deletion_requested_at IS NOT NULL AND erased_at IS NULL`),
  ],
);

/** Web sessions (cookie) and API tokens (bearer): only the SHA-256 of the secret is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["web", "api"] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time codes sent by mail (e-mail verification, password reset); stored hashed. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
    codeHash: text("code_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_codes_user_idx").on(t.userId, t.purpose)],
);

/** Who did what to whom, for administrative actions. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_target_idx").on(t.targetUserId)],
);
