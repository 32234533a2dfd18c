import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { SearchDocumentSource, SearchSource } from "../core/app-context";
import type { Database } from "../db/client";
import { reviewPopularity } from "../companies";
import { companies } from "../companies/schema";
import { getT } from "../i18n";
import { companySegment } from "./package-card";
import { packages } from "./schema";

const tr = getT("tr");
const en = getT("en");

/**
 * The packages' part of the site search: every package on sale of a published company, found by
 * its title, its provider, its kind and technology in both languages, its tags, TV platform and
 * speed; better reviewed packages first among equal matches.
 */
export const packageSearchSource: SearchSource = {
  kind: "package",
  async documents(
    db: Database,
    ids: readonly number[],
  ): Promise<SearchDocumentSource[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({
        id: packages.id,
        title: packages.title,
        slug: packages.slug,
        serviceKind: packages.serviceKind,
        technology: packages.technology,
        downloadMbps: packages.downloadMbps,
        commitmentMonths: packages.commitmentMonths,
        tags: packages.tags,
        tvPlatform: packages.tvPlatform,
        isDemo: packages.isDemo,
        reviewCount: packages.reviewCount,
        reviewScoreSum: packages.reviewScoreSum,
        companyId: companies.id,
        companyName: companies.name,
        companySlug: companies.slug,
        companyTypeId: companies.typeId,
        companySubTypeId: companies.subTypeId,
      })
      .from(packages)
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(
        and(
          inArray(packages.id, [...ids]),
          isNull(packages.withdrawnAt),
          eq(companies.publishState, "published"),
        ),
      );
    return rows.map((p) => {
      const kind = {
        tr: tr(`packages.kinds.${p.serviceKind}`),
        en: en(`packages.kinds.${p.serviceKind}`),
      };
      const technology = p.technology
        ? {
            tr: tr(`packages.technologies.${p.technology}`),
            en: en(`packages.technologies.${p.technology}`),
          }
        : null;
      const speed = p.downloadMbps ? `${p.downloadMbps} Mbps` : "";
      const commitment = {
        tr: p.commitmentMonths
          ? tr("searchResults.subtitle.commitment", { count: p.commitmentMonths })
          : tr("searchResults.subtitle.noCommitment"),
        en: p.commitmentMonths
          ? en("searchResults.subtitle.commitment", { count: p.commitmentMonths })
          : en("searchResults.subtitle.noCommitment"),
      };
      const line = (l: "tr" | "en") =>
        [p.companyName, technology?.[l] ?? kind[l], speed, commitment[l]]
          .filter(Boolean)
          .join(" · ");
      return {
        refId: p.id,
        companyId: p.companyId,
        language: null,
        visibleFrom: null,
        title: p.title,
        subtitle: { tr: line("tr"), en: line("en") },
        path: `/${companySegment({ typeId: p.companyTypeId, subTypeId: p.companySubTypeId })}/${p.companySlug}/paket/${p.slug}`,
        isDemo: p.isDemo,
        twinRefId: null,
        keywords: [
          p.companyName,
          kind.tr,
          kind.en,
          technology?.tr ?? "",
          technology?.en ?? "",
          p.technology ?? "",
          ...p.tags,
          p.tvPlatform ?? "",
          speed,
          commitment.tr,
          commitment.en,
        ].filter(Boolean),
        body: "",
        popularity: reviewPopularity(p.reviewCount, p.reviewScoreSum),
      };
    });
  },
  async ids(db: Database, afterId: number, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: packages.id })
      .from(packages)
      .where(gt(packages.id, afterId))
      .orderBy(asc(packages.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
};
