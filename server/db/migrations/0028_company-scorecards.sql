CREATE TABLE "company_scorecards" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"promise_share" double precision,
	"evening_drop" double precision,
	"grade_rank" smallint,
	"incidents_per_month" double precision,
	"increases_per_package" double precision,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_scorecards" ADD CONSTRAINT "company_scorecards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;