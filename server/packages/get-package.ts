import { and, eq, inArray, sql } from "drizzle-orm";
import { corporateSubTypes, corporateTypes } from "../../common/corporate-types";
import { packageCostSummary, type CostSummary } from "../../common/package-cost";
import { meanScore } from "../../common/reviews";
import type { PackageCard, PackageDetail, PackageTerms } from "../../common/package-types";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { packageProvinces, packages } from "./schema";
import { AppError } from "../platform/app-error";
import { z } from "../../common/validation/zod";
import { cardColumns, companySegment, publicPackage, toCard } from "./package-card";

type PackageRow = typeof packages.$inferSelect;

export type { PackageDetail, PackageTerms };

/** The stored row as the page reads it (dates as ISO text, internal columns left out). */
function toTerms(p: PackageRow): PackageTerms {
  const { searchText: _s, sponsoredFrom: _f, sponsoredUntil: _u, createdAt: _c, updatedAt: _up, reviewScoreSum: _r, monthlyPriceKurus: _m, totalCostKurus: _t, effectiveMonthlyKurus: _e, withdrawnAt, ...rest } = p;
  void [_s, _f, _u, _c, _up, _r, _m, _t, _e];
  return { ...rest, withdrawnAt: withdrawnAt ? withdrawnAt.toISOString() : null };
}

function segmentIds(segment: string): { typeId: number; subTypeId: number | null } | null {
  const sub = corporateSubTypes.find((s) => s.url === segment && s.key !== "show_all");
  if (sub) {
    const type = corporateTypes.find((t) => t.corporate_sub_types.some((s) => s.id === sub.id));
    return type ? { typeId: type.id, subTypeId: sub.id } : null;
  }
  const type = corporateTypes.find((t) => t.url === segment && t.key !== "show_all" && t.corporate_sub_types.length === 0);
  return type ? { typeId: type.id, subTypeId: null } : null;
}

/**
 * The public package at /:subType/:company/paket/:packageUrl. E_NOT_FOUND for an unknown path,
 * an unpublished company or a package withdrawn more than two years ago; a path whose category
 * is not the company's answers `redirect` with the right one.
 */
export async function getPublicPackage(
  app: Pick<AppContext, "db">,
  opts: { segment: string; companySlug: string; packageSlug: string; now?: Date },
): Promise<{ kind: "found"; detail: PackageDetail } | { kind: "redirect"; path: string }> {
  const now = opts.now ?? new Date();
  const ids = segmentIds(opts.segment);
  if (!ids || opts.companySlug.length > 200 || opts.packageSlug.length > 200) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  // One statement (a round trip costs the page more than the subquery: decision 007's amendment).
  const [row] = await app.db
    .select({
      p: packages,
      c: cardColumns,
      companyIsDemo: companies.isDemo,
      packagesFooterText: companies.packagesFooterText,
      provinces: sql<(number | string)[]>`array(select ${packageProvinces.provinceCode} from ${packageProvinces} where ${packageProvinces.packageId} = ${packages.id} order by 1)`,
    })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(companies.slug, opts.companySlug), eq(packages.slug, opts.packageSlug), publicPackage(now, true)))
    .limit(1);
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  const segment = companySegment({ typeId: row.c.companyTypeId, subTypeId: row.c.companySubTypeId });
  if (segment !== opts.segment) return { kind: "redirect", path: `/${segment}/${row.c.companySlug}/paket/${row.p.slug}` };
  const provinces = row.provinces.map(Number);
  return {
    kind: "found",
    detail: {
      card: toCard(row.c, now),
      terms: toTerms(row.p),
      company: { id: row.p.companyId, name: row.c.companyName, slug: row.c.companySlug, segment, isDemo: row.companyIsDemo, packagesFooterText: row.packagesFooterText },
      provinces,
      cost: packageCostSummary(row.p),
      requestable: row.p.withdrawnAt === null,
      reviewCount: row.p.reviewCount,
      score: meanScore(row.p.reviewScoreSum, row.p.reviewCount),
    },
  };
}

/**
 * Why no public package answers /:subType/:company/paket/:packageUrl, for the not-found page
 * (spec §8): no published company has the slug ("company"); the company has no such package
 * while another company has a public one at this url ("companyPackage"); or no company has one
 * ("package"). null for a first segment that is no category: an unknown path, not a package's.
 */
export async function explainMissingPackage(
  app: Pick<AppContext, "db">,
  opts: { segment: string; companySlug: string; packageSlug: string; now?: Date },
): Promise<{ subject: "company" } | { subject: "companyPackage" | "package"; company: { name: string; segment: string; slug: string } } | null> {
  if (!segmentIds(opts.segment)) return null;
  if (opts.companySlug.length > 200) return { subject: "company" };
  const [company] = await app.db
    .select({ name: companies.name, slug: companies.slug, typeId: companies.typeId, subTypeId: companies.subTypeId })
    .from(companies)
    .where(and(eq(companies.slug, opts.companySlug), eq(companies.publishState, "published")))
    .limit(1);
  if (!company) return { subject: "company" };
  const found = { name: company.name, segment: companySegment(company), slug: company.slug };
  if (opts.packageSlug.length > 200) return { subject: "package", company: found };
  const [elsewhere] = await app.db
    .select({ id: packages.id })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(packages.slug, opts.packageSlug), publicPackage(opts.now ?? new Date(), true)))
    .limit(1);
  return { subject: elsewhere ? "companyPackage" : "package", company: found };
}

/** Up to `max` public packages by id, in the order asked (the compare page); unknown ids are left out. */
export async function getPackagesByIds(app: Pick<AppContext, "db">, ids: number[], opts: { now?: Date } = {}): Promise<(PackageCard & { cost: CostSummary; terms: PackageTerms })[]> {
  const now = opts.now ?? new Date();
  if (!ids.length) return [];
  const rows = await app.db
    .select({ p: packages, c: cardColumns })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(inArray(packages.id, ids), publicPackage(now, true)));
  const byId = new Map(rows.map((r) => [r.p.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ ...toCard(r.c, now), cost: packageCostSummary(r.p), terms: toTerms(r.p) }] : [];
  });
}

/** The public package with this id (the API's GET /packages/{id}). */
export async function getPublicPackageById(app: Pick<AppContext, "db">, id: number, opts: { now?: Date } = {}): Promise<PackageDetail> {
  const [row] = await app.db
    .select({ slug: packages.slug, companySlug: companies.slug, typeId: companies.typeId, subTypeId: companies.subTypeId })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(eq(packages.id, id));
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  const found = await getPublicPackage(app, { segment: companySegment(row), companySlug: row.companySlug, packageSlug: row.slug, now: opts.now });
  if (found.kind !== "found") throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  return found.detail;
}

/** Whether the package with this id is public (its page answers, the tariff archive included). */
export async function isPublicPackage(app: Pick<AppContext, "db">, id: number, opts: { now?: Date } = {}): Promise<boolean> {
  const [row] = await app.db
    .select({ id: packages.id })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(packages.id, id), publicPackage(opts.now ?? new Date(), true)))
    .limit(1);
  return row !== undefined;
}

const packageIdParam = z.string().regex(/^\d{1,9}$/);

/** The package id of a path (`/packages/{id}/…`); a malformed one names no package (404, as an unknown one). */
export function parsePackageId(raw: unknown): number {
  const parsed = packageIdParam.safeParse(raw);
  if (!parsed.success) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  return Number(parsed.data);
}
