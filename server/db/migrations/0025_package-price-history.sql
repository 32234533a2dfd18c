CREATE TABLE "package_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"on_sale" boolean NOT NULL,
	"price_kurus" integer NOT NULL,
	"commitment_months" smallint NOT NULL,
	"commitment_price_kurus" integer,
	"intro_months" smallint NOT NULL,
	"intro_price_kurus" integer,
	"price_after_commitment_kurus" integer,
	"modem_rental_kurus" integer NOT NULL,
	"activation_fee_kurus" integer NOT NULL,
	"monthly_price_kurus" integer NOT NULL,
	CONSTRAINT "package_price_changes_kind_check" CHECK ("package_price_changes"."kind" IN ('recorded', 'created', 'changed', 'withdrawn', 'restored')),
	CONSTRAINT "package_price_changes_source_check" CHECK ("package_price_changes"."source" IN ('dashboard', 'admin', 'import', 'demo', 'system'))
);
--> statement-breakpoint
ALTER TABLE "package_price_changes" ADD CONSTRAINT "package_price_changes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_price_changes_package_idx" ON "package_price_changes" USING btree ("package_id","changed_at","id");--> statement-breakpoint
CREATE FUNCTION "package_prices_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := current_setting('genisbant.price_source', true);
BEGIN
  -- Set per transaction by the writer (recordPricesAs); anything else is "system".
  IF src IS NULL OR src NOT IN ('dashboard', 'admin', 'import', 'demo', 'system') THEN
    src := 'system';
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "package_price_changes" ("package_id", "kind", "source", "on_sale", "price_kurus", "commitment_months", "commitment_price_kurus", "intro_months", "intro_price_kurus", "price_after_commitment_kurus", "modem_rental_kurus", "activation_fee_kurus", "monthly_price_kurus")
    SELECT n."id", 'created', src, n."withdrawn_at" IS NULL, n."price_kurus", n."commitment_months", n."commitment_price_kurus", n."intro_months", n."intro_price_kurus", n."price_after_commitment_kurus", n."modem_rental_kurus", n."activation_fee_kurus", n."monthly_price_kurus"
    FROM new_rows n ORDER BY n."id";
  ELSE
    INSERT INTO "package_price_changes" ("package_id", "kind", "source", "on_sale", "price_kurus", "commitment_months", "commitment_price_kurus", "intro_months", "intro_price_kurus", "price_after_commitment_kurus", "modem_rental_kurus", "activation_fee_kurus", "monthly_price_kurus")
    SELECT n."id",
      CASE WHEN o."withdrawn_at" IS NULL AND n."withdrawn_at" IS NOT NULL THEN 'withdrawn'
           WHEN o."withdrawn_at" IS NOT NULL AND n."withdrawn_at" IS NULL THEN 'restored'
           ELSE 'changed' END,
      src, n."withdrawn_at" IS NULL, n."price_kurus", n."commitment_months", n."commitment_price_kurus", n."intro_months", n."intro_price_kurus", n."price_after_commitment_kurus", n."modem_rental_kurus", n."activation_fee_kurus", n."monthly_price_kurus"
    FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (o."withdrawn_at" IS NULL) <> (n."withdrawn_at" IS NULL)
       OR (o."price_kurus", o."commitment_months", o."commitment_price_kurus", o."intro_months", o."intro_price_kurus", o."price_after_commitment_kurus", o."modem_rental_kurus", o."activation_fee_kurus")
          IS DISTINCT FROM (n."price_kurus", n."commitment_months", n."commitment_price_kurus", n."intro_months", n."intro_price_kurus", n."price_after_commitment_kurus", n."modem_rental_kurus", n."activation_fee_kurus")
    ORDER BY n."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "package_prices_insert" AFTER INSERT ON "packages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "package_prices_record"();--> statement-breakpoint
CREATE TRIGGER "package_prices_update" AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "package_prices_record"();--> statement-breakpoint
-- The history begins here: each package's prices as they are now (not a change).
INSERT INTO "package_price_changes" ("package_id", "kind", "source", "on_sale", "price_kurus", "commitment_months", "commitment_price_kurus", "intro_months", "intro_price_kurus", "price_after_commitment_kurus", "modem_rental_kurus", "activation_fee_kurus", "monthly_price_kurus")
SELECT "id", 'recorded', 'system', "withdrawn_at" IS NULL, "price_kurus", "commitment_months", "commitment_price_kurus", "intro_months", "intro_price_kurus", "price_after_commitment_kurus", "modem_rental_kurus", "activation_fee_kurus", "monthly_price_kurus"
FROM "packages" ORDER BY "id";
