CREATE TABLE "infra_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"bbk" bigint NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "infra_alerts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "infra_flats" (
	"bbk" bigint PRIMARY KEY NOT NULL,
	"uavt" bigint,
	"landline" text,
	"building_code" bigint NOT NULL,
	"name" text NOT NULL,
	"technologies" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infra_nodes" (
	"level" smallint NOT NULL,
	"code" bigint NOT NULL,
	"parent_code" bigint,
	"name" text NOT NULL,
	CONSTRAINT "infra_nodes_level_code_pk" PRIMARY KEY("level","code")
);
--> statement-breakpoint
CREATE TABLE "infra_query_counts" (
	"neighbourhood_code" bigint NOT NULL,
	"technology" text NOT NULL,
	"province_code" smallint NOT NULL,
	"district_name" text NOT NULL,
	"neighbourhood_name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "infra_query_counts_neighbourhood_code_technology_pk" PRIMARY KEY("neighbourhood_code","technology")
);
--> statement-breakpoint
CREATE TABLE "infra_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"bbk" bigint NOT NULL,
	"province_code" smallint,
	"actual_technology" text NOT NULL,
	"actual_down_mbps" integer,
	"note" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "infra_alerts_flat_email_idx" ON "infra_alerts" USING btree ("bbk","email");--> statement-breakpoint
CREATE INDEX "infra_alerts_due_idx" ON "infra_alerts" USING btree ("confirmed_at","notified_at","last_checked_at");--> statement-breakpoint
CREATE INDEX "infra_flats_building_idx" ON "infra_flats" USING btree ("building_code");--> statement-breakpoint
CREATE INDEX "infra_flats_uavt_idx" ON "infra_flats" USING btree ("uavt");--> statement-breakpoint
CREATE INDEX "infra_flats_landline_idx" ON "infra_flats" USING btree ("landline");--> statement-breakpoint
CREATE INDEX "infra_nodes_parent_idx" ON "infra_nodes" USING btree ("level","parent_code");--> statement-breakpoint
CREATE INDEX "infra_query_counts_province_idx" ON "infra_query_counts" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "infra_reports_bbk_idx" ON "infra_reports" USING btree ("bbk");--> statement-breakpoint
CREATE INDEX "infra_reports_created_idx" ON "infra_reports" USING btree ("created_at");