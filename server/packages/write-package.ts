import { and, eq, ne } from "drizzle-orm";
import type { PackageInput } from "../../common/forms/packages";
import { packageCostSummary } from "../../common/package-cost";
import { foldSearchText } from "../../common/search-text";
import type { Database } from "../db/client";
import { companies } from "../companies/schema";
import { packageProvinces, packages } from "./schema";
import { AppError } from "../platform/app-error";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/** The stored columns of a package from its validated input: the terms and the derived cost columns. */
export function packageColumns(input: PackageInput, companyName: string, today = new Date()) {
  const cost = packageCostSummary(input);
  return {
    serviceKind: input.serviceKind,
    title: input.title,
    slug: input.slug,
    description: input.description,
    tags: input.tags,
    technology: input.technology,
    downloadMbps: input.downloadMbps,
    uploadMbps: input.uploadMbps,
    quotaGb: input.quotaGb,
    fairUsage: input.fairUsage,
    priceKurus: input.priceKurus,
    commitmentMonths: input.commitmentMonths,
    commitmentPriceKurus: input.commitmentPriceKurus,
    introMonths: input.introMonths,
    introPriceKurus: input.introPriceKurus,
    priceAfterCommitmentKurus: input.priceAfterCommitmentKurus,
    modemOffer: input.modemOffer,
    modemRentalKurus: input.modemRentalKurus,
    activationFeeKurus: input.activationFeeKurus,
    freeMonths: input.freeMonths,
    discountKurus: input.discountKurus,
    discountNote: input.discountNote,
    phoneBundle: input.phoneBundle,
    talkPackage: input.talkPackage,
    tvPlatform: input.tvPlatform,
    gsmIncluded: input.gsmIncluded,
    servesAllCities: input.servesAllCities,
    diskGb: input.diskGb,
    trafficGb: input.trafficGb,
    cpuCores: input.cpuCores,
    ramGb: input.ramGb,
    channelCount: input.channelCount,
    priceConfirmedOn: input.priceConfirmedOn ?? today.toISOString().slice(0, 10),
    monthlyPriceKurus: cost.monthlyPriceKurus,
    totalCostKurus: cost.totalCostKurus,
    effectiveMonthlyKurus: cost.effectiveMonthlyKurus,
    rankingMonthlyKurus: cost.rankingMonthlyKurus,
    searchText: foldSearchText([input.title, ...input.tags, companyName].join(" ").replace(/\s+/g, " ").trim()),
  };
}

async function companyName(db: Executor, companyId: number): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.companyNotFound");
  return row.name;
}

async function assertSlugFree(db: Executor, companyId: number, slug: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.companyId, companyId), eq(packages.slug, slug), exceptId === undefined ? undefined : ne(packages.id, exceptId)))
    .limit(1);
  if (clash) throw new AppError("E_CONFLICT", "packages.errors.urlNotUnique", { fieldErrors: { slug: { key: "packages.errors.urlNotUnique" } } });
}

/**
 * Stores a new package of a company (no permission check: callers check the owner first).
 * Throws E_CONFLICT "url not unique" when the company already has a package at that url.
 */
export async function insertPackage(db: Executor, companyId: number, input: PackageInput, opts: { isDemo?: boolean; now?: Date; image?: string | null } = {}): Promise<number> {
  const name = await companyName(db, companyId);
  await assertSlugFree(db, companyId, input.slug);
  const [row] = await db
    .insert(packages)
    .values({ companyId, ...packageColumns(input, name, opts.now), isDemo: opts.isDemo ?? false, image: opts.image ?? null })
    .returning({ id: packages.id });
  const id = row!.id;
  if (input.provinces.length) await db.insert(packageProvinces).values(input.provinces.map((provinceCode) => ({ packageId: id, provinceCode })));
  return id;
}

/** Replaces every term of a package (no permission check); its image is not a term and stays. */
export async function replacePackage(db: Executor, companyId: number, packageId: number, input: PackageInput, opts: { now?: Date } = {}): Promise<void> {
  const name = await companyName(db, companyId);
  await assertSlugFree(db, companyId, input.slug, packageId);
  const updated = await db
    .update(packages)
    .set({ ...packageColumns(input, name, opts.now), updatedAt: new Date() })
    .where(and(eq(packages.id, packageId), eq(packages.companyId, companyId)))
    .returning({ id: packages.id });
  if (!updated.length) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  await db.delete(packageProvinces).where(eq(packageProvinces.packageId, packageId));
  if (input.provinces.length) await db.insert(packageProvinces).values(input.provinces.map((provinceCode) => ({ packageId, provinceCode })));
}
