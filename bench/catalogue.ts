// The large published catalogue the company, package and search benches load: companies (every
// category, provinces served, some whole-country), confirmed reviews and the review stats, and
// packages on sale with the demo catalogue's realistic terms for each company's category
// (server/packages/demo-packages.ts), spread over the companies that sell packages.
// Deterministic: the same rows on every run; counts already reached are kept.
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { seedReferenceData } from "../server/reference/seed";
import { corporateSubTypes } from "../common/corporate-types";
import { companies, companyProvinces } from "../server/companies/schema";
import { packageProvinces, packages } from "../server/packages/schema";
import { companyReviews } from "../server/reviews/schema";
import { demoPackagesFor } from "../server/packages/demo-packages";
import { packageColumns } from "../server/packages/write-package";
import { categorySegments } from "../server/companies/segments";
import { companySearchText } from "../server/companies/search-text";

export interface CatalogueCounts {
  companies: number;
  reviews: number;
  packages: number;
}

let seed = 42;
const rnd = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const WORDS = ["Anadolu", "Ege", "Marmara", "Karadeniz", "Toros", "Fırat", "Dicle", "Kızılırmak", "Yıldız", "Şimşek", "Çağlayan", "Göktürk", "Işık", "Öncü", "Ülker", "Deniz", "Bulut", "Rüzgar", "Meltem", "Poyraz"];
const KINDS = ["Net", "Fiber", "Telekom", "Bilişim", "İletişim", "Hosting", "Veri", "Yayın", "Teknik", "Bağlantı"];

/** Fills `db` up to the counts; `progress` hears the running counts ("companies 1000/10000"). */
export async function generateCatalogue(db: Database, counts: CatalogueCounts, progress: (line: string) => void = () => {}): Promise<void> {
  seed = 42;
  await seedReferenceData(db);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(companies)) as [{ n: number }];
  if (n >= counts.companies) {
    progress(`catalogue already has ${n} companies\n`);
  } else {
    const segments = categorySegments();
    const now = Date.now();
    const BATCH = 1000;
    for (let start = 0; start < counts.companies; start += BATCH) {
      const rows = [];
      const provinceRows: { index: number; code: number }[] = [];
      for (let i = start; i < Math.min(counts.companies, start + BATCH); i++) {
        const segment = segments[i % segments.length]!;
        const name = `${pick(WORDS)} ${pick(WORDS)} ${pick(KINDS)} ${i}`;
        const tags = [pick(KINDS).toLocaleLowerCase("tr-TR"), pick(WORDS).toLocaleLowerCase("tr-TR")];
        const whole = rnd() < 0.05;
        if (!whole) {
          const count = 1 + Math.floor(rnd() * 4);
          const codes = new Set<number>();
          while (codes.size < count) codes.add(1 + Math.floor(rnd() * 81));
          for (const code of codes) provinceRows.push({ index: i - start, code });
        }
        rows.push({
          name,
          slug: `bench-${i}`,
          typeId: segment.typeId,
          subTypeId: segment.subTypeId,
          country: "TR",
          provinceCode: 1 + Math.floor(rnd() * 81),
          tags,
          about: `${name} bench company.`,
          servesWholeCountry: whole,
          publishState: "published" as const,
          searchText: companySearchText({ name, corporateTitle: null, tags }),
          createdAt: new Date(now - Math.floor(rnd() * 3650) * 86_400_000),
        });
      }
      const inserted = await db.insert(companies).values(rows).returning({ id: companies.id });
      if (provinceRows.length) {
        await db.insert(companyProvinces).values(provinceRows.map((p) => ({ companyId: inserted[p.index]!.id, provinceCode: p.code }))).onConflictDoNothing();
      }
      progress(`\rcompanies ${Math.min(counts.companies, start + BATCH)}/${counts.companies}`);
    }
    progress("\n");
    const [{ min }] = (await db.select({ min: sql<number>`min(id)::int` }).from(companies)) as [{ min: number }];
    const RBATCH = 5000;
    for (let start = 0; start < counts.reviews; start += RBATCH) {
      const rows = [];
      for (let i = start; i < Math.min(counts.reviews, start + RBATCH); i++) {
        rows.push({
          companyId: min + Math.floor(rnd() * counts.companies),
          userId: null,
          fullName: `Bench Üye ${i}`,
          title: `Yorum ${i}`,
          body: "Bench yorumu: hız ve destek hakkında kısa bir değerlendirme.",
          score: 1 + Math.floor(rnd() * 5),
          state: rnd() < 0.9 ? ("confirmed" as const) : ("unconfirmed" as const),
        });
      }
      await db.insert(companyReviews).values(rows);
      progress(`\rreviews ${Math.min(counts.reviews, start + RBATCH)}/${counts.reviews}`);
    }
    progress("\n");
    await db.execute(sql`
      UPDATE companies c SET review_count = s.n, review_score_sum = s.total
      FROM (SELECT company_id, count(*)::int AS n, sum(score)::int AS total FROM company_reviews WHERE state = 'confirmed' GROUP BY company_id) s
      WHERE c.id = s.company_id`);
    await db.execute(sql`ANALYZE`);
  }
  const [{ have }] = (await db.select({ have: sql<number>`count(*)::int` }).from(packages)) as [{ have: number }];
  if (counts.packages > have) {
    // Each selling company gets its category's demo packages (8–24), round after round with a
    // suffix, until the count is reached; a few are withdrawn (the archive) as in the demo.
    const sellers = (await db.select({ id: companies.id, name: companies.name, subTypeId: companies.subTypeId }).from(companies).orderBy(companies.id))
      .map((c) => ({ ...c, key: corporateSubTypes.find((s) => s.id === c.subTypeId)?.key ?? null }))
      .filter((c) => demoPackagesFor(c.id, c.key, new Date(0)).length > 0);
    const now = new Date();
    let made = have;
    for (let round = 0; made < counts.packages; round++) {
      for (let start = 0; start < sellers.length && made < counts.packages; start += 100) {
        const rows: (ReturnType<typeof packageColumns> & { companyId: number; withdrawnAt: Date | null })[] = [];
        const provinces: { index: number; codes: number[] }[] = [];
        for (const c of sellers.slice(start, start + 100)) {
          for (const p of demoPackagesFor(c.id + round * 100_003, c.key, now)) {
            if (made + rows.length >= counts.packages) break;
            const input = round ? { ...p.input, slug: `${p.input.slug}-r${round}` } : p.input;
            if (input.provinces.length) provinces.push({ index: rows.length, codes: input.provinces });
            rows.push({ ...packageColumns(input, c.name, now), companyId: c.id, withdrawnAt: p.withdrawn ? new Date(now.getTime() - 90 * 86_400_000) : null });
          }
        }
        if (!rows.length) continue;
        const ids = await db.insert(packages).values(rows).onConflictDoNothing().returning({ id: packages.id, slug: packages.slug, companyId: packages.companyId });
        const idOf = new Map(ids.map((r) => [`${r.companyId}/${r.slug}`, r.id]));
        const links = provinces.flatMap(({ index, codes }) => {
          const id = idOf.get(`${rows[index]!.companyId}/${rows[index]!.slug}`);
          return id === undefined ? [] : codes.map((provinceCode) => ({ packageId: id, provinceCode }));
        });
        if (links.length) await db.insert(packageProvinces).values(links).onConflictDoNothing();
        made += ids.length;
        progress(`\rpackages ${made}/${counts.packages}`);
      }
    }
    progress("\n");
    await db.execute(sql`ANALYZE`);
  }
}
