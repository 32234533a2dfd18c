import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { findCorporateSubTypeById, findCorporateTypeById } from "../../common/corporate-types";
import type { Database } from "../db/client";
import type { SearchDocumentSource, SearchSource } from "../core/app-context";
import { findProvinceByCode } from "../reference/cities";
import { companies } from "./schema";
import { profileSegment } from "./segments";

/**
 * The directory's part of the site search: every published company, found by its name, its
 * corporate title and tags, its type and sub type in both languages and its head office's
 * province; better reviewed companies first among equal matches.
 */
export const companySearchSource: SearchSource = {
  kind: "company",
  async documents(db: Database, ids: readonly number[]): Promise<SearchDocumentSource[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({
        id: companies.id,
        name: companies.name,
        slug: companies.slug,
        typeId: companies.typeId,
        subTypeId: companies.subTypeId,
        corporateTitle: companies.corporateTitle,
        tags: companies.tags,
        provinceCode: companies.provinceCode,
        isDemo: companies.isDemo,
        reviewCount: companies.reviewCount,
        reviewScoreSum: companies.reviewScoreSum,
      })
      .from(companies)
      .where(and(inArray(companies.id, [...ids]), eq(companies.publishState, "published")));
    return rows.map((c) => {
      const type = findCorporateTypeById(c.typeId);
      const sub = c.subTypeId === null ? undefined : findCorporateSubTypeById(c.subTypeId);
      const category = sub ?? type;
      const province = c.provinceCode === null ? undefined : findProvinceByCode(c.provinceCode);
      return {
        refId: c.id,
        companyId: c.id,
        language: null,
        visibleFrom: null,
        title: c.name,
        subtitle: {
          tr: [category?.name.tr, province?.name].filter(Boolean).join(" · "),
          en: [category?.name.en, province?.name].filter(Boolean).join(" · "),
        },
        path: `/${profileSegment(c)}/${c.slug}`,
        isDemo: c.isDemo,
        twinRefId: null,
        keywords: [
          c.corporateTitle ?? "",
          ...c.tags,
          type?.name.tr ?? "",
          type?.name.en ?? "",
          sub?.name.tr ?? "",
          sub?.name.en ?? "",
          province?.name ?? "",
        ].filter(Boolean),
        body: "",
        popularity: reviewPopularity(c.reviewCount, c.reviewScoreSum),
      };
    });
  },
  async ids(db: Database, afterId: number, limit: number): Promise<number[]> {
    const rows = await db.select({ id: companies.id }).from(companies).where(gt(companies.id, afterId)).orderBy(asc(companies.id)).limit(limit);
    return rows.map((r) => r.id);
  },
};

/** 0–1 from confirmed reviews: how many (a hundred count fully) and how good (the mean of 1–5). */
export function reviewPopularity(count: number, scoreSum: number): number {
  if (count <= 0) return 0;
  const many = Math.min(1, Math.log10(1 + count) / 2);
  const good = scoreSum / count / 5;
  return Math.round((0.5 * many + 0.5 * good) * 1000) / 1000;
}
