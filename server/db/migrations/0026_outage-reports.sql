CREATE TABLE "outage_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"city_code" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"threshold" integer NOT NULL,
	"peak_networks" integer NOT NULL,
	"districts" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outage_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"city_code" smallint NOT NULL,
	"district" text NOT NULL,
	"problem" text NOT NULL,
	"day" date NOT NULL,
	"address_key" text NOT NULL,
	"network_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outage_reports_problem_check" CHECK ("outage_reports"."problem" IN ('noConnection', 'slow', 'drops', 'dns', 'tv')),
	CONSTRAINT "outage_reports_city_check" CHECK ("outage_reports"."city_code" BETWEEN 1 AND 81)
);
--> statement-breakpoint
ALTER TABLE "outage_incidents" ADD CONSTRAINT "outage_incidents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_reports" ADD CONSTRAINT "outage_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outage_incidents_open_idx" ON "outage_incidents" USING btree ("company_id","city_code") WHERE "outage_incidents"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outage_incidents_company_idx" ON "outage_incidents" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_reports_once_idx" ON "outage_reports" USING btree ("company_id","day","address_key");--> statement-breakpoint
CREATE INDEX "outage_reports_company_time_idx" ON "outage_reports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "outage_reports_company_city_time_idx" ON "outage_reports" USING btree ("company_id","city_code","created_at");--> statement-breakpoint
CREATE INDEX "outage_reports_created_idx" ON "outage_reports" USING btree ("created_at");