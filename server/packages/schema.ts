import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { MODEM_OFFERS, PHONE_BUNDLES, PRICE_CHANGE_KINDS, PRICE_SOURCES, SERVICE_KINDS, TECHNOLOGIES } from "../../common/packages";
export { PRICE_CHANGE_KINDS, PRICE_SOURCES, type PriceChangeKind, type PriceSource } from "../../common/packages";
import { companies } from "../companies/schema";

// Packages of companies (internet, hosting, server, TV) with every term the whole-cost arithmetic
// needs (common/package-cost.ts), and the provinces a package serves. Money is integer kuruş.

export const packages = pgTable(
  "packages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    serviceKind: text("service_kind", { enum: SERVICE_KINDS }).notNull(),
    title: text("title").notNull(),
    /** The package's url segment, unique per company ("url not unique"). */
    slug: text("slug").notNull(),
    description: text("description"),
    /** File name under DATA_DIR/uploads/package-images. */
    image: text("image"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** Internet only: adsl, vdsl, fiber, airfiber, kablonet. */
    technology: text("technology", { enum: TECHNOLOGIES }),
    /** "Up to" speeds in Mbps (internet); null where they do not apply. */
    downloadMbps: integer("download_mbps"),
    uploadMbps: integer("upload_mbps"),
    /** Monthly quota in GB; null = unlimited. */
    quotaGb: integer("quota_gb"),
    /** Fair-usage terms in plain words (e.g. the speed after a threshold); null when none. */
    fairUsage: text("fair_usage"),
    /** Monthly price without commitment. */
    priceKurus: integer("price_kurus").notNull(),
    /** 0 = no commitment; otherwise 1–24 months. */
    commitmentMonths: smallint("commitment_months").notNull().default(0),
    /** Monthly price while committed (null without commitment). */
    commitmentPriceKurus: integer("commitment_price_kurus"),
    /** A campaign price for the first months of the commitment (e.g. the first 12 of 24). */
    introMonths: smallint("intro_months").notNull().default(0),
    introPriceKurus: integer("intro_price_kurus"),
    /** Monthly price once the commitment ends; null = the price without commitment. */
    priceAfterCommitmentKurus: integer("price_after_commitment_kurus"),
    modemOffer: text("modem_offer", { enum: MODEM_OFFERS }).notNull().default("own"),
    /** Monthly modem rental (modem_offer = rental). */
    modemRentalKurus: integer("modem_rental_kurus").notNull().default(0),
    activationFeeKurus: integer("activation_fee_kurus").notNull().default(0),
    /** Months at the start of the subscription that are not charged. */
    freeMonths: smallint("free_months").notNull().default(0),
    /** A one-off discount granted at the start (e.g. a waived activation fee); counts toward the termination fee. */
    discountKurus: integer("discount_kurus").notNull().default(0),
    discountNote: text("discount_note"),
    phoneBundle: text("phone_bundle", { enum: PHONE_BUNDLES }).notNull().default("none"),
    talkPackage: boolean("talk_package").notNull().default(false),
    /** The TV platform subscription bundled, by name; null for none. */
    tvPlatform: text("tv_platform"),
    gsmIncluded: boolean("gsm_included").notNull().default(false),
    /** Serves every province (then package_provinces is empty). */
    servesAllCities: boolean("serves_all_cities").notNull().default(true),
    /** Hosting and server terms: disk, monthly traffic (null = unlimited), CPU cores, RAM. */
    diskGb: integer("disk_gb"),
    trafficGb: integer("traffic_gb"),
    cpuCores: smallint("cpu_cores"),
    ramGb: integer("ram_gb"),
    /** TV: number of channels. */
    channelCount: integer("channel_count"),
    /** The day the prices were last confirmed with the company. */
    priceConfirmedOn: date("price_confirmed_on", { mode: "string" }).notNull(),
    /** Withdrawn from sale: shown marked for two years (tariff archive), never offered for a request. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** A sponsored period (labelled; never changes a filter's results or order). */
    sponsoredFrom: timestamp("sponsored_from", { withTimezone: true }),
    sponsoredUntil: timestamp("sponsored_until", { withTimezone: true }),
    /**
     * Derived by packageCostSummary (common/package-cost.ts) on every write, for filters and sorts:
     * the headline monthly price (with commitment when there is one), the total cost over the
     * commitment (12 months without one), and that total per month.
     */
    monthlyPriceKurus: integer("monthly_price_kurus").notNull(),
    totalCostKurus: integer("total_cost_kurus").notNull(),
    effectiveMonthlyKurus: integer("effective_monthly_kurus").notNull(),
    /** The ranking figure (common/package-cost.ts rankingMonthlyKurus): average per month over 24 months, all included. */
    rankingMonthlyKurus: integer("ranking_monthly_kurus").notNull().default(0),
    /** foldSearchText(title, tags, company name). */
    searchText: text("search_text").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    reviewCount: integer("review_count").notNull().default(0),
    reviewScoreSum: integer("review_score_sum").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("packages_company_slug_idx").on(t.companyId, t.slug),
    index("packages_kind_price_idx").on(t.serviceKind, t.monthlyPriceKurus),
    index("packages_company_idx").on(t.companyId, t.withdrawnAt),
    check("packages_commitment_check", sql`${t.commitmentMonths} BETWEEN 0 AND 24`),
    check(
      "packages_commitment_price_check",
      sql`(${t.commitmentMonths} = 0) = (${t.commitmentPriceKurus} IS NULL)`,
    ),
    check("packages_intro_check", sql`${t.introMonths} >= 0 AND ${t.introMonths} <= ${t.commitmentMonths} AND (${t.introMonths} = 0) = (${t.introPriceKurus} IS NULL)`),
    check(
      "packages_money_check",
      sql`${t.priceKurus} >= 0 AND ${t.modemRentalKurus} >= 0 AND ${t.activationFeeKurus} >= 0 AND ${t.discountKurus} >= 0 AND coalesce(${t.commitmentPriceKurus}, 0) >= 0 AND coalesce(${t.introPriceKurus}, 0) >= 0 AND coalesce(${t.priceAfterCommitmentKurus}, 0) >= 0`,
    ),
    check("packages_free_months_check", sql`${t.freeMonths} BETWEEN 0 AND 24`),
    check("packages_sponsored_check", sql`(${t.sponsoredFrom} IS NULL) = (${t.sponsoredUntil} IS NULL) AND (${t.sponsoredUntil} IS NULL OR ${t.sponsoredUntil} > ${t.sponsoredFrom})`),
  ],
);

/** Provinces a package serves (empty when it serves all). */
export const packageProvinces = pgTable(
  "package_provinces",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    /** Plate code 1–81. */
    provinceCode: smallint("province_code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.provinceCode] }), index("package_provinces_province_idx").on(t.provinceCode)],
);

/**
 * Every change of a package's prices, its creation and its withdrawal, with the prices after it
 * (the ones before are the previous row's). Written by a trigger on `packages` (migration
 * 0025), so that no write path can forget it; the source comes from the transaction's
 * `genisbant.price_source` setting (`recordPricesAs`).
 */
export const packagePriceChanges = pgTable(
  "package_price_changes",
  {
    id: serial("id").primaryKey(),
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind", { enum: PRICE_CHANGE_KINDS }).notNull(),
    source: text("source", { enum: PRICE_SOURCES }).notNull(),
    /** On sale after the change (false once withdrawn). */
    onSale: boolean("on_sale").notNull(),
    priceKurus: integer("price_kurus").notNull(),
    commitmentMonths: smallint("commitment_months").notNull(),
    commitmentPriceKurus: integer("commitment_price_kurus"),
    introMonths: smallint("intro_months").notNull(),
    introPriceKurus: integer("intro_price_kurus"),
    priceAfterCommitmentKurus: integer("price_after_commitment_kurus"),
    modemRentalKurus: integer("modem_rental_kurus").notNull(),
    activationFeeKurus: integer("activation_fee_kurus").notNull(),
    /** The headline monthly price (with commitment when there is one), as lists show it. */
    monthlyPriceKurus: integer("monthly_price_kurus").notNull(),
  },
  (t) => [
    index("package_price_changes_package_idx").on(t.packageId, t.changedAt, t.id),
    check("package_price_changes_kind_check", sql`${t.kind} IN ('recorded', 'created', 'changed', 'withdrawn', 'restored')`),
    check("package_price_changes_source_check", sql`${t.source} IN ('dashboard', 'admin', 'import', 'demo', 'system')`),
  ],
);
