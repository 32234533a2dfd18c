CREATE TABLE "outage_alert_mails" (
	"alert_id" integer NOT NULL,
	"incident_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outage_alert_mails_alert_id_incident_id_pk" PRIMARY KEY("alert_id","incident_id")
);
--> statement-breakpoint
CREATE TABLE "outage_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"city_code" smallint NOT NULL,
	"district" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outage_alerts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "outage_alert_mails" ADD CONSTRAINT "outage_alert_mails_alert_id_outage_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."outage_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_alert_mails" ADD CONSTRAINT "outage_alert_mails_incident_id_outage_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."outage_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_alerts" ADD CONSTRAINT "outage_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_alerts" ADD CONSTRAINT "outage_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outage_alerts_once_idx" ON "outage_alerts" USING btree ("user_id","company_id","city_code","district");--> statement-breakpoint
CREATE INDEX "outage_alerts_place_idx" ON "outage_alerts" USING btree ("company_id","city_code");