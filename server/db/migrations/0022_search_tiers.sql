-- The search's documents, one partition per kind (decision 032, "Reading the tiers"): each kind has
-- its own indexes and its own statistics (a word common among packages may be rare among
-- companies), and a count of one kind reads that kind only. The title's words and the title's and
-- keywords' words get columns and GIN indexes of their own, so a tier's condition needs no weight
-- check and its statistics are its own. The names' words get lists of their own
-- (search_name_words), filled here from the documents. Nothing needs a rebuild.
ALTER TABLE "search_documents" RENAME TO "search_documents_unpartitioned";--> statement-breakpoint
ALTER TABLE "search_documents_unpartitioned" RENAME CONSTRAINT "search_documents_kind_ref_id_pk" TO "search_documents_unpartitioned_pk";--> statement-breakpoint
DROP INDEX "search_documents_words_idx";--> statement-breakpoint
DROP INDEX "search_documents_name_trgm_idx";--> statement-breakpoint
DROP INDEX "search_documents_company_idx";--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"company_id" integer,
	"language" text,
	"visible_from" timestamp with time zone,
	"title" text NOT NULL,
	"subtitle" jsonb NOT NULL,
	"path" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"twin_ref_id" integer,
	"name_lower" text NOT NULL,
	"name_folded" text NOT NULL,
	"words" "tsvector" NOT NULL,
	"name_words" "tsvector" GENERATED ALWAYS AS (ts_filter(words, '{a}')) STORED,
	"key_words" "tsvector" GENERATED ALWAYS AS (ts_filter(words, '{a,b}')) STORED,
	"popularity" real DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id"),
	CONSTRAINT "search_documents_language_check" CHECK ("search_documents"."language" IS NULL OR "search_documents"."language" IN ('tr', 'en'))
) PARTITION BY LIST ("kind");
--> statement-breakpoint
CREATE TABLE "search_documents_company" PARTITION OF "search_documents" FOR VALUES IN ('company');--> statement-breakpoint
CREATE TABLE "search_documents_package" PARTITION OF "search_documents" FOR VALUES IN ('package');--> statement-breakpoint
CREATE TABLE "search_documents_post" PARTITION OF "search_documents" FOR VALUES IN ('post');--> statement-breakpoint
-- A kind added later lands here until it gets a partition of its own.
CREATE TABLE "search_documents_other" PARTITION OF "search_documents" DEFAULT;--> statement-breakpoint
INSERT INTO "search_documents" ("kind", "ref_id", "company_id", "language", "visible_from", "title", "subtitle", "path", "is_demo", "twin_ref_id", "name_lower", "name_folded", "words", "popularity", "indexed_at")
	SELECT "kind", "ref_id", "company_id", "language", "visible_from", "title", "subtitle", "path", "is_demo", "twin_ref_id", "name_lower", "name_folded", "words", "popularity", "indexed_at" FROM "search_documents_unpartitioned";--> statement-breakpoint
DROP TABLE "search_documents_unpartitioned";--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");--> statement-breakpoint
CREATE INDEX "search_documents_name_words_idx" ON "search_documents" USING gin ("name_words");--> statement-breakpoint
CREATE INDEX "search_documents_key_words_idx" ON "search_documents" USING gin ("key_words");--> statement-breakpoint
CREATE INDEX "search_documents_name_trgm_idx" ON "search_documents" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_company_idx" ON "search_documents" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "search_documents_rank_idx" ON "search_documents" USING btree ("kind","popularity" DESC,"ref_id");--> statement-breakpoint
CREATE INDEX "search_documents_name_lower_idx" ON "search_documents" USING btree ("kind","name_lower");--> statement-breakpoint
CREATE INDEX "search_documents_name_folded_idx" ON "search_documents" USING btree ("kind","name_folded" text_pattern_ops);--> statement-breakpoint
CREATE TABLE "search_name_words" (
	"kind" text NOT NULL,
	"word" text NOT NULL,
	"first" boolean NOT NULL,
	"popularity" real NOT NULL,
	"ref_id" integer NOT NULL,
	"visible_from" timestamp with time zone,
	"language" text,
	"twin_ref_id" integer
);
--> statement-breakpoint
INSERT INTO "search_name_words" ("kind", "word", "first", "popularity", "ref_id", "visible_from", "language", "twin_ref_id")
	SELECT d."kind", u.lexeme, u.lexeme = split_part(d."name_folded", ' ', 1), d."popularity", d."ref_id", d."visible_from", d."language", d."twin_ref_id"
	FROM "search_documents" d, unnest(d."name_words") u;--> statement-breakpoint
CREATE INDEX "search_name_words_rank_idx" ON "search_name_words" USING btree ("kind","word","popularity" DESC,"ref_id");--> statement-breakpoint
CREATE INDEX "search_name_words_first_idx" ON "search_name_words" USING btree ("kind","word","popularity" DESC,"ref_id") WHERE "search_name_words"."first";--> statement-breakpoint
CREATE INDEX "search_name_words_document_idx" ON "search_name_words" USING btree ("kind","ref_id");--> statement-breakpoint
-- The stems of the names' words, so that a typed start finds the lists they head.
INSERT INTO "search_words" ("word", "documents") SELECT word, ndoc FROM ts_stat('SELECT name_words FROM search_documents') WHERE word ~ '^[[:alnum:]]+$' ON CONFLICT ("word") DO NOTHING;
