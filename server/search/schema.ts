import { sql } from "drizzle-orm";
import { boolean, check, customType, date, index, integer, jsonb, primaryKey, real, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { SEARCH_KINDS } from "../../common/search/kinds";

// The site search's own tables (decision 032): one document per public company, package and
// blog post, built by the areas' search sources (AreaModule.search) in JavaScript (Turkish
// lower-casing and folding happen there, not in SQL), the words those documents hold (for
// prefixes and typos), and the queue of records whose documents are out of date, filled by
// triggers on the areas' tables so that no writer, whatever it is, can forget it.

// Partitioned by kind (migration 0022; drizzle declares no partitions): each kind has its own
// indexes and statistics.
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const searchDocuments = pgTable(
  "search_documents",
  {
    kind: text("kind", { enum: SEARCH_KINDS }).notNull(),
    /** The record's id in its area's table. */
    refId: integer("ref_id").notNull(),
    /** The company a package or post belongs to (a company's own document: itself). */
    companyId: integer("company_id"),
    /** A post's language; null for companies and packages (both languages). */
    language: text("language"),
    /** A scheduled post is found from its publish time on (no write happens then). */
    visibleFrom: timestamp("visible_from", { withTimezone: true }),
    /** What a result shows: the name or title as written, a short line under it, its Turkish path. */
    title: text("title").notNull(),
    subtitle: jsonb("subtitle").$type<{ tr: string; en: string }>().notNull(),
    path: text("path").notNull(),
    /** Marked as demo data wherever shown. */
    isDemo: boolean("is_demo").notNull().default(false),
    /** A post's twin (its translation), so a result list shows one of the two. */
    twinRefId: integer("twin_ref_id"),
    /** The title lower-cased the Turkish way (İ→i, I→ı): an exact match as typed ranks first. */
    nameLower: text("name_lower").notNull(),
    /** The title folded (common/search-text.ts): ı, i, İ, I → i, ş → s … */
    nameFolded: text("name_folded").notNull(),
    /**
     * The words: A the title's, B the category, type, technology, provider, tag and city words
     * (both languages), C a post's body; each folded, with their folded stems beside them.
     */
    words: tsvector("words").notNull(),
    /** The title's words (A) alone, and with the keywords' (A and B): the ranking's tiers read these, each with its own index and statistics. */
    nameWords: tsvector("name_words").generatedAlwaysAs(sql`ts_filter(words, '{a}')`),
    keyWords: tsvector("key_words").generatedAlwaysAs(sql`ts_filter(words, '{a,b}')`),
    /** Reviews, views and the like, scaled 0–1 by the source: what orders equally good matches. */
    popularity: real("popularity").notNull().default(0),
    indexedAt: timestamp("indexed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    index("search_documents_words_idx").using("gin", t.words),
    index("search_documents_name_words_idx").using("gin", t.nameWords),
    index("search_documents_key_words_idx").using("gin", t.keyWords),
    index("search_documents_name_trgm_idx").using("gin", sql`${t.nameFolded} gin_trgm_ops`),
    // The ranking's tiers (server/search/query.ts): a kind's most popular first, the name as typed,
    // the name folded or its start; each tier reads its best rows from these, not every match.
    index("search_documents_rank_idx").on(t.kind, sql`${t.popularity} DESC`, t.refId),
    index("search_documents_name_lower_idx").on(t.kind, t.nameLower),
    index("search_documents_name_folded_idx").on(t.kind, sql`${t.nameFolded} text_pattern_ops`),
    index("search_documents_company_idx").on(t.companyId),
    check("search_documents_language_check", sql`${t.language} IS NULL OR ${t.language} IN ('tr', 'en')`),
  ],
);

/**
 * The words of each document's name (folded, and their stems), one row each, with what orders
 * them: for a word, its documents most popular first straight from the index, however many hold
 * it (a GIN index gives a broad word's documents in storage order, to be sorted all). `first`: the
 * name's first word (a name that starts with what is typed). Written and removed with the
 * document by documents.ts (a foreign key to the partitioned documents cost a check per row that
 * tripled a rebuild).
 */
export const searchNameWords = pgTable(
  "search_name_words",
  {
    kind: text("kind", { enum: SEARCH_KINDS }).notNull(),
    word: text("word").notNull(),
    first: boolean("first").notNull(),
    popularity: real("popularity").notNull(),
    refId: integer("ref_id").notNull(),
    /** The document's, so that the lists hold what a search may show. */
    visibleFrom: timestamp("visible_from", { withTimezone: true }),
    language: text("language"),
    twinRefId: integer("twin_ref_id"),
  },
  (t) => [
    index("search_name_words_rank_idx").on(t.kind, t.word, sql`${t.popularity} DESC`, t.refId),
    index("search_name_words_first_idx").on(t.kind, t.word, sql`${t.popularity} DESC`, t.refId).where(sql`${t.first}`),
    index("search_name_words_document_idx").on(t.kind, t.refId),
  ],
);

/** Every folded word of the documents (names, keywords and bodies) and its stems, with how many documents hold it. */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    documents: integer("documents").notNull().default(0),
  },
  (t) => [index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`), index("search_words_prefix_idx").on(sql`${t.word} text_pattern_ops`)],
);

/** Records whose documents must be built again (a trigger on the area's table adds them). */
export const searchPending = pgTable(
  "search_pending",
  {
    kind: text("kind", { enum: SEARCH_KINDS }).notNull(),
    refId: integer("ref_id").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId] })],
);

/**
 * How many different (hashed) addresses made a search that found something, per day in Turkey:
 * the popular searches (shown where a search starts, and a "did you mean" when nothing matched).
 * Only the query is kept, never who made it (countOnce keeps a keyed hash for two days).
 */
export const searchQueries = pgTable(
  "search_queries",
  {
    /** The query folded (common/search-text.ts), so "Türk Telekom" and "turk telekom" count together. */
    query: text("query").notNull(),
    /** The words as the results page showed them (their Turkish form). */
    shown: text("shown").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    searchers: integer("searchers").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.query, t.day] }), index("search_queries_day_idx").on(t.day)],
);
