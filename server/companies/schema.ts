import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { COMPANY_PUBLISH_STATES, COMPANY_REVISION_STATES } from "../../common/companies";
import { users } from "../accounts/schema";
import { corporateSubTypes, corporateTypes } from "../reference/schema";
import type { CompanyRevisionData } from "./types";

// Company profiles and what hangs off them: services, provinces served, pending edits of a
// published profile, sponsorships and anonymous daily profile-view counts. The row in
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
