import { sql } from "drizzle-orm";
import type { SocialKey } from "../../common/social";
import { COMPANY_PUBLISH_STATES, COMPANY_REVISION_STATES, REVIEW_STATES } from "../../common/companies";
import type { CompanyRevisionData } from "../companies/types";
import type { TechnologyAnswer } from "../../common/infrastructure/types";
import { CALLBACK_SLOTS, DELIVERY_CHANNELS, DELIVERY_STATES, LEAD_KINDS, LEAD_STATES, MODEM_OFFERS, PHONE_BUNDLES, SERVICE_KINDS, TECHNOLOGIES } from "../../common/packages";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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

// ---- companies ----
// Company profiles and what hangs off them: services, provinces served, pending edits of a
// published profile, reviews, sponsorships and anonymous daily profile-view counts. The row in
// `companies` is always the live version; an edit of a published company waits in
// `company_revisions` (the whole proposed version as JSON) until an administrator approves it.

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    /** The corporate user who manages it; null when the account was erased or for imported rows. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** Made from the name with slugify (common/text.ts), unique; a numeric suffix on clashes. */
    slug: text("slug").notNull(),
    typeId: smallint("type_id")
      .notNull()
      .references(() => corporateTypes.id),
    /** null for a type without sub types (technical services): its profile path uses the type's url. */
    subTypeId: smallint("sub_type_id").references(() => corporateSubTypes.id),
    /** File name under DATA_DIR/uploads/company-logos. */
    logo: text("logo"),
    /** ISO 3166-1 alpha-2 (COMPANY_COUNTRIES). */
    country: text("country").notNull().default("TR"),
    /** Province plate code (1–81) of the head office. */
    provinceCode: smallint("province_code"),
    phone: text("phone"),
    fax: text("fax"),
    kepAddress: text("kep_address"),
    corporateTitle: text("corporate_title"),
    webUrl: text("web_url"),
    email: text("email"),
    address: text("address"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    about: text("about"),
    youtubeUrl: text("youtube_url"),
    metaTitle: text("meta_title"),
    metaKeywords: text("meta_keywords"),
    metaDescription: text("meta_description"),
    /** Custom text shown at the bottom of the company's package list page. */
    packagesFooterText: text("packages_footer_text"),
    /** Serves every province (then company_provinces is empty). */
    servesWholeCountry: boolean("serves_whole_country").notNull().default(false),
    verified: boolean("verified").notNull().default(false),
    /** Managed by the company itself (not by the site's editors). */
    selfManaged: boolean("self_managed").notNull().default(false),
    publishState: text("publish_state", { enum: COMPANY_PUBLISH_STATES }).notNull().default("pending"),
    /** Reason given when the first version was rejected (mailed to the owner). */
    rejectReason: text("reject_reason"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Fictional demo catalogue row (SEED_DEMO); every page showing it says so. */
    isDemo: boolean("is_demo").notNull().default(false),
    /** foldSearchText(name, corporate title, tags): what the list's search text matches. */
    searchText: text("search_text").notNull().default(""),
    /** Confirmed reviews only, kept by refreshCompanyReviewStats in the same transaction as any change. */
    reviewCount: integer("review_count").notNull().default(0),
    reviewScoreSum: integer("review_score_sum").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("companies_slug_idx").on(t.slug),
    index("companies_owner_idx").on(t.ownerId),
    index("companies_public_idx").on(t.publishState, t.subTypeId, t.createdAt),
    check("companies_country_check", sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** Services of the live version of a company, in display order. */
export const companyServices = pgTable(
  "company_services",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /** File name under DATA_DIR/uploads/company-logos. */
    logo: text("logo"),
  },
  (t) => [index("company_services_company_idx").on(t.companyId, t.position)],
);

/** Provinces the live version serves (empty when it serves the whole country). */
export const companyProvinces = pgTable(
  "company_provinces",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Plate code 1–81. */
    provinceCode: smallint("province_code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provinceCode] }), index("company_provinces_province_idx").on(t.provinceCode)],
);

/** A proposed edit of a published company: the whole new version, waiting for an administrator. */
export const companyRevisions = pgTable(
  "company_revisions",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    data: jsonb("data").$type<CompanyRevisionData>().notNull(),
    state: text("state", { enum: COMPANY_REVISION_STATES }).notNull().default("pending"),
    /** Why it was rejected (mailed to the owner). */
    reason: text("reason"),
    reviewerId: integer("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    /** At most one pending edit per company: a new edit replaces the pending one. */
    uniqueIndex("company_revisions_pending_idx").on(t.companyId).where(sql`state = 'pending'`),
    index("company_revisions_state_idx").on(t.state, t.createdAt),
  ],
);

/** Reviews of companies: one per user per company; public only when confirmed. */
export const companyReviews = pgTable(
  "company_reviews",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** null once the author's account is erased (the text is anonymised by the purge). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fullName: text("full_name").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    score: smallint("score").notNull(),
    state: text("state", { enum: REVIEW_STATES }).notNull().default("unconfirmed"),
    /** The company's one public answer. */
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
    /** Last moderation (confirm, remove, restore). */
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** Demo catalogue review (SEED_DEMO). */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("company_reviews_user_company_idx").on(t.companyId, t.userId),
    index("company_reviews_company_state_idx").on(t.companyId, t.state, t.createdAt),
    index("company_reviews_state_idx").on(t.state, t.createdAt),
    index("company_reviews_user_idx").on(t.userId),
    check("company_reviews_score_check", sql`${t.score} BETWEEN 1 AND 5`),
  ],
);

/** A period in which a company is sponsored (labelled "Sponsored"; never changes filters or order). */
export const companySponsorships = pgTable(
  "company_sponsorships",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("company_sponsorships_company_idx").on(t.companyId, t.endsAt),
    check("company_sponsorships_period_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Profile views per company per day (UTC): a bare counter, no personal data. */
export const companyProfileViews = pgTable(
  "company_profile_views",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), index("company_profile_views_day_idx").on(t.day)],
);
// ---- end companies ----
// ---- infrastructure ----
// The database source's address tree and answers (imported by `npm run import:infrastructure`),
// the anonymous query counts of the city pages, wrong-data reports and availability alerts.

/**
 * A node of the address tree above the flats. `level` is its index in INFRA_LEVELS
 * (0 province … 6 building); codes are unique within a level; the parent is on level-1.
 */
export const infraNodes = pgTable(
  "infra_nodes",
  {
    level: smallint("level").notNull(),
    code: bigint("code", { mode: "number" }).notNull(),
    parentCode: bigint("parent_code", { mode: "number" }),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.code] }), index("infra_nodes_parent_idx").on(t.level, t.parentCode)],
);

