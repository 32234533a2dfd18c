CREATE TABLE "commitment_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"package_id" integer,
	"province_code" smallint,
	"ends_on" date NOT NULL,
	"remind_on" date NOT NULL,
	"consent_text" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"locale" text DEFAULT 'tr' NOT NULL,
	"unsubscribe_hash" text NOT NULL,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_delivery_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"mail" text,
	"webhook_url" text,
	"webhook_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone,
	"last_error" text,
	"last_status" smallint,
	"message_id" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer NOT NULL,
	"package_id" integer,
	"first_name" text NOT NULL,
	"last_name" text,
	"phone" text NOT NULL,
	"consent_text" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"locale" text DEFAULT 'tr' NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"ip_hash" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_provinces" (
	"package_id" integer NOT NULL,
	"province_code" smallint NOT NULL,
	CONSTRAINT "package_provinces_package_id_province_code_pk" PRIMARY KEY("package_id","province_code")
);
--> statement-breakpoint
CREATE TABLE "package_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
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
	CONSTRAINT "package_reviews_score_check" CHECK ("package_reviews"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_kind" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"image" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"technology" text,
	"download_mbps" integer,
	"upload_mbps" integer,
	"quota_gb" integer,
	"fair_usage" text,
	"price_kurus" integer NOT NULL,
	"commitment_months" smallint DEFAULT 0 NOT NULL,
	"commitment_price_kurus" integer,
	"intro_months" smallint DEFAULT 0 NOT NULL,
	"intro_price_kurus" integer,
	"price_after_commitment_kurus" integer,
	"modem_offer" text DEFAULT 'own' NOT NULL,
	"modem_rental_kurus" integer DEFAULT 0 NOT NULL,
	"activation_fee_kurus" integer DEFAULT 0 NOT NULL,
	"free_months" smallint DEFAULT 0 NOT NULL,
	"discount_kurus" integer DEFAULT 0 NOT NULL,
	"discount_note" text,
	"phone_bundle" text DEFAULT 'none' NOT NULL,
	"talk_package" boolean DEFAULT false NOT NULL,
	"tv_platform" text,
	"gsm_included" boolean DEFAULT false NOT NULL,
	"serves_all_cities" boolean DEFAULT true NOT NULL,
	"disk_gb" integer,
	"traffic_gb" integer,
	"cpu_cores" smallint,
	"ram_gb" integer,
	"channel_count" integer,
	"price_confirmed_on" date NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"sponsored_from" timestamp with time zone,
	"sponsored_until" timestamp with time zone,
	"monthly_price_kurus" integer NOT NULL,
	"total_cost_kurus" integer NOT NULL,
	"effective_monthly_kurus" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"review_score_sum" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_commitment_check" CHECK ("packages"."commitment_months" BETWEEN 0 AND 24),
	CONSTRAINT "packages_commitment_price_check" CHECK (("packages"."commitment_months" = 0) = ("packages"."commitment_price_kurus" IS NULL)),
	CONSTRAINT "packages_intro_check" CHECK ("packages"."intro_months" >= 0 AND "packages"."intro_months" <= "packages"."commitment_months" AND ("packages"."intro_months" = 0) = ("packages"."intro_price_kurus" IS NULL)),
	CONSTRAINT "packages_money_check" CHECK ("packages"."price_kurus" >= 0 AND "packages"."modem_rental_kurus" >= 0 AND "packages"."activation_fee_kurus" >= 0 AND "packages"."discount_kurus" >= 0 AND coalesce("packages"."commitment_price_kurus", 0) >= 0 AND coalesce("packages"."intro_price_kurus", 0) >= 0 AND coalesce("packages"."price_after_commitment_kurus", 0) >= 0),
	CONSTRAINT "packages_free_months_check" CHECK ("packages"."free_months" BETWEEN 0 AND 24),
	CONSTRAINT "packages_sponsored_check" CHECK (("packages"."sponsored_from" IS NULL) = ("packages"."sponsored_until" IS NULL) AND ("packages"."sponsored_until" IS NULL OR "packages"."sponsored_until" > "packages"."sponsored_from"))
);
--> statement-breakpoint
ALTER TABLE "commitment_reminders" ADD CONSTRAINT "commitment_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitment_reminders" ADD CONSTRAINT "commitment_reminders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_delivery_settings" ADD CONSTRAINT "company_delivery_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_provinces" ADD CONSTRAINT "package_provinces_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_reviews" ADD CONSTRAINT "package_reviews_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_reviews" ADD CONSTRAINT "package_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_reviews" ADD CONSTRAINT "package_reviews_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_reviews" ADD CONSTRAINT "package_reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commitment_reminders_due_idx" ON "commitment_reminders" USING btree ("remind_on") WHERE sent_at IS NULL AND unsubscribed_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "commitment_reminders_unsubscribe_idx" ON "commitment_reminders" USING btree ("unsubscribe_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_lead_channel_idx" ON "lead_deliveries" USING btree ("lead_id","channel");--> statement-breakpoint
CREATE INDEX "lead_deliveries_state_idx" ON "lead_deliveries" USING btree ("state","next_try_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_reference_idx" ON "leads" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "leads_company_idx" ON "leads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_dedupe_idx" ON "leads" USING btree ("dedupe_key","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "package_provinces_province_idx" ON "package_provinces" USING btree ("province_code");--> statement-breakpoint
CREATE UNIQUE INDEX "package_reviews_user_package_idx" ON "package_reviews" USING btree ("package_id","user_id");--> statement-breakpoint
CREATE INDEX "package_reviews_package_state_idx" ON "package_reviews" USING btree ("package_id","state","created_at");--> statement-breakpoint
CREATE INDEX "package_reviews_state_idx" ON "package_reviews" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "package_reviews_user_idx" ON "package_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_company_slug_idx" ON "packages" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "packages_kind_price_idx" ON "packages" USING btree ("service_kind","monthly_price_kurus");--> statement-breakpoint
CREATE INDEX "packages_company_idx" ON "packages" USING btree ("company_id","withdrawn_at");