// Issue 23, item 5: labelled demo speed tests (SEED_DEMO) give the demo internet providers'
// scorecards their speed figures; each start tops them up without adding a row twice, and a real
// company's tests are never written.
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCORECARD_EVENING_HOURS } from "../../common/scorecard";
import { bufferbloatGrade } from "../../common/speedtest/measure";
import { packages } from "../../server/packages/schema";
import type { Logger } from "../../server/platform/logger";
import { listDistricts } from "../../server/reference/cities";
import { providerScorecard } from "../../server/scorecard";
import { seedDemoSpeedtests } from "../../server/speedtest/demo-results";
import { countCountedTests } from "../../server/speedtest/overview";
import { speedtestStats } from "../../server/speedtest/read-results";
import { speedtestResults } from "../../server/speedtest/schema";
import { hourInTurkey } from "../../server/db/turkey-time";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let demoA: { id: number };
let demoB: { id: number };
let real: { id: number };
const log = { info() {}, warn() {}, error() {} } as unknown as Logger;
const now = new Date("2026-03-10T12:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  demoA = await makeCompany(db, { name: "Demo Hız Fiber", isDemo: true });
  demoB = await makeCompany(db, { name: "Demo Kablo Net", isDemo: true });
  real = await makeCompany(db, { name: "Gerçek İnternet AŞ" });
  for (const c of [demoA, demoB]) {
    await makePackage(
      db,
      c.id,
      { title: `Demo 100 ${c.id}`, downloadMbps: 100, uploadMbps: 20 },
      { isDemo: true },
    );
    await makePackage(
      db,
      c.id,
      { title: `Demo 500 ${c.id}`, downloadMbps: 500, uploadMbps: 100 },
      { isDemo: true },
    );
  }
  // A real provider with real packages and one demo-flagged package: still not demo, never seeded.
  await makePackage(db, real.id, {
    title: "Gerçek 200",
    downloadMbps: 200,
    uploadMbps: 40,
  });
  await makePackage(
    db,
    real.id,
    { title: "Gerçek Demo 50", downloadMbps: 50, uploadMbps: 10 },
    { isDemo: true },
  );
});
afterAll(async () => {
  await t?.close();
});

async function rowCount(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(speedtestResults);
  return Number(row?.n ?? 0);
}

describe("demo speed tests", () => {
  it("seeds the demo providers once: a second start at the same time adds nothing", async () => {
    const added = await seedDemoSpeedtests(t.app.db, { log, now });
    const first = await rowCount();
    expect(added).toBe(first);
    expect(await seedDemoSpeedtests(t.app.db, { log, now })).toBe(0);
    expect(await rowCount()).toBe(first);
  });

  it("writes nothing for a real company", async () => {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(speedtestResults)
      .where(eq(speedtestResults.companyId, real.id));
    expect(Number(row?.n)).toBe(0);
  });

  it("makes every test counted, shared, compared with a demo package of its own company, in the window", async () => {
    const rows = await t.app.db
      .select({
        r: speedtestResults,
        pkgCompany: packages.companyId,
        pkgDemo: packages.isDemo,
        pkgDown: packages.downloadMbps,
        pkgUp: packages.uploadMbps,
      })
      .from(speedtestResults)
      .leftJoin(packages, eq(packages.id, speedtestResults.packageId));
    const ids = new Set<string>();
    for (const { r, pkgCompany, pkgDemo, pkgDown, pkgUp } of rows) {
      expect([demoA.id, demoB.id]).toContain(r.companyId);
      expect(r.counted).toBe(true);
      expect(r.shared).toBe(true);
      expect(r.userId).toBeNull();
      expect(r.ipHash).toMatch(/^demo:/);
      expect(r.id).toMatch(/^[\w-]{16}$/);
      ids.add(r.ipHash!);
      expect(pkgCompany).toBe(r.companyId);
      expect(pkgDemo).toBe(true);
      expect(r.promisedDown).toBe(pkgDown);
      expect(r.promisedUp).toBe(pkgUp);
      expect(r.pingMin).toBeLessThanOrEqual(r.ping);
      expect(r.loadedDown).toBeGreaterThanOrEqual(r.ping);
      expect(r.loadedUp).toBeGreaterThanOrEqual(r.ping);
      expect(r.grade).toBe(
        bufferbloatGrade(Math.max(r.loadedDown, r.loadedUp) - r.ping),
      );
      expect([34, 6, 35, 16]).toContain(r.cityCode);
      expect(listDistricts(r.cityCode!)).toContain(r.district);
      expect(r.createdAt.getTime()).toBeGreaterThan(now.getTime() - 90 * DAY);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    // One address per test: each is its own network in every "at least N addresses" rule.
    expect(ids.size).toBe(rows.length);
    for (const c of [demoA, demoB]) {
      const mine = rows
        .filter(({ r }) => r.companyId === c.id)
        .map(({ r }) => r);
      expect(mine.length).toBeGreaterThanOrEqual(45);
      expect(mine.length).toBeLessThanOrEqual(170);
      const evening = mine.filter((r) => {
        const h = hourInTurkey(r.createdAt);
        return (
          h >= SCORECARD_EVENING_HOURS.from && h < SCORECARD_EVENING_HOURS.to
        );
      }).length;
      expect(evening / mine.length).toBeGreaterThan(0.15);
      expect(evening / mine.length).toBeLessThan(0.45);
      expect(new Set(mine.map((r) => r.cityCode)).size).toBeGreaterThanOrEqual(
        3,
      );
    }
  });

  it("gives a seeded provider's scorecard its promise share, evening drop and bufferbloat grade", async () => {
    for (const c of [demoA, demoB]) {
      const card = await providerScorecard(t.app, { companyId: c.id, now });
      expect(card.country.promiseShare.value).not.toBeNull();
      expect(card.country.promiseShare.value!).toBeGreaterThan(0.3);
      expect(card.country.promiseShare.value!).toBeLessThan(1.05);
      expect(card.country.eveningDrop.value).not.toBeNull();
      expect(card.country.bufferbloat.value).not.toBeNull();
      expect(card.cities.length).toBeGreaterThanOrEqual(1);
    }
  });

  it("tops the tests up to a later start's time, each test once", async () => {
    const before = await rowCount();
    const later = new Date(now.getTime() + 3 * DAY);
    const added = await seedDemoSpeedtests(t.app.db, { log, now: later });
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(3 * 2 * 3);
    expect(await rowCount()).toBe(before + added);
    expect(await seedDemoSpeedtests(t.app.db, { log, now: later })).toBe(0);
    const [dups] = await t.app.db
      .select({
        n: sql<number>`count(*) - count(DISTINCT ${speedtestResults.testId})`.mapWith(
          Number,
        ),
      })
      .from(speedtestResults)
      .where(inArray(speedtestResults.companyId, [demoA.id, demoB.id]));
    expect(dups?.n).toBe(0);
  });

  it("labels the province figures they are part of as demo, and leaves them out of the home page's count of tests", async () => {
    const cities = await speedtestStats(t.app, { by: "city", now });
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((c) => c.isDemo)).toBe(true);
    const before = await countCountedTests(t.app);
    await t.app.db.insert(speedtestResults).values({
      id: "real-count-test1",
      testId: "real-count-test1",
      ipHash: "real",
      download: 90,
      upload: 20,
      ping: 10,
      pingMin: 9,
      jitter: 1,
      loadedDown: 20,
      loadedUp: 20,
      grade: "A",
      companyId: real.id,
      cityCode: 34,
      counted: true,
    });
    expect(await countCountedTests(t.app)).toBe(before + 1);
    expect(before).toBe(0);
  });
});
