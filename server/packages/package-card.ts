import { sql, type SQL } from "drizzle-orm";
import { findCorporateSubTypeById, findCorporateTypeById } from "../../common/corporate-types";
import { packageCostSummary, pricePerMbpsKurus } from "../../common/package-cost";
import type { PackageCard } from "../../common/package-types";
import { packageImageUrl, WITHDRAWN_VISIBLE_DAYS } from "../../common/packages";

export type { PackageCard };
import { companies } from "../companies/schema";
import { packages } from "./schema";

/**
 * The first path segment of a company's profile: its sub type's url, or its type's. (The same
 * rule as the company directory's profileSegment; kept here so packages do not depend on its
 * module. At merge, either may call the other.)
 */
export function companySegment(company: { typeId: number; subTypeId: number | null }): string {
  if (company.subTypeId !== null) {
    const sub = findCorporateSubTypeById(company.subTypeId);
    if (sub) return sub.url;
  }
  return findCorporateTypeById(company.typeId)?.url ?? "isletme";
}

/** The columns a card needs (packages joined to companies). */
export const cardColumns = {
  id: packages.id,
  title: packages.title,
  slug: packages.slug,
  serviceKind: packages.serviceKind,
  technology: packages.technology,
  downloadMbps: packages.downloadMbps,
  uploadMbps: packages.uploadMbps,
  quotaGb: packages.quotaGb,
  priceKurus: packages.priceKurus,
  commitmentMonths: packages.commitmentMonths,
  commitmentPriceKurus: packages.commitmentPriceKurus,
  introMonths: packages.introMonths,
  introPriceKurus: packages.introPriceKurus,
  priceAfterCommitmentKurus: packages.priceAfterCommitmentKurus,
  modemOffer: packages.modemOffer,
  modemRentalKurus: packages.modemRentalKurus,
  activationFeeKurus: packages.activationFeeKurus,
  freeMonths: packages.freeMonths,
  discountKurus: packages.discountKurus,
  tvPlatform: packages.tvPlatform,
  priceConfirmedOn: packages.priceConfirmedOn,
  isDemo: packages.isDemo,
  withdrawnAt: packages.withdrawnAt,
  sponsoredFrom: packages.sponsoredFrom,
  sponsoredUntil: packages.sponsoredUntil,
  image: packages.image,
  companyId: companies.id,
  companyName: companies.name,
  companySlug: companies.slug,
  companyTypeId: companies.typeId,
  companySubTypeId: companies.subTypeId,
};

export type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"] | ((typeof cardColumns)[K]["_"]["notNull"] extends true ? never : null);
};

export function toCard(r: CardRow, now: Date): PackageCard {
  const cost = packageCostSummary(r);
  const segment = companySegment({ typeId: r.companyTypeId, subTypeId: r.companySubTypeId });
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    serviceKind: r.serviceKind,
    technology: r.technology,
    downloadMbps: r.downloadMbps,
    uploadMbps: r.uploadMbps,
    quotaGb: r.quotaGb,
    company: { id: r.companyId, name: r.companyName, slug: r.companySlug, segment },
    path: `/${segment}/${r.companySlug}/paket/${r.slug}`,
    priceKurus: r.priceKurus,
    monthlyPriceKurus: cost.monthlyPriceKurus,
    commitmentMonths: r.commitmentMonths,
    totalCostKurus: cost.totalCostKurus,
    horizonMonths: cost.horizonMonths,
    effectiveMonthlyKurus: cost.effectiveMonthlyKurus,
    priceAfterCommitmentKurus: cost.priceAfterCommitmentKurus,
    pricePerMbpsKurus: pricePerMbpsKurus(cost.effectiveMonthlyKurus, r.downloadMbps),
    activationFeeKurus: r.activationFeeKurus,
    modemOffer: r.modemOffer,
    modemRentalKurus: r.modemRentalKurus,
    tvPlatform: r.tvPlatform,
    priceConfirmedOn: r.priceConfirmedOn,
    isDemo: r.isDemo,
    sponsored: isSponsored(r, now),
    withdrawn: r.withdrawnAt !== null,
    imageUrl: r.image ? packageImageUrl(r.image) : null,
  };
}

export function isSponsored(r: { sponsoredFrom: Date | null; sponsoredUntil: Date | null }, now: Date): boolean {
  return r.sponsoredFrom !== null && r.sponsoredUntil !== null && r.sponsoredFrom <= now && now < r.sponsoredUntil;
}

/** Public: the company is published, and the package is on sale (or withdrawn less than two years ago when `archive`). */
export function publicPackage(now: Date, archive: boolean): SQL {
  const cutoff = new Date(now.getTime() - WITHDRAWN_VISIBLE_DAYS * 86_400_000);
  return archive
    ? sql`${companies.publishState} = 'published' AND (${packages.withdrawnAt} IS NULL OR ${packages.withdrawnAt} > ${cutoff.toISOString()}::timestamptz)`
    : sql`${companies.publishState} = 'published' AND ${packages.withdrawnAt} IS NULL`;
}
