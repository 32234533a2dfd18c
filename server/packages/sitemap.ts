import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { packages } from "./schema";
import type { SitemapEntry } from "../core/app-context";
import { companySegment } from "./package-card";

/** Package pages on sale of published companies (the sitemap lists each in both languages). */
export async function packageSitemapEntries(app: AppContext): Promise<SitemapEntry[]> {
  const rows = await app.db
    .select({ slug: packages.slug, companySlug: companies.slug, typeId: companies.typeId, subTypeId: companies.subTypeId, updatedAt: packages.updatedAt })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(companies.publishState, "published"), isNull(packages.withdrawnAt)))
    .orderBy(packages.id)
    .limit(40_000);
  return rows.map((r) => ({ path: `/${companySegment(r)}/${r.companySlug}/paket/${r.slug}`, changeFrequency: "weekly" as const, lastModified: r.updatedAt.toISOString().slice(0, 10) }));
}
