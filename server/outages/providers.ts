import { and, eq, inArray } from "drizzle-orm";
import { OUTAGE_TYPE_IDS } from "../../common/outages";
import type { AppContext, SitemapEntry } from "../core/app-context";
import { companies } from "../companies/schema";
import { findPublishedCompany, profileSegment } from "../companies";

export interface OutageProvider {
  id: number;
  name: string;
  slug: string;
  profileSegment: string;
  isDemo: boolean;
}

/**
 * The published internet provider or TV platform with this slug (the outage page's and the
 * API's company); E_NOT_FOUND for anything else, a slug of the wrong shape included.
 */
export async function findOutageProvider(
  app: Pick<AppContext, "db">,
  slug: unknown,
): Promise<OutageProvider> {
  const row = await findPublishedCompany(app.db, slug, {
    types: OUTAGE_TYPE_IDS,
    notFound: "outages.errors.notFound",
  });
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    profileSegment: profileSegment(row),
    isDemo: row.isDemo,
  };
}

/** Every outage page, for the sitemap: one per published internet provider and TV platform. */
export async function outageSitemapEntries(
  app: Pick<AppContext, "db">,
): Promise<SitemapEntry[]> {
  const rows = await app.db
    .select({
      slug: companies.slug,
      typeId: companies.typeId,
      subTypeId: companies.subTypeId,
    })
    .from(companies)
    .where(
      and(
        eq(companies.publishState, "published"),
        inArray(companies.typeId, [...OUTAGE_TYPE_IDS]),
      ),
    )
    .orderBy(companies.id);
  return rows.map((r) => ({
    path: `/${profileSegment(r)}/${r.slug}/kesinti`,
    changeFrequency: "daily" as const,
  }));
}
