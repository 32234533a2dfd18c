CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"type_id" smallint NOT NULL,
	"sub_type_id" smallint,
	"logo" text,
	"country" text DEFAULT 'TR' NOT NULL,
	"province_code" smallint,
	"phone" text,
	"fax" text,
	"kep_address" text,
	"corporate_title" text,
	"web_url" text,
	"email" text,
	"address" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"about" text,
	"youtube_url" text,
	"meta_title" text,
	"meta_keywords" text,
	"meta_description" text,
	"packages_footer_text" text,
	"serves_whole_country" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"self_managed" boolean DEFAULT false NOT NULL,
	"publish_state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"published_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"review_score_sum" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_country_check" CHECK ("companies"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "company_profile_views" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_profile_views_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "company_provinces" (
	"company_id" integer NOT NULL,
	"province_code" smallint NOT NULL,
	CONSTRAINT "company_provinces_company_id_province_code_pk" PRIMARY KEY("company_id","province_code")
);
--> statement-breakpoint
CREATE TABLE "company_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"full_name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"score" smallint NOT NULL,
	"state" text DEFAULT 'unconfirmed' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_reviews_score_check" CHECK ("company_reviews"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "company_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"author_id" integer,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"logo" text
);
--> statement-breakpoint
CREATE TABLE "company_sponsorships" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_sponsorships_period_check" CHECK ("company_sponsorships"."ends_at" > "company_sponsorships"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_type_id_corporate_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."corporate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_sub_type_id_corporate_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."corporate_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_profile_views" ADD CONSTRAINT "company_profile_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_provinces" ADD CONSTRAINT "company_provinces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_revisions" ADD CONSTRAINT "company_revisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_revisions" ADD CONSTRAINT "company_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_revisions" ADD CONSTRAINT "company_revisions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_services" ADD CONSTRAINT "company_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sponsorships" ADD CONSTRAINT "company_sponsorships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sponsorships" ADD CONSTRAINT "company_sponsorships_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_idx" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "companies_owner_idx" ON "companies" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "companies_public_idx" ON "companies" USING btree ("publish_state","sub_type_id","created_at");--> statement-breakpoint
CREATE INDEX "company_profile_views_day_idx" ON "company_profile_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "company_provinces_province_idx" ON "company_provinces" USING btree ("province_code");--> statement-breakpoint
CREATE UNIQUE INDEX "company_reviews_user_company_idx" ON "company_reviews" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_reviews_company_state_idx" ON "company_reviews" USING btree ("company_id","state","created_at");--> statement-breakpoint
CREATE INDEX "company_reviews_state_idx" ON "company_reviews" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "company_reviews_user_idx" ON "company_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_revisions_pending_idx" ON "company_revisions" USING btree ("company_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "company_revisions_state_idx" ON "company_revisions" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "company_services_company_idx" ON "company_services" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "company_sponsorships_company_idx" ON "company_sponsorships" USING btree ("company_id","ends_at");