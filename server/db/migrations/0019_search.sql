-- The site search (decision 032). pg_trgm finds the words a typo or a prefix is near; PGlite loads
-- it as an extension of its own (server/db/client.ts), PostgreSQL has it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
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
	"popularity" real DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id"),
	CONSTRAINT "search_documents_language_check" CHECK ("search_documents"."language" IS NULL OR "search_documents"."language" IN ('tr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "search_pending" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_pending_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");--> statement-breakpoint
CREATE INDEX "search_documents_name_trgm_idx" ON "search_documents" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_company_idx" ON "search_documents" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);
--> statement-breakpoint
-- What keeps the documents true: every change to a company, a package or a post queues its record
-- (the search area builds its document again from the source, in JavaScript). A company's name,
-- path or state also shows in its packages' and posts' documents, so a change to those queues them.
CREATE FUNCTION "search_queue_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "search_pending" ("kind", "ref_id") SELECT TG_ARGV[0], id FROM old_rows
    ON CONFLICT ("kind", "ref_id") DO UPDATE SET "queued_at" = now();
  ELSE
    INSERT INTO "search_pending" ("kind", "ref_id") SELECT TG_ARGV[0], id FROM new_rows
    ON CONFLICT ("kind", "ref_id") DO UPDATE SET "queued_at" = now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_packages_insert" AFTER INSERT ON "packages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_queue_rows"('package');--> statement-breakpoint
CREATE TRIGGER "search_packages_update" AFTER UPDATE ON "packages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_queue_rows"('package');--> statement-breakpoint
CREATE TRIGGER "search_packages_delete" AFTER DELETE ON "packages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_queue_rows"('package');--> statement-breakpoint
CREATE TRIGGER "search_blog_posts_insert" AFTER INSERT ON "blog_posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_queue_rows"('post');--> statement-breakpoint
CREATE TRIGGER "search_blog_posts_update" AFTER UPDATE ON "blog_posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_queue_rows"('post');--> statement-breakpoint
CREATE TRIGGER "search_blog_posts_delete" AFTER DELETE ON "blog_posts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_queue_rows"('post');--> statement-breakpoint
CREATE FUNCTION "search_queue_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "search_pending" ("kind", "ref_id") VALUES ('company', OLD.id)
    ON CONFLICT ("kind", "ref_id") DO UPDATE SET "queued_at" = now();
    RETURN NULL;
  END IF;
  INSERT INTO "search_pending" ("kind", "ref_id") VALUES ('company', NEW.id)
  ON CONFLICT ("kind", "ref_id") DO UPDATE SET "queued_at" = now();
  IF TG_OP = 'UPDATE' AND (OLD.name, OLD.slug, OLD.type_id, OLD.sub_type_id, OLD.publish_state, OLD.is_demo)
      IS DISTINCT FROM (NEW.name, NEW.slug, NEW.type_id, NEW.sub_type_id, NEW.publish_state, NEW.is_demo) THEN
    INSERT INTO "search_pending" ("kind", "ref_id") SELECT 'package', id FROM "packages" WHERE company_id = NEW.id
    ON CONFLICT ("kind", "ref_id") DO UPDATE SET "queued_at" = now();
    INSERT INTO "search_pending" ("kind", "ref_id") SELECT 'post', id FROM "blog_posts" WHERE company_id = NEW.id
    ON CONFLICT ("kind", "ref_id") DO UPDATE SET "queued_at" = now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_companies" AFTER INSERT OR DELETE OR UPDATE OF "name", "slug", "type_id", "sub_type_id", "publish_state", "is_demo", "tags", "corporate_title", "province_code", "review_count", "review_score_sum" ON "companies" FOR EACH ROW EXECUTE FUNCTION "search_queue_company"();--> statement-breakpoint
-- What is there already is queued once.
INSERT INTO "search_pending" ("kind", "ref_id")
SELECT 'company', id FROM "companies" UNION ALL SELECT 'package', id FROM "packages" UNION ALL SELECT 'post', id FROM "blog_posts";
