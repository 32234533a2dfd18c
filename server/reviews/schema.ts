import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { REVIEW_STATES } from "../../common/companies";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";

// Reviews of companies and of packages: one shape, one set of rules (decision 017).

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
