// A provider's record at scale, for `npm run bench:record` (bench/companies.mjs record): on top of
// the generated catalogue (bench/catalogue.ts), every package's price history over two years (the
// catalogue's insert records its creation; nine rises follow, the last one its price today),
// outage reports over the 28 days the usual level looks back (half of them for the twenty
// "large" providers, the rest spread over every internet provider and TV platform), past
// incidents of the large providers, and counted speed tests of 90 days against their packages
// (so that their scorecards have figures). Reports and tests are written in time order, as a
// running site stores them. Deterministic; counts already reached are kept.
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  OUTAGE_BASELINE_DAYS,
  OUTAGE_PROBLEMS,
  OUTAGE_TYPE_IDS,
} from "../common/outages";
import { dayInTurkey } from "../common/reminders";
import { bufferbloatGrade } from "../common/speedtest/measure";
import { companies } from "../server/companies/schema";
import type { Database } from "../server/db/client";
import { rowsOf } from "../server/db/rows";
import { outageIncidents, outageReports } from "../server/outages/schema";
import { packages } from "../server/packages/schema";
import { listDistricts } from "../server/reference/cities";
import { speedtestResults } from "../server/speedtest/schema";

export interface RecordCounts {
  /** Price history rows per package (its creation included). */
  priceChanges: number;
  outageReports: number;
  speedTests: number;
}

/** How many providers get the heavy share of reports and tests (the bench's pages are theirs). */
export const LARGE_PROVIDERS = 20;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CITIES = [34, 6, 35, 16, 7, 1, 42, 27, 41, 33, 21, 38];

let seed = 7;
const rnd = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)]!;

/** The internet providers and TV platforms, in id order (the first LARGE_PROVIDERS are "large"). */
export async function recordProviders(
  db: Database,
): Promise<{ id: number; slug: string; subTypeId: number | null }[]> {
  return db
    .select({
      id: companies.id,
      slug: companies.slug,
      subTypeId: companies.subTypeId,
    })
    .from(companies)
    .where(
      and(
        inArray(companies.typeId, [...OUTAGE_TYPE_IDS]),
        eq(companies.publishState, "published"),
      ),
    )
    .orderBy(asc(companies.id));
}