/** A flat (its BBK code), where it is, and what reaches it (normalised at import). */
export const infraFlats = pgTable(
  "infra_flats",
  {
    bbk: bigint("bbk", { mode: "number" }).primaryKey(),
    uavt: bigint("uavt", { mode: "number" }),
    /** Ten national digits ("2123456789"). */
    landline: text("landline"),
    buildingCode: bigint("building_code", { mode: "number" }).notNull(),
    name: text("name").notNull(),
    technologies: jsonb("technologies").$type<TechnologyAnswer[]>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("infra_flats_building_idx").on(t.buildingCode),
    index("infra_flats_uavt_idx").on(t.uavt),
    index("infra_flats_landline_idx").on(t.landline),
  ],
);

/** Queries answered, counted by neighbourhood and best technology found ("NONE"): no personal data. */
export const infraQueryCounts = pgTable(
  "infra_query_counts",
  {
    neighbourhoodCode: bigint("neighbourhood_code", { mode: "number" }).notNull(),
    technology: text("technology", { enum: ["FIBER", "VDSL", "ADSL", "NONE"] }).notNull(),
    provinceCode: smallint("province_code").notNull(),
    districtName: text("district_name").notNull(),
    neighbourhoodName: text("neighbourhood_name").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.neighbourhoodCode, t.technology] }), index("infra_query_counts_province_idx").on(t.provinceCode)],
);

/** "This answer is wrong": what the person really has at the flat. */
export const infraReports = pgTable(
  "infra_reports",
  {
    id: serial("id").primaryKey(),
    bbk: bigint("bbk", { mode: "number" }).notNull(),
    provinceCode: smallint("province_code"),
    actualTechnology: text("actual_technology", { enum: ["FIBER", "VDSL", "ADSL", "NONE"] }).notNull(),
    actualDownMbps: integer("actual_down_mbps"),
    note: text("note"),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("infra_reports_bbk_idx").on(t.bbk), index("infra_reports_created_idx").on(t.createdAt)],
);

