ALTER TABLE "packages" ADD COLUMN "ranking_monthly_kurus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The ranking figure of the packages already stored, as common/package-cost.ts computes it: every
-- month of max(24, commitment) at its fee (free, campaign, committed, after the commitment) plus the
-- modem rental, the activation fee once, divided by the months and rounded half up to a kuruş.
UPDATE "packages" AS p SET "ranking_monthly_kurus" = (
  SELECT floor((sum(
    CASE
      WHEN m <= p."free_months" THEN 0
      WHEN p."commitment_months" = 0 THEN p."price_kurus"
      WHEN m > p."commitment_months" THEN coalesce(p."price_after_commitment_kurus", p."price_kurus")
      WHEN m <= p."intro_months" THEN coalesce(p."intro_price_kurus", 0)
      ELSE coalesce(p."commitment_price_kurus", 0)
    END + p."modem_rental_kurus") + p."activation_fee_kurus")::numeric / greatest(24, p."commitment_months") + 0.5)::integer
  FROM generate_series(1, greatest(24, p."commitment_months")) AS m
);