export async function generateRecord(
  db: Database,
  counts: RecordCounts,
  progress: (line: string) => void = () => {},
): Promise<void> {
  seed = 7;
  const now = Date.now();
  const providers = await recordProviders(db);
  if (providers.length < LARGE_PROVIDERS)
    throw new Error("generate the catalogue first");
  const large = providers.slice(0, LARGE_PROVIDERS);

  // Price history: the creation row goes back two years at 82 % of today's prices, then nine
  // rises of 2 points each, 73 days apart, the last one today's prices.
  const [{ perPackage }] = rowsOf<{ perPackage: number }>(
    await db.execute(
      sql`SELECT (count(*)::float / greatest(1, (SELECT count(*) FROM packages)))::float AS "perPackage" FROM package_price_changes`,
    ),
  );
  if (perPackage < counts.priceChanges - 0.5) {
    const steps = counts.priceChanges - 1;
    const span = 730;
    const scaled = (column: string, factor: string) =>
      sql.raw(
        `CASE WHEN ${column} IS NULL THEN NULL ELSE round(${column} * ${factor})::int END`,
      );
    const first = `(1 - ${steps} * 0.02)`;
    await db.execute(sql`
      UPDATE package_price_changes SET changed_at = now() - make_interval(days => ${span}),
        price_kurus = ${scaled("price_kurus", first)}, commitment_price_kurus = ${scaled("commitment_price_kurus", first)},
        intro_price_kurus = ${scaled("intro_price_kurus", first)}, price_after_commitment_kurus = ${scaled("price_after_commitment_kurus", first)},
        monthly_price_kurus = ${scaled("monthly_price_kurus", first)}
      WHERE kind = 'created'`);
    const [{ maxId }] = rowsOf<{ maxId: number }>(
      await db.execute(
        sql`SELECT coalesce(max(id), 0)::int AS "maxId" FROM packages`,
      ),
    );
    for (let from = 0; from <= maxId; from += 10_000) {
      const factor = `(1 - (${steps} - g) * 0.02)`;
      await db.execute(sql`
        INSERT INTO package_price_changes (package_id, changed_at, kind, source, on_sale, price_kurus, commitment_months,
          commitment_price_kurus, intro_months, intro_price_kurus, price_after_commitment_kurus, modem_rental_kurus,
          activation_fee_kurus, monthly_price_kurus)
        SELECT p.id, now() - make_interval(days => ${span} - g * ${Math.floor(span / steps)}), 'changed', 'import', true,
          ${scaled("p.price_kurus", factor)}, p.commitment_months, ${scaled("p.commitment_price_kurus", factor)}, p.intro_months,
          ${scaled("p.intro_price_kurus", factor)}, ${scaled("p.price_after_commitment_kurus", factor)}, p.modem_rental_kurus,
          p.activation_fee_kurus, ${scaled("coalesce(p.commitment_price_kurus, p.price_kurus)", factor)}
        FROM packages p, generate_series(1, ${steps}) g
        WHERE p.id > ${from} AND p.id <= ${from + 10_000}`);
      progress(
        `\rprice changes: packages up to ${Math.min(maxId, from + 10_000)}/${maxId}`,
      );
    }
    progress("\n");
  } else
    progress(
      `price history already has ${perPackage.toFixed(1)} rows per package\n`,
    );

  // Outage reports: half for the large providers, half spread, in time order.
  const [{ reports }] = rowsOf<{ reports: number }>(
    await db.execute(sql`SELECT count(*)::int AS reports FROM outage_reports`),
  );
  if (reports < counts.outageReports) {
    const districtsOf = new Map(CITIES.map((c) => [c, listDistricts(c)]));
    const BATCH = 5000;
    for (let start = reports; start < counts.outageReports; start += BATCH) {
      const rows: (typeof outageReports.$inferInsert)[] = [];
      for (
        let i = start;
        i < Math.min(counts.outageReports, start + BATCH);
        i++
      ) {
        const provider = rnd() < 0.5 ? pick(large) : pick(providers);
        // In time order, as a running site stores them (the last day's reports sit together).
        const at =
          now -
          OUTAGE_BASELINE_DAYS * DAY +
          Math.floor(
            ((i + rnd()) / counts.outageReports) * OUTAGE_BASELINE_DAYS * DAY,
          );
        const city = rnd() < 0.4 ? 34 : pick(CITIES);
        rows.push({
          companyId: provider.id,
          cityCode: city,
          district: pick(districtsOf.get(city)!),
          problem: pick(OUTAGE_PROBLEMS),
          day: dayInTurkey(new Date(at)),
          addressKey: `bench:${i}`,
          networkKey: `bench:${Math.floor(i / 3)}`,
          createdAt: new Date(at),
        });
      }
      await db.insert(outageReports).values(rows).onConflictDoNothing();
      progress(
        `\routage reports ${Math.min(counts.outageReports, start + BATCH)}/${counts.outageReports}`,
      );
    }
    progress("\n");
    // Each large provider's incidents of 90 days: one every few days, an hour or three long.
    const incidents: (typeof outageIncidents.$inferInsert)[] = [];
    for (const p of large) {
      for (
        let at = now - 90 * DAY;
        at < now - DAY;
        at += Math.floor((2 + rnd() * 6) * DAY)
      ) {
        const city = pick(CITIES);
        const last = at + Math.floor((1 + rnd() * 2) * HOUR);
        incidents.push({
          companyId: p.id,
          cityCode: city,
          startedAt: new Date(at),
          lastSeenAt: new Date(last),
          endedAt: new Date(last + HOUR),
          threshold: 5,
          peakNetworks: 5 + Math.floor(rnd() * 30),
          districts: [
            pick(districtsOf.get(city)!),
            pick(districtsOf.get(city)!),
          ],
        });
      }
    }
    await db.insert(outageIncidents).values(incidents);
  } else progress(`outage reports already ${reports}\n`);

  // Speed tests of 90 days against the providers' internet packages, most for the large ones.
  const [{ tests }] = rowsOf<{ tests: number }>(
    await db.execute(sql`SELECT count(*)::int AS tests FROM speedtest_results`),
  );
  if (tests < counts.speedTests) {
    const offers = await db
      .select({
        id: packages.id,
        companyId: packages.companyId,
        down: packages.downloadMbps,
        up: packages.uploadMbps,
      })
      .from(packages)
      .where(
        and(
          isNotNull(packages.downloadMbps),
          inArray(
            packages.companyId,
            providers.map((p) => p.id),
          ),
        ),
      )
      .orderBy(asc(packages.id));
    const byCompany = new Map<number, typeof offers>();
    for (const o of offers)
      byCompany.set(o.companyId, [...(byCompany.get(o.companyId) ?? []), o]);
    const withOffers = providers.filter((p) => byCompany.has(p.id));
    const largeWithOffers = withOffers.filter((p) => large.includes(p));
    const BATCH = 2000;
    for (let start = tests; start < counts.speedTests; start += BATCH) {
      const rows: (typeof speedtestResults.$inferInsert)[] = [];
      for (let i = start; i < Math.min(counts.speedTests, start + BATCH); i++) {
        const provider =
          largeWithOffers.length && rnd() < 0.6
            ? pick(largeWithOffers)
            : pick(withOffers);
        const offer = pick(byCompany.get(provider.id)!);
        const at =
          now -
          90 * DAY +
          Math.floor(((i + rnd()) / counts.speedTests) * 90 * DAY);
        const evening = new Date(at + 3 * HOUR).getUTCHours() >= 20;
        const share = 0.5 + rnd() * 0.45 - (evening ? 0.15 : 0);
        const ping = 5 + rnd() * 30;
        const bloat = rnd() * rnd() * 300;
        const loadedDown = ping + bloat;
        const city = rnd() < 0.4 ? 34 : pick(CITIES);
        rows.push({
          id: `bench-${i}`,
          testId: `bench-${i}`,
          ipHash: `bench:${i}`,
          download: offer.down! * share,
          upload: (offer.up ?? offer.down! / 10) * share,
          ping,
          pingMin: ping * 0.9,
          jitter: rnd() * 5,
          loadedDown,
          loadedUp: loadedDown * 1.2,
          grade: bufferbloatGrade(bloat),
          companyId: provider.id,
          packageId: offer.id,
          cityCode: city,
          district: pick(listDistricts(city)),
          promisedDown: offer.down,
          promisedUp: offer.up,
          counted: true,
          createdAt: new Date(at),
        });
      }
      await db.insert(speedtestResults).values(rows).onConflictDoNothing();
      progress(
        `\rspeed tests ${Math.min(counts.speedTests, start + BATCH)}/${counts.speedTests}`,
      );
    }
    progress("\n");
  } else progress(`speed tests already ${tests}\n`);
  await db.execute(sql`ANALYZE`);
}

/** The large providers the bench loads: their slugs and the first internet package of each (null when none). */
export async function recordTargets(
  db: Database,
): Promise<{ slug: string; packageId: number | null }[]> {
  const large = (await recordProviders(db)).slice(0, LARGE_PROVIDERS);
  const offers = await db
    .select({ id: packages.id, companyId: packages.companyId })
    .from(packages)
    .where(
      inArray(
        packages.companyId,
        large.map((p) => p.id),
      ),
    )
    .orderBy(asc(packages.id));
  return large.map((p) => ({
    slug: p.slug,
    packageId: offers.find((o) => o.companyId === p.id)?.id ?? null,
  }));
}
