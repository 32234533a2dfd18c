import { eq } from "drizzle-orm";
import { listPath } from "../../common/companies";
import type { AppContext } from "../core/app-context";
import { companies } from "./schema";
import { listProvinces } from "../reference/cities";
import type { SitemapEntry } from "../core/app-context";
import { categorySegments, profileSegment } from "./segments";
import { provincesServed } from "./serves-province";

/**
 * The directory's pages for the sitemap: every published profile, and every list page that has
 * companies (each category, each city, each category in each city; a company serving the whole
 * country fills every city of its category).
 */
export async function companySitemapEntries(app: Pick<AppContext, "db">): Promise<SitemapEntry[]> {
  const rows = await app.db
    .select({
      typeId: companies.typeId,
      subTypeId: companies.subTypeId,
      slug: companies.slug,
      updatedAt: companies.updatedAt,
      id: companies.id,
    })
    .from(companies)
    .where(eq(companies.publishState, "published"))
    .orderBy(companies.id);
  // The list pages a company fills: the provinces it serves, as the lists count them (decision 023).
  const served = await provincesServed(app);
  const provinceUrl = new Map(listProvinces().map((p) => [p.code, p.url]));
  const allCodes = [...provinceUrl.keys()];
  const bySegment = new Map<string, Set<number>>();
  const cities = new Set<number>();
  const entries: SitemapEntry[] = [];
  for (const r of rows) {
    const segment = profileSegment(r);
    entries.push({ path: `/${segment}/${r.slug}`, lastModified: r.updatedAt.toISOString().slice(0, 10), changeFrequency: "weekly" });
    const serves = served.get(r.id);
    const codes = serves?.wholeCountry ? allCodes : (serves?.codes ?? []);
    const set = bySegment.get(segment) ?? new Set<number>();
    for (const c of codes) {
      set.add(c);
      cities.add(c);
    }
    bySegment.set(segment, set);
  }
  for (const s of categorySegments()) {
    const codes = bySegment.get(s.url);
    if (!codes) continue;
    entries.push({ path: listPath(s.url), changeFrequency: "daily" });
    for (const c of [...codes].sort((a, b) => a - b)) {
      const url = provinceUrl.get(c);
      if (url) entries.push({ path: listPath(s.url, url), changeFrequency: "weekly" });
    }
  }
  for (const c of [...cities].sort((a, b) => a - b)) {
    const url = provinceUrl.get(c);
    if (url) entries.push({ path: listPath(undefined, url), changeFrequency: "weekly" });
  }
  return entries;
}
