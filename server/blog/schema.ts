import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { BLOG_COMMENT_STATES, BLOG_LANGUAGES, BLOG_POST_BOUNDS, BLOG_POST_STATES, type BlogFaqEntry } from "../../common/blog/posts";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";
import { createdAt } from "../db/columns";
import { blogCategories } from "../reference/schema";

// The blog's tables: posts in Turkish or English (a translation linked as the twin), their
// comments (moderated like reviews, replies one level deep), and anonymous daily view counts for
// the trending list. A post belongs to a company (written by its owner or an administrator) or,
// without one, to the site (administrators only).

/** The states in which a post is public once its publish time has come (see server/blog/visible-posts.ts). */
const PUBLIC_STATES = sql`state IN ('published', 'scheduled')`;

export const blogPosts = pgTable(
  "blog_posts",
  {
    /** The number at the end of the post's url ("fiber-nedir-42"). */
    id: serial("id").primaryKey(),
    /** Who wrote it; null once the account is erased (the post stays its company's or the site's). */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The company it speaks for; null: the site's own post. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    categoryId: smallint("category_id")
      .notNull()
      .references(() => blogCategories.id),
    language: text("language", { enum: BLOG_LANGUAGES }).notNull(),
    /** The same post in the other language; both rows point at each other. */
    twinId: integer("twin_id").references((): AnyPgColumn => blogPosts.id, { onDelete: "set null" }),
    /**
     * From when the twin is public: its publish time while it is published or scheduled, else
     * null. Kept by the trigger of the blog's migration on every write of either post, so the
     * lists' language rule is a comparison, not a look-up of each twin.
     */
    twinPublicAt: timestamp("twin_public_at", { withTimezone: true }),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    /**
     * The title's part of the url (blogTitleSlug), fixed when the post is first published so that
     * links keep working when the title is edited; a draft's follows its title.
     */
    slug: text("slug").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Stored file of the image pipeline (uploads/blog-images) and its size; all three or none. */
    image: text("image"),
    imageWidth: smallint("image_width"),
    imageHeight: smallint("image_height"),
    /** The Tiptap document, as checked by the content schema (server/blog/content). */
    content: jsonb("content").notNull(),
    /** The document's plain text: search, the description when none is given, the reading time. */
    contentText: text("content_text").notNull().default(""),
    readingMinutes: smallint("reading_minutes").notNull().default(1),
    faq: jsonb("faq").$type<BlogFaqEntry[]>().notNull().default([]),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    state: text("state", { enum: BLOG_POST_STATES }).notNull().default("draft"),
    /** The time the post is (scheduled) or was (published) first shown; lists are ordered by it. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** When it last went public (the job or a "publish now"); null until then. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    featured: boolean("featured").notNull().default(false),
    /** Demo post (SEED_DEMO); every page showing it says so. */
    isDemo: boolean("is_demo").notNull().default(false),
    /** A demo post's stable key (server/blog/demo), so a new seed finds what an earlier one wrote. */
    demoKey: text("demo_key"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public lists: newest first overall, by language, by category, by company; featured.
    index("blog_posts_public_idx").on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_STATES),
    index("blog_posts_language_idx").on(t.language, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_STATES),
    index("blog_posts_category_idx").on(t.categoryId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_STATES),
    index("blog_posts_company_public_idx").on(t.companyId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_STATES),
    index("blog_posts_featured_idx").on(t.publishAt.desc().nullsFirst()).where(sql`featured AND state IN ('published', 'scheduled')`),
    index("blog_posts_tags_idx").using("gin", t.tags),
    // The dashboard's lists and the job.
    index("blog_posts_company_idx").on(t.companyId, t.updatedAt),
    index("blog_posts_author_idx").on(t.authorId),
    index("blog_posts_scheduled_idx").on(t.publishAt).where(sql`state = 'scheduled'`),
    uniqueIndex("blog_posts_twin_idx").on(t.twinId),
    uniqueIndex("blog_posts_demo_key_idx").on(t.demoKey),
    check("blog_posts_twin_check", sql`${t.twinId} <> ${t.id}`),
    check("blog_posts_tags_check", sql`cardinality(${t.tags}) <= ${sql.raw(String(BLOG_POST_BOUNDS.maxTags))}`),
    check("blog_posts_image_check", sql`(${t.image} IS NULL) = (${t.imageWidth} IS NULL) AND (${t.image} IS NULL) = (${t.imageHeight} IS NULL)`),
    check("blog_posts_schedule_check", sql`${t.state} = 'draft' OR ${t.publishAt} IS NOT NULL`),
  ],
);

/** Comments on posts: plain text, public only when confirmed; a reply names its (top-level) comment. */
export const blogComments = pgTable(
  "blog_comments",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    /** null once the author's account is erased (name and mail are blanked then too). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The comment this one answers; replies go one level deep. */
    parentId: integer("parent_id").references((): AnyPgColumn => blogComments.id, { onDelete: "cascade" }),
    /** When the post's author (or its company's owner) was told of this comment's approval: one mail per comment, ever. */
    authorToldAt: timestamp("author_told_at", { withTimezone: true }),
    name: text("name").notNull(),
    /** Never shown on the site; for the moderator. */
    email: text("email").notNull(),
    body: text("body").notNull(),
    state: text("state", { enum: BLOG_COMMENT_STATES }).notNull().default("unconfirmed"),
    /** Last moderation (confirm, remove, restore). */
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("blog_comments_post_idx").on(t.postId, t.state, t.createdAt),
    index("blog_comments_parent_idx").on(t.parentId),
    index("blog_comments_state_idx").on(t.state, t.createdAt),
    index("blog_comments_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Views per post per day (in Turkey): a bare counter for the trending list, no personal data. */
export const blogPostViews = pgTable(
  "blog_post_views",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), index("blog_post_views_day_idx").on(t.day, t.postId)],
);
