// Issue 23, item 3: a provider's scorecard. Each figure is computed by one documented query
// (server/scorecard/figures.ts); known inputs here give known figures, exactly, with "not enough
// data" below each published minimum, on PGlite and PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { formatDateTime } from "../../common/format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SCORECARD_MIN_PROMISE_TESTS,
  SCORECARD_MIN_REVIEWS,
  type ProviderScorecard,
} from "../../common/scorecard";
import { outageIncidents, outageReports } from "../../server/outages/schema";
import { recordPricesAs } from "../../server/packages/price-history";
import { packages } from "../../server/packages/schema";
import { companyReviews, packageReviews } from "../../server/reviews/schema";
import { providerScorecard } from "../../server/scorecard";
import { buildScorecard } from "../../server/scorecard/scorecard";
import { refreshScorecards } from "../../server/scorecard/refresh";
import { companyScorecards } from "../../server/scorecard/schema";
import { speedtestResults } from "../../server/speedtest/schema";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
const DAY = 86_400_000;
const now = new Date();
/** Today (or yesterday, so that it is in the past) at an hour of the day in Turkey (UTC+3). */
function atTurkeyHour(hour: number, daysAgo = 1): Date {
  const d = new Date(now.getTime() - daysAgo * DAY);
  d.setUTCHours((hour + 21) % 24, 0, 0, 0);
  return d;
}
let seq = 0;
function test(
  companyId: number,
  fields: Partial<typeof speedtestResults.$inferInsert>,
): typeof speedtestResults.$inferInsert {
  seq++;
  return {
    id: `score-${seq}`,
    testId: `score-${seq}`,
    ipHash: `h${seq}`,
    download: 50,
    upload: 10,
    ping: 20,
    pingMin: 15,
    jitter: 2,
    loadedDown: 40,
    loadedUp: 40,
    grade: "A",
    companyId,
    cityCode: 34,
    counted: true,
    createdAt: atTurkeyHour(12),
    ...fields,
  };
}
function review(
  companyId: number,
  score: number,
  answered: boolean,
  state: "confirmed" | "unconfirmed" = "confirmed",
) {
  return {
    companyId,
    fullName: "Ayşe Yılmaz",
    title: "Başlık",
    body: "Yorum metni yeterince uzun.",
    score,
    state,
    answer: answered ? "Teşekkürler" : null,
  };
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("scorecard", () => {
  let card: ProviderScorecard;
  let companyId: number;
  /** When the scorecard was read: after every record was written. */
  let at: Date;

  beforeAll(async () => {
    const isp = await makeCompany(t.app.db, { name: "Karne Fiber AŞ" });
    const other = await makeCompany(t.app.db, { name: "Başka Fiber AŞ" });
    companyId = isp.id;
    const [p1, p2, p3] = [
      await makePackage(t.app.db, isp.id, {
        title: "Karne 100",
        downloadMbps: 100,
        price: "500",
      }),
      await makePackage(t.app.db, isp.id, {
        title: "Karne 200",
        downloadMbps: 200,
        price: "500",
      }),
      await makePackage(t.app.db, isp.id, {
        title: "Karne 50",
        downloadMbps: 50,
        price: "500",
      }),
    ];
    const elsewhere = await makePackage(t.app.db, other.id, {
      title: "Başka 100",
      price: "500",
    });
    // Speed: 20 daytime tests in İstanbul against the 100 Mbit/s package, 50…69 Mbit/s, graded
    // 5 A, 10 B, 5 C; 10 evening tests (21:00) in Ankara at 40 Mbit/s graded F, no package; one
    // uncounted test at 0 and one older than 90 days, which count nowhere; another provider's.
    const rows = [];
    for (let i = 0; i < 20; i++)
      rows.push(
        test(isp.id, {
          download: 50 + i,
          packageId: p1,
          promisedDown: 100,
          grade: i < 5 ? "A" : i < 15 ? "B" : "C",
        }),
      );
    for (let i = 0; i < 10; i++)
      rows.push(
        test(isp.id, {
          download: 40,
          cityCode: 6,
          grade: "F",
          createdAt: atTurkeyHour(21),
        }),
      );
    rows.push(
      test(isp.id, {
        download: 0,
        packageId: p1,
        promisedDown: 100,
        counted: false,
        grade: "F",
      }),
    );
    rows.push(
      test(isp.id, {
        download: 1,
        packageId: p1,
        promisedDown: 100,
        grade: "F",
        createdAt: atTurkeyHour(12, 91),
      }),
    );
    rows.push(
      test(other.id, {
        download: 1,
        packageId: elsewhere,
        promisedDown: 100,
        grade: "F",
      }),
    );
    await t.app.db.insert(speedtestResults).values(rows);
    // Outages: 3 incidents in İstanbul and 1 in Ankara in the last 90 days, 1 older; reports from
    // 10 networks in İstanbul and 2 in Ankara in the last 30 days.
    const incident = (cityCode: number, daysAgo: number) => ({
      companyId: isp.id,
      cityCode,
      startedAt: new Date(now.getTime() - daysAgo * DAY),
      lastSeenAt: new Date(now.getTime() - daysAgo * DAY),
      endedAt: new Date(now.getTime() - daysAgo * DAY + 3_600_000),
      threshold: 5,
      peakNetworks: 6,
      districts: ["Kadıköy"],
    });
    await t.app.db
      .insert(outageIncidents)
      .values([
        incident(34, 5),
        incident(34, 20),
        incident(34, 80),
        incident(6, 10),
        incident(34, 100),
      ]);
    const report = (cityCode: number, n: number) => ({
      companyId: isp.id,
      cityCode,
      district: cityCode === 34 ? "Kadıköy" : "Çankaya",
      problem: "slow",
      day: "2026-01-01",
      addressKey: `score-a-${cityCode}-${n}`,
      networkKey: `score-n-${cityCode}-${n}`,
      createdAt: new Date(now.getTime() - (n + 1) * DAY),
    });
    await t.app.db
      .insert(outageReports)
      .values([
        ...Array.from({ length: 10 }, (_, n) => report(34, n)),
        report(6, 0),
        report(6, 1),
      ]);
    // Prices: +20% on one package, +10% on another, −10% on the third; another provider's +50%.
    const setPrice = (id: number, kurus: number) =>
      t.app.db.transaction(async (tx) => {
        await recordPricesAs(tx, "dashboard");
        await tx
          .update(packages)
          .set({ priceKurus: kurus, monthlyPriceKurus: kurus })
          .where(eq(packages.id, id));
      });
    await setPrice(p1, 60000);
    await setPrice(p2, 55000);
    await setPrice(p3, 45000);
    await setPrice(elsewhere, 75000);
    // Reviews: 5, 4, 3, 2, 1 of the company (2 answered), 5 of a package (answered), one
    // unconfirmed (not counted): 6 reviews, mean 20 / 6, 3 answered.
    await t.app.db
      .insert(companyReviews)
      .values([
        review(isp.id, 5, true),
        review(isp.id, 4, false),
        review(isp.id, 3, true),
        review(isp.id, 2, false),
        review(isp.id, 1, false),
        review(isp.id, 1, true, "unconfirmed"),
      ]);
    const { companyId: _c, ...packageReview } = review(isp.id, 5, true);
    await t.app.db
      .insert(packageReviews)
      .values({ ...packageReview, packageId: p2 });
    at = new Date();
    card = await providerScorecard(t.app, { companyId: isp.id, now: at });
  });

  it("measures the share of the promise, the evening drop and the bufferbloat grade from counted tests of the last 90 days", () => {
    const { country } = card;
    // Median of 0.50 … 0.69: (0.59 + 0.60) / 2.
    expect(country.promiseShare.value).toBeCloseTo(0.595, 10);
    expect(country.promiseShare.count).toBe(20);
    expect(country.promiseShare.minimum).toBe(SCORECARD_MIN_PROMISE_TESTS);
    // Evening median 40 against the day's 59.5.
    expect(country.eveningDrop.value).toBeCloseTo(1 - 40 / 59.5, 10);
    expect(country.eveningDrop.count).toBe(10);
    expect(country.eveningDrop.otherCount).toBe(20);
    // 5 A, 10 B, 5 C, 10 F: the 15th of 30 is a B.
    expect(country.bufferbloat).toMatchObject({ value: "B", count: 30 });
    expect(Date.parse(country.promiseShare.since!)).toBe(
      at.getTime() - 90 * DAY,
    );
    expect(country.promiseShare.until).toBe(at.toISOString());
  });

  it("counts incidents per 30 days where enough networks report, and lists only provinces with data", () => {
    expect(card.country.incidentsPerMonth).toMatchObject({
      value: 4 / 3,
      count: 4,
      networks: 12,
    });
    expect(card.cities.map((c) => c.cityCode)).toEqual([34]);
    const istanbul = card.cities[0]!;
    expect(istanbul.cityName).toBe("İstanbul");
    expect(istanbul.promiseShare.value).toBeCloseTo(0.595, 10);
    expect(istanbul.bufferbloat).toMatchObject({ value: "B", count: 20 });
    // No evening test in İstanbul: not enough data, with the counts that say why.
    expect(istanbul.eveningDrop).toMatchObject({
      value: null,
      count: 0,
      otherCount: 20,
    });
    expect(istanbul.incidentsPerMonth).toMatchObject({
      value: 1,
      count: 3,
      networks: 10,
    });
  });

  it("computes price increases per package and their mean over the last 12 months, and the reviews", () => {
    expect(card.provider.increasesPerPackage).toMatchObject({
      value: 2 / 3,
      count: 3,
    });
    expect(card.provider.meanIncrease.value).toBeCloseTo(0.15, 10);
    expect(card.provider.meanIncrease.count).toBe(2);
    expect(card.provider.reviewScore.value).toBeCloseTo(20 / 6, 10);
    expect(card.provider.reviewScore).toMatchObject({
      count: 6,
      minimum: SCORECARD_MIN_REVIEWS,
      since: null,
    });
    expect(card.provider.answeredShare).toMatchObject({ value: 0.5, count: 6 });
  });

  it("says 'not enough data' below each minimum, with the count it has", async () => {
    const small = await makeCompany(t.app.db, { name: "Az Veri Fiber AŞ" });
    const pkg = await makePackage(t.app.db, small.id, {
      title: "Az 100",
      price: "400",
    });
    await t.app.db.insert(speedtestResults).values(
      Array.from({ length: SCORECARD_MIN_PROMISE_TESTS - 1 }, () =>
        test(small.id, {
          packageId: pkg,
          promisedDown: 100,
          download: 90,
          grade: "A",
          createdAt: atTurkeyHour(21),
        }),
      ),
    );
    await t.app.db
      .insert(companyReviews)
      .values([4, 4, 4, 4].map((s) => review(small.id, s, true)));
    const thin = await providerScorecard(t.app, {
      companyId: small.id,
      now: new Date(),
    });
    expect(thin.country.promiseShare).toMatchObject({
      value: null,
      count: SCORECARD_MIN_PROMISE_TESTS - 1,
    });
    expect(thin.country.eveningDrop).toMatchObject({
      value: null,
      count: SCORECARD_MIN_PROMISE_TESTS - 1,
      otherCount: 0,
    });
    expect(thin.country.bufferbloat).toMatchObject({
      value: null,
      count: SCORECARD_MIN_PROMISE_TESTS - 1,
    });
    expect(thin.country.incidentsPerMonth).toMatchObject({
      value: null,
      count: 0,
      networks: 0,
    });
    expect(thin.provider.increasesPerPackage).toMatchObject({
      value: null,
      count: 1,
    });
    expect(thin.provider.meanIncrease.value).toBeNull();
    expect(thin.provider.reviewScore).toMatchObject({ value: null, count: 4 });
    expect(thin.provider.answeredShare).toMatchObject({
      value: null,
      count: 4,
    });
    expect(thin.cities).toEqual([]);
  });

  it("answers the API with the same figures, and 404 for an unknown or forged slug", async () => {
    const res = await t.fetch(`/api/v1/companies/karne-fiber-as/scorecard`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ProviderScorecard & {
      success: boolean;
      name: string;
      isDemo: boolean;
    };
    expect(body.name).toBe("Karne Fiber AŞ");
    expect(body.companyId).toBe(companyId);
    expect(body.isDemo).toBe(false);
    expect(body.country.promiseShare.count).toBe(20);
    expect(body.cities.map((c) => c.cityCode)).toEqual([34]);
    for (const slug of [
      "yok-boyle",
      "%00",
      "a%00b",
      "%E2%80%AE",
      "x".repeat(300),
    ]) {
      const bad = await t.fetch(`/api/v1/companies/${slug}/scorecard`);
      expect(bad.status, slug).toBe(404);
    }
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await t.fetch(`/api/v1/companies/karne-fiber-as/scorecard`, {
        method,
      });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.status, method).toBeLessThan(500);
    }
  });

  it("shows the figures on the profile in both languages, each linked to the method page, which has its sections and a sitemap entry", async () => {
    for (const [prefix, share, grade, method] of [
      ["", "%60", "Yük altında gecikme notu", "/isletmeler/karne-yontemi"],
      [
        "/en",
        "60%",
        "Latency under load grade",
        "/en/isletmeler/karne-yontemi",
      ],
    ] as const) {
      const html = await (
        await t.fetch(`${prefix}/kablolu-internet/karne-fiber-as`)
      ).text();
      expect(html).toContain('data-testid="scorecard"');
      // The median share 0.595 is shown rounded: 60 per cent.
      expect(html).toContain(share);
      expect(html).toContain(grade);
      expect(html).toContain(`href="${method}#promiseShare"`);
      // When the figures were computed, in Turkey's time.
      const at = /<time datetime="([^"]+)">(\d\d\.\d\d\.\d{4} \d\d:\d\d)<\/time>/i.exec(
        html.slice(html.indexOf('data-testid="scorecard"')),
      );
      expect(at, prefix).not.toBeNull();
      expect(formatDateTime(at![1]!)).toBe(at![2]);
      expect(html).toContain(prefix ? "Turkey time" : "Türkiye saati");
      const page = await t.fetch(method);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain(
        `rel="canonical" href="http://localhost${method}"`,
      );
      for (const id of [
        "promiseShare",
        "eveningDrop",
        "bufferbloat",
        "incidentsPerMonth",
        "increasesPerPackage",
        "meanIncrease",
        "reviewScore",
        "answeredShare",
      ])
        expect(text).toContain(`id="${id}"`);
    }
    // Sent once (decision 040): HTML in the document, its fields only in a client-side navigation's data.
    const doc = await (await t.fetch("/kablolu-internet/karne-fiber-as")).text();
    const handoff = [...doc.matchAll(/<script[^>]*>([^<]*streamController[^<]*)<\/script>/g)].map((m) => m[1]).join("\n");
    expect(handoff).toContain("companyProfile");
    expect(handoff).not.toContain("promiseShare");
    expect(await (await t.fetch("/kablolu-internet/karne-fiber-as.data")).text()).toContain("promiseShare");
    const sitemap = await (await t.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain("/isletmeler/karne-yontemi</loc>");
  });

  it("keeps a copy of the country figures that the company list sorts by, best first and 'not enough data' last", async () => {
    const written = await refreshScorecards(t.app.db, at);
    expect(written).toBeGreaterThanOrEqual(3);
    const [row] = await t.app.db
      .select()
      .from(companyScorecards)
      .where(eq(companyScorecards.companyId, companyId));
    expect(row!.promiseShare).toBeCloseTo(0.595, 10);
    expect(row!.eveningDrop).toBeCloseTo(1 - 40 / 59.5, 10);
    expect(row!.gradeRank).toBe(3);
    expect(row!.incidentsPerMonth).toBeCloseTo(4 / 3, 10);
    expect(row!.increasesPerPackage).toBeCloseTo(2 / 3, 10);
    // The refresh computes companies in batches (one statement per group of figures for the
    // batch): each kept card is the one computed for that company alone.
    const kept = await t.app.db
      .select({ id: companyScorecards.companyId, card: companyScorecards.card })
      .from(companyScorecards);
    expect(kept.length).toBe(written);
    for (const { id, card } of kept)
      expect(card, String(id)).toEqual(
        JSON.parse(JSON.stringify(await buildScorecard(t.app, id, at))),
      );
    // A second run updates, never duplicates.
    await refreshScorecards(t.app.db, at);
    expect(
      await t.app.db.$count(
        companyScorecards,
        eq(companyScorecards.companyId, companyId),
      ),
    ).toBe(1);
    // By name "Az Veri" and "Başka" come before "Karne"; by measured speed Karne (the only one
    // with enough tests) is first, in both languages and without JavaScript (a plain GET).
    for (const prefix of ["", "/en"]) {
      const html = await (
        await t.fetch(`${prefix}/isletmeler?sort=measuredSpeed`)
      ).text();
      const karne = html.indexOf("Karne Fiber AŞ");
      expect(karne).toBeGreaterThan(0);
      expect(karne).toBeLessThan(html.indexOf("Başka Fiber AŞ"));
      expect(karne).toBeLessThan(html.indexOf("Az Veri Fiber AŞ"));
      expect(html).toContain(`href="${prefix}/isletmeler/karne-yontemi"`);
      expect(html).toContain(
        prefix
          ? "Measured: 60% of the promised speed"
          : "Ölçülen: vaat edilen hızın %60 kadarı",
      );
    }
    const api = await t.fetch("/api/v1/companies?sort=outages");
    expect(api.status).toBe(200);
    const listed = (await api.json()) as {
      sort: string;
      items: { id: number; sortValue?: number | null }[];
    };
    expect(listed.sort).toBe("outages");
    expect(listed.items[0]).toMatchObject({ id: companyId });
    expect(listed.items[0]!.sortValue).toBeCloseTo(4 / 3, 10);
    expect(listed.items.slice(1).every((c) => c.sortValue === null)).toBe(true);
    const plain = (await (await t.fetch("/api/v1/companies")).json()) as {
      items: object[];
    };
    expect(plain.items.every((c) => !("sortValue" in c))).toBe(true);
    const bad = await t.fetch("/api/v1/companies?sort=%3Cscript%3E");
    expect(bad.status).toBe(400);
  });
  it("shows the card the refresh kept while it is fresh, and computes the figures again when it is not", async () => {
    const now = new Date();
    await refreshScorecards(t.app.db, now);
    const [row] = await t.app.db
      .select({ card: companyScorecards.card })
      .from(companyScorecards)
      .where(eq(companyScorecards.companyId, companyId));
    expect(row!.card).toEqual(
      JSON.parse(
        JSON.stringify(await providerScorecard(t.app, { companyId, now })),
      ),
    );
    // Mark the kept card: the API shows it as it is, without reading the tests again.
    await t.app.db.execute(
      sql`UPDATE company_scorecards SET card = jsonb_set(card, '{country,promiseShare,count}', '999') WHERE company_id = ${companyId}`,
    );
    t.app.pageCache.clear();
    const shown = async () =>
      (
        (await (
          await t.fetch(`/api/v1/companies/karne-fiber-as/scorecard`)
        ).json()) as ProviderScorecard
      ).country.promiseShare.count;
    expect(await shown()).toBe(999);
    // The card says when it was computed; a card kept without that field takes its row's time.
    const computedAt = async () =>
      (
        (await (
          await t.fetch(`/api/v1/companies/karne-fiber-as/scorecard`)
        ).json()) as ProviderScorecard
      ).computedAt;
    expect(await computedAt()).toBe(now.toISOString());
    const halfAnHourAgo = new Date(now.getTime() - 1_800_000).toISOString();
    await t.app.db.execute(
      sql`UPDATE company_scorecards SET card = card - 'computedAt', computed_at = ${halfAnHourAgo} WHERE company_id = ${companyId}`,
    );
    expect(await computedAt()).toBe(halfAnHourAgo);
    // Older than two refreshes: the figures are computed again.
    await t.app.db.execute(
      sql`UPDATE company_scorecards SET computed_at = now() - interval '3 hours' WHERE company_id = ${companyId}`,
    );
    expect(await shown()).toBe(20);
    // A row from before the card was kept (migration 0029): computed too.
    await t.app.db.execute(
      sql`UPDATE company_scorecards SET computed_at = now(), card = NULL WHERE company_id = ${companyId}`,
    );
    t.app.pageCache.clear();
    expect(await shown()).toBe(20);
  });
});
