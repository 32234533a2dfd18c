// Generates a large published catalogue for the company bench: 10,000 companies (every category,
// provinces served, some whole-country) and 200,000 confirmed reviews, then the review stats.
// `tsx bench/generate-companies.ts` with DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL);
// COMPANIES and REVIEWS override the counts. Deterministic: the same rows on every run.
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { seedReferenceData } from "../server/db/seed";
import { companies, companyProvinces, companyReviews } from "../server/db/schema";
import { categorySegments } from "../server/companies/segments";
import { companySearchText } from "../server/companies/search-text";

const COMPANIES = Number(process.env.COMPANIES ?? 10_000);
const REVIEWS = Number(process.env.REVIEWS ?? 200_000);
const dataDir = process.env.DATA_DIR ?? "./data";

let seed = 42;
const rnd = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const WORDS = ["Anadolu", "Ege", "Marmara", "Karadeniz", "Toros", "Fırat", "Dicle", "Kızılırmak", "Yıldız", "Şimşek", "Çağlayan", "Göktürk", "Işık", "Öncü", "Ülker", "Deniz", "Bulut", "Rüzgar", "Meltem", "Poyraz"];
const KINDS = ["Net", "Fiber", "Telekom", "Bilişim", "İletişim", "Hosting", "Veri", "Yayın", "Teknik", "Bağlantı"];

const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: path.join(dataDir, "pg") });
const db = database.db;
const started = Date.now();
try {
  await seedReferenceData(db);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(companies)) as [{ n: number }];
  if (n >= COMPANIES) {
    console.log(`catalogue already has ${n} companies`);
  } else {
    const segments = categorySegments();
    const now = Date.now();
    const BATCH = 1000;
    for (let start = 0; start < COMPANIES; start += BATCH) {
      const rows = [];
      const provinceRows: { index: number; code: number }[] = [];
      for (let i = start; i < Math.min(COMPANIES, start + BATCH); i++) {
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
      process.stdout.write(`\rcompanies ${Math.min(COMPANIES, start + BATCH)}/${COMPANIES}`);
    }
    process.stdout.write("\n");
    const [{ min }] = (await db.select({ min: sql<number>`min(id)::int` }).from(companies)) as [{ min: number }];
    const RBATCH = 5000;
    for (let start = 0; start < REVIEWS; start += RBATCH) {
      const rows = [];
      for (let i = start; i < Math.min(REVIEWS, start + RBATCH); i++) {
        rows.push({
          companyId: min + Math.floor(rnd() * COMPANIES),
          userId: null,
          fullName: `Bench Üye ${i}`,
          title: `Yorum ${i}`,
          body: "Bench yorumu: hız ve destek hakkında kısa bir değerlendirme.",
          score: 1 + Math.floor(rnd() * 5),
          state: rnd() < 0.9 ? ("confirmed" as const) : ("unconfirmed" as const),
        });
      }
      await db.insert(companyReviews).values(rows);
      process.stdout.write(`\rreviews ${Math.min(REVIEWS, start + RBATCH)}/${REVIEWS}`);
    }
    process.stdout.write("\n");
    await db.execute(sql`
      UPDATE companies c SET review_count = s.n, review_score_sum = s.total
      FROM (SELECT company_id, count(*)::int AS n, sum(score)::int AS total FROM company_reviews WHERE state = 'confirmed' GROUP BY company_id) s
      WHERE c.id = s.company_id`);
    await db.execute(sql`ANALYZE`);
  }
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
} finally {
  await database.close();
}