/** "Tell me when a free port or fiber reaches this flat": double opt-in, one mail, one-click unsubscribe. */
export const infraAlerts = pgTable(
  "infra_alerts",
  {
    id: serial("id").primaryKey(),
    bbk: bigint("bbk", { mode: "number" }).notNull(),
    email: text("email").notNull(),
    locale: text("locale", { enum: ["tr", "en"] }).notNull(),
    /** SHA-256 of the secret in the confirmation and unsubscribe links. */
    tokenHash: text("token_hash").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** What the person agreed to, and when (KVKK); empty on alerts left before it was kept. */
    consentText: text("consent_text"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /**
     * What the alert waits for, fixed when it is asked for: "fiber" where copper already had a
     * free port, "fiberOrPort" where nothing had one (alerts left before it was kept mean the latter).
     */
    waitsFor: text("waits_for", { enum: ["fiber", "fiberOrPort"] })
      .notNull()
      .default("fiberOrPort"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("infra_alerts_flat_email_idx").on(t.bbk, t.email), index("infra_alerts_due_idx").on(t.confirmedAt, t.notifiedAt, t.lastCheckedAt)],
);
// ---- speedtest ----

/**
 * Stored speed test results. No personal data: the IP only as a keyed hash, the provider and
 * package as the person chose them (or none), the province and district as chosen. `testId` is
 * the stream server's test (from its signed receipt): one result per test. `id` is the random
 * public id of the share page.
 */
export const speedtestResults = pgTable(
  "speedtest_results",
  {
    id: text("id").primaryKey(),
    testId: text("test_id").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ipHash: text("ip_hash"),
    download: doublePrecision("download").notNull(),
    upload: doublePrecision("upload").notNull(),
    ping: doublePrecision("ping").notNull(),
    pingMin: doublePrecision("ping_min").notNull(),
    jitter: doublePrecision("jitter").notNull(),
    loadedDown: doublePrecision("loaded_down").notNull(),
    loadedUp: doublePrecision("loaded_up").notNull(),
    grade: text("grade").notNull(),
    /**
     * The provider's name as a label: the chosen company's name when the test was saved (kept if
     * the company row goes), or the text an older client typed. The statistics never group by it.
     */
    provider: text("provider"),
    /** The internet provider the person chose (server/speedtest/provider-choices.ts); the statistics group by it. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    /** One of that company's internet packages; its promised speeds were copied into promised_down/up. */
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    cityCode: smallint("city_code"),
    /** The district as the reference data spells it ("Çankaya"), within city_code; null when not chosen. */
    district: text("district"),
    promisedDown: doublePrecision("promised_down"),
    promisedUp: doublePrecision("promised_up"),
    /**
     * Whether the statistics count this test: the first of its (hashed) address for its provider
     * (or for none) on its day in Turkey (server/platform/count-once.ts; decision 022).
     */
    counted: boolean("counted").notNull().default(false),
    /**
     * Shown to whoever has its link (the share page, GET …/results/{id}). A signed-in person's
     * test is kept in their history as soon as it finishes, private (false) until they press
     * "save and share".
     */
    shared: boolean("shared").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("speedtest_results_user_idx").on(t.userId, t.createdAt),
    // The province's (and a district's) medians of the last 90 days and the per-province statistics.
    index("speedtest_results_city_time_idx").on(t.cityCode, t.createdAt),
    // The per-provider statistics of the last 90 days.
    index("speedtest_results_company_time_idx").on(t.companyId, t.createdAt),
  ],
);

// ---- packages ----
// Packages of companies (internet, hosting, server, TV) with every term the whole-cost arithmetic
// needs (common/package-cost.ts), the provinces a package serves, subscription and call-me requests
// (leads) with their deliveries to the company by mail and signed webhook, each company's delivery
// settings, package reviews and commitment-end reminders. Money is integer kuruş.

export const packages = pgTable(
  "packages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    serviceKind: text("service_kind", { enum: SERVICE_KINDS }).notNull(),
    title: text("title").notNull(),
    /** The package's url segment, unique per company ("url not unique"). */
    slug: text("slug").notNull(),
    description: text("description"),
    /** File name under DATA_DIR/uploads/package-images. */
    image: text("image"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** Internet only: adsl, vdsl, fiber, airfiber, kablonet. */
    technology: text("technology", { enum: TECHNOLOGIES }),
    /** "Up to" speeds in Mbps (internet); null where they do not apply. */
    downloadMbps: integer("download_mbps"),
    uploadMbps: integer("upload_mbps"),
    /** Monthly quota in GB; null = unlimited. */
    quotaGb: integer("quota_gb"),
    /** Fair-usage terms in plain words (e.g. the speed after a threshold); null when none. */
    fairUsage: text("fair_usage"),
    /** Monthly price without commitment. */
    priceKurus: integer("price_kurus").notNull(),
    /** 0 = no commitment; otherwise 1–24 months. */
    commitmentMonths: smallint("commitment_months").notNull().default(0),
    /** Monthly price while committed (null without commitment). */
    commitmentPriceKurus: integer("commitment_price_kurus"),
    /** A campaign price for the first months of the commitment (e.g. the first 12 of 24). */
    introMonths: smallint("intro_months").notNull().default(0),
    introPriceKurus: integer("intro_price_kurus"),
    /** Monthly price once the commitment ends; null = the price without commitment. */
    priceAfterCommitmentKurus: integer("price_after_commitment_kurus"),
    modemOffer: text("modem_offer", { enum: MODEM_OFFERS }).notNull().default("own"),
    /** Monthly modem rental (modem_offer = rental). */
    modemRentalKurus: integer("modem_rental_kurus").notNull().default(0),
    activationFeeKurus: integer("activation_fee_kurus").notNull().default(0),
    /** Months at the start of the subscription that are not charged. */
    freeMonths: smallint("free_months").notNull().default(0),
    /** A one-off discount granted at the start (e.g. a waived activation fee); counts toward the termination fee. */
    discountKurus: integer("discount_kurus").notNull().default(0),
    discountNote: text("discount_note"),
    phoneBundle: text("phone_bundle", { enum: PHONE_BUNDLES }).notNull().default("none"),
    talkPackage: boolean("talk_package").notNull().default(false),
    /** The TV platform subscription bundled, by name; null for none. */
    tvPlatform: text("tv_platform"),
    gsmIncluded: boolean("gsm_included").notNull().default(false),
    /** Serves every province (then package_provinces is empty). */
    servesAllCities: boolean("serves_all_cities").notNull().default(true),
    /** Hosting and server terms: disk, monthly traffic (null = unlimited), CPU cores, RAM. */
    diskGb: integer("disk_gb"),
    trafficGb: integer("traffic_gb"),
    cpuCores: smallint("cpu_cores"),
    ramGb: integer("ram_gb"),
    /** TV: number of channels. */
    channelCount: integer("channel_count"),
    /** The day the prices were last confirmed with the company. */
    priceConfirmedOn: date("price_confirmed_on", { mode: "string" }).notNull(),
    /** Withdrawn from sale: shown marked for two years (tariff archive), never offered for a request. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** A sponsored period (labelled; never changes a filter's results or order). */
    sponsoredFrom: timestamp("sponsored_from", { withTimezone: true }),
    sponsoredUntil: timestamp("sponsored_until", { withTimezone: true }),
    /**
     * Derived by packageCostSummary (common/package-cost.ts) on every write, for filters and sorts:
     * the headline monthly price (with commitment when there is one), the total cost over the
     * commitment (12 months without one), and that total per month.
     */
    monthlyPriceKurus: integer("monthly_price_kurus").notNull(),
    totalCostKurus: integer("total_cost_kurus").notNull(),
    effectiveMonthlyKurus: integer("effective_monthly_kurus").notNull(),
    /** The ranking figure (common/package-cost.ts rankingMonthlyKurus): average per month over 24 months, all included. */
    rankingMonthlyKurus: integer("ranking_monthly_kurus").notNull().default(0),
    /** foldSearchText(title, tags, company name). */
    searchText: text("search_text").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    reviewCount: integer("review_count").notNull().default(0),
    reviewScoreSum: integer("review_score_sum").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("packages_company_slug_idx").on(t.companyId, t.slug),
    index("packages_kind_price_idx").on(t.serviceKind, t.monthlyPriceKurus),
    index("packages_company_idx").on(t.companyId, t.withdrawnAt),
    check("packages_commitment_check", sql`${t.commitmentMonths} BETWEEN 0 AND 24`),
    check(
      "packages_commitment_price_check",
      sql`(${t.commitmentMonths} = 0) = (${t.commitmentPriceKurus} IS NULL)`,
    ),
    check("packages_intro_check", sql`${t.introMonths} >= 0 AND ${t.introMonths} <= ${t.commitmentMonths} AND (${t.introMonths} = 0) = (${t.introPriceKurus} IS NULL)`),
    check(
      "packages_money_check",
      sql`${t.priceKurus} >= 0 AND ${t.modemRentalKurus} >= 0 AND ${t.activationFeeKurus} >= 0 AND ${t.discountKurus} >= 0 AND coalesce(${t.commitmentPriceKurus}, 0) >= 0 AND coalesce(${t.introPriceKurus}, 0) >= 0 AND coalesce(${t.priceAfterCommitmentKurus}, 0) >= 0`,
    ),
    check("packages_free_months_check", sql`${t.freeMonths} BETWEEN 0 AND 24`),
    check("packages_sponsored_check", sql`(${t.sponsoredFrom} IS NULL) = (${t.sponsoredUntil} IS NULL) AND (${t.sponsoredUntil} IS NULL OR ${t.sponsoredUntil} > ${t.sponsoredFrom})`),
  ],
);

/** Provinces a package serves (empty when it serves all). */
export const packageProvinces = pgTable(
  "package_provinces",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    /** Plate code 1–81. */
    provinceCode: smallint("province_code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.provinceCode] }), index("package_provinces_province_idx").on(t.provinceCode)],
);

/** Where a company wants its requests: a mail address and optionally a signed webhook. */
export const companyDeliverySettings = pgTable("company_delivery_settings", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** null = the company's own e-mail. */
  mail: text("mail"),
  webhookUrl: text("webhook_url"),
  /** Standard Webhooks secret, base64 (shown to the owner as "whsec_…"). */
  webhookSecret: text("webhook_secret"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A subscription request or call-me request: personal data, erased after the privacy text's retention. */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    /** Shown to the visitor ("GB-7K2M-QX4P"); unique. */
    reference: text("reference").notNull(),
    kind: text("kind", { enum: LEAD_KINDS }).notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** null for a call-me request from a profile. */
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    /** Subscribe: name and surname; call-me: the full name in first_name, last_name null. */
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    /** E.164, normalised by libphonenumber. */
    phone: text("phone").notNull(),
    /**
     * The flat the request is for (its BBK code, carried from the infrastructure answer page),
     * and its address as the infrastructure source gave it when the request was sent; both null
     * when the person named no flat.
     */
    flatCode: bigint("flat_code", { mode: "number" }),
    flatAddress: text("flat_address"),
    /** When the person would like to be called back (common/packages.ts CALLBACK_SLOTS). */
    callbackSlot: text("callback_slot", { enum: CALLBACK_SLOTS }).notNull().default("any"),
    /** The exact consent text the visitor agreed to, and when (KVKK). */
    consentText: text("consent_text").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    locale: text("locale").notNull().default("tr"),
    state: text("state", { enum: LEAD_STATES }).notNull().default("new"),
    notes: text("notes"),
    /** Hashed IP (never the address itself). */
    ipHash: text("ip_hash"),
    /**
     * Same company + package + kind + phone (+ flat) inside the duplicate window = one row. Unique:
     * the latest request with a key holds it, so concurrent duplicates meet in the index; a request
     * arriving after the window releases it (sets the older row's key to null) and takes it.
     */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leads_reference_idx").on(t.reference),
    index("leads_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("leads_dedupe_key_idx").on(t.dedupeKey),
    index("leads_created_idx").on(t.createdAt),
    check("leads_flat_check", sql`(${t.flatCode} IS NULL) = (${t.flatAddress} IS NULL)`),
    check("leads_callback_slot_check", sql`${t.callbackSlot} IN ('any', 'morning', 'afternoon', 'evening')`),
  ],
);

/** One delivery of a lead on one channel; the job worker drives it with retries and backoff. */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    /** Where it goes (mail address or webhook URL) when it was created. */
    target: text("target").notNull(),
    state: text("state", { enum: DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** The webhook's HTTP status of the last attempt. */
    lastStatus: smallint("last_status"),
    /** The webhook-id header: the same for every retry, so the receiver can drop repeats. */
    messageId: text("message_id").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lead_deliveries_lead_channel_idx").on(t.leadId, t.channel), index("lead_deliveries_state_idx").on(t.state, t.nextTryAt)],
);

/** Reviews of packages: the same shape and rules as company reviews. */
export const packageReviews = pgTable(
  "package_reviews",
  {
    id: serial("id").primaryKey(),
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fullName: text("full_name").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    score: smallint("score").notNull(),
    state: text("state", { enum: REVIEW_STATES }).notNull().default("unconfirmed"),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("package_reviews_user_package_idx").on(t.packageId, t.userId),
    index("package_reviews_package_state_idx").on(t.packageId, t.state, t.createdAt),
    index("package_reviews_state_idx").on(t.state, t.createdAt),
    index("package_reviews_user_idx").on(t.userId),
    check("package_reviews_score_check", sql`${t.score} BETWEEN 1 AND 5`),
  ],
);

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
// ---- end packages ----
