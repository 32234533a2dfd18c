import { contentFields } from "../../common/forms/company-edit";
import { and, asc, eq } from "drizzle-orm";
import { findProvinceByCode } from "../reference/cities";
import { provincesServed } from "./serves-province";
import type { AppContext } from "../core/app-context";
import { companies, companyServices } from "./schema";
import { AppError } from "../platform/app-error";
import { meanScore } from "./list-companies";
import { findCategorySegment, profileSegment } from "./segments";
import { sponsoredNow } from "./sponsorship";
import type { CompanyProfile } from "../../common/company-views";

export type { CompanyProfile } from "../../common/company-views";

export type ProfileLookup = { kind: "found"; company: CompanyProfile } | { kind: "redirect"; segment: string; slug: string };

/**
 * A published company by the two segments of its profile path. An unknown first segment or slug
 * is E_NOT_FOUND; a known segment that is not the company's asks for a redirect to the right one.
 */
export async function findCompanyProfile(app: Pick<AppContext, "db">, opts: { segment?: string; slug: string }): Promise<ProfileLookup> {
  if ((opts.segment !== undefined && !findCategorySegment(opts.segment)) || opts.slug.length > 200) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  const [row] = await app.db
    .select()
    .from(companies)
    .where(and(eq(companies.slug, opts.slug), eq(companies.publishState, "published")))
    .limit(1);
  if (!row) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  const segment = profileSegment(row);
  if (opts.segment !== undefined && segment !== opts.segment) return { kind: "redirect", segment, slug: row.slug };
  const [services, provinces, sponsored] = await Promise.all([
    app.db.select().from(companyServices).where(eq(companyServices.companyId, row.id)).orderBy(asc(companyServices.position)),
    // The profile's own provinces and where its packages reach (decision 023), as the lists count it.
    provincesServed(app, [row.id]).then((m) => m.get(row.id) ?? { wholeCountry: row.servesWholeCountry, codes: [] }),
    sponsoredNow(app.db, [row.id]),
  ]);
  const province = (code: number | null) => {
    const p = code === null ? undefined : findProvinceByCode(code);
    return p ? { code: p.code, value: p.value, name: p.name, url: p.url } : null;
  };
  return {
    kind: "found",
    company: {
      id: row.id,
      name: row.name,
      slug: row.slug,
      typeId: row.typeId,
      subTypeId: row.subTypeId,
      profileSegment: segment,
      logo: row.logo,
      country: row.country,
      province: province(row.provinceCode),
      ...contentFields(row),
      servesWholeCountry: provinces.wholeCountry,
      provinces: provinces.codes
        .map((code) => province(code))
        .filter((p): p is NonNullable<typeof p> => p !== null)
        .sort((a, b) => a.value.localeCompare(b.value, "tr")),
      services: services.map((s) => ({ name: s.name, description: s.description, logo: s.logo })),
      verified: row.verified,
      selfManaged: row.selfManaged,
      isDemo: row.isDemo,
      sponsored: sponsored.has(row.id),
      reviewCount: row.reviewCount,
      score: meanScore(row.reviewScoreSum, row.reviewCount),
      ownerId: row.ownerId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}
