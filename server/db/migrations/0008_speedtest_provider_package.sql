DROP INDEX "speedtest_results_provider_idx";--> statement-breakpoint
ALTER TABLE "speedtest_results" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "speedtest_results" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "speedtest_results" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "speedtest_results" ADD CONSTRAINT "speedtest_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speedtest_results" ADD CONSTRAINT "speedtest_results_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speedtest_results_company_time_idx" ON "speedtest_results" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "speedtest_results" DROP COLUMN "provider_key";