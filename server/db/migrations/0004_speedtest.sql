CREATE TABLE "speedtest_results" (
	"id" text PRIMARY KEY NOT NULL,
	"test_id" text NOT NULL,
	"user_id" integer,
	"ip_hash" text,
	"download" double precision NOT NULL,
	"upload" double precision NOT NULL,
	"ping" double precision NOT NULL,
	"ping_min" double precision NOT NULL,
	"jitter" double precision NOT NULL,
	"loaded_down" double precision NOT NULL,
	"loaded_up" double precision NOT NULL,
	"grade" text NOT NULL,
	"provider" text,
	"provider_key" text,
	"city_code" smallint,
	"promised_down" double precision,
	"promised_up" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speedtest_results_test_id_unique" UNIQUE("test_id")
);
--> statement-breakpoint
ALTER TABLE "speedtest_results" ADD CONSTRAINT "speedtest_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speedtest_results_user_idx" ON "speedtest_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "speedtest_results_city_idx" ON "speedtest_results" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "speedtest_results_provider_idx" ON "speedtest_results" USING btree ("provider_key");