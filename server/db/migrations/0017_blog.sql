CREATE TABLE "blog_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer,
	"parent_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'unconfirmed' NOT NULL,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_post_views" (
	"post_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_post_views_post_id_day_pk" PRIMARY KEY("post_id","day")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer,
	"company_id" integer,
	"category_id" smallint NOT NULL,
	"language" text NOT NULL,
	"twin_id" integer,
	"twin_public_at" timestamp with time zone,
	"title" text NOT NULL,
	"subtitle" text,
	"slug" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image" text,
	"image_width" smallint,
	"image_height" smallint,
	"content" jsonb NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"reading_minutes" smallint DEFAULT 1 NOT NULL,
	"faq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"featured" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"demo_key" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_twin_check" CHECK ("blog_posts"."twin_id" <> "blog_posts"."id"),
	CONSTRAINT "blog_posts_tags_check" CHECK (cardinality("blog_posts"."tags") <= 10),
	CONSTRAINT "blog_posts_image_check" CHECK (("blog_posts"."image" IS NULL) = ("blog_posts"."image_width" IS NULL) AND ("blog_posts"."image" IS NULL) = ("blog_posts"."image_height" IS NULL)),
	CONSTRAINT "blog_posts_schedule_check" CHECK ("blog_posts"."state" = 'draft' OR "blog_posts"."publish_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_parent_id_blog_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."blog_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_views" ADD CONSTRAINT "blog_post_views_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_twin_id_blog_posts_id_fk" FOREIGN KEY ("twin_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_comments_post_idx" ON "blog_comments" USING btree ("post_id","state","created_at");--> statement-breakpoint
CREATE INDEX "blog_comments_parent_idx" ON "blog_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blog_comments_state_idx" ON "blog_comments" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "blog_comments_user_idx" ON "blog_comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "blog_post_views_day_idx" ON "blog_post_views" USING btree ("day","post_id");--> statement-breakpoint
CREATE INDEX "blog_posts_public_idx" ON "blog_posts" USING btree ("publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE state IN ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "blog_posts_language_idx" ON "blog_posts" USING btree ("language","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE state IN ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "blog_posts_category_idx" ON "blog_posts" USING btree ("category_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE state IN ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "blog_posts_company_public_idx" ON "blog_posts" USING btree ("company_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE state IN ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "blog_posts_featured_idx" ON "blog_posts" USING btree ("publish_at" DESC NULLS FIRST) WHERE featured AND state IN ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "blog_posts_company_idx" ON "blog_posts" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "blog_posts_author_idx" ON "blog_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "blog_posts_scheduled_idx" ON "blog_posts" USING btree ("publish_at") WHERE state = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_twin_idx" ON "blog_posts" USING btree ("twin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_demo_key_idx" ON "blog_posts" USING btree ("demo_key");--> statement-breakpoint
-- Posts are read in lists far more often than whole: their long columns (the document, its text,
-- the search text) go out of line early, so a list or a count reads narrow rows.
ALTER TABLE "blog_posts" SET (toast_tuple_target = 512);--> statement-breakpoint
-- twin_public_at: from when a post's twin is public (its publish time while it is published or
-- scheduled), kept on every write of either post, whatever writes it. A post takes its twin's
-- before it is stored; a post that changes tells the post whose twin it is.
CREATE FUNCTION "blog_posts_own_twin_public_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.twin_public_at := (SELECT CASE WHEN t.state IN ('published', 'scheduled') THEN t.publish_at END FROM "blog_posts" t WHERE t.id = NEW.twin_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_own_twin_public_at" BEFORE INSERT OR UPDATE OF "twin_id" ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "blog_posts_own_twin_public_at"();--> statement-breakpoint
CREATE FUNCTION "blog_posts_tell_twin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "blog_posts" SET twin_public_at = CASE WHEN NEW.state IN ('published', 'scheduled') THEN NEW.publish_at END
  WHERE twin_id = NEW.id AND twin_public_at IS DISTINCT FROM (CASE WHEN NEW.state IN ('published', 'scheduled') THEN NEW.publish_at END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_tell_twin" AFTER INSERT OR UPDATE OF "state", "publish_at", "twin_id" ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "blog_posts_tell_twin"();
