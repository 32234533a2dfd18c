import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import type { SocialKey } from "../../common/social";

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
    /** Mail me when a comment on my blog post (or my company's) is approved; off from the settings page. */
    blogCommentMail: boolean("blog_comment_mail").notNull().default(true),
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
