// A result is only as good as what the server saw (decision 022): the forged sequence of a
// guest (start, ten pings, finish, then download 0 and a 60 s ping) is refused, figures the
// server's counts contradict are refused, and one address moves no public median however many
// tests it saves, on PGlite and PostgreSQL.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countMarks } from "../../server/platform/schema";
import { speedtestResults } from "../../server/speedtest/schema";
import { resetLimit } from "../../server/security/rate-limit";
import { MEDIAN_MIN_ADDRESSES, provinceMedians, speedtestStats } from "../../server/speedtest/read-results";
import { SPEEDTEST_SAVE_LIMIT } from "../../server/speedtest/save-result";
import { expectApiRefusal } from "../helpers/expect-error";
import { LOCALES } from "../helpers/messages";
import { makeCompany } from "../helpers/packages";
import { figuresFor, signedReceipt } from "../helpers/speedtest";
import { startTestApp, type TestApp } from "../helpers/test-app";

const BASE = "/api/v1/speedtest";
const ANTALYA = 7;
let t: TestApp;
let companyId = 0;

beforeAll(async () => {
  t = await startTestApp({ PAGE_CACHE_SECONDS: "0" }, { speedtest: { testsPerIp: 200 } });
  companyId = (await makeCompany(t.app.db, { name: "Sahil Fiber" })).id;
});
afterAll(() => t?.close());
beforeEach(() => resetLimit(t.app.limits, SPEEDTEST_SAVE_LIMIT, "127.0.0.1"));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (json: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`${BASE}/results`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(json) });
async function stored(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(speedtestResults);
  return row!.n;
}
async function start(): Promise<string> {
  return ((await (await t.fetch(`${BASE}/start`, { method: "POST" })).json()) as { testId: string }).testId;
}
async function finish(testId: string): Promise<string> {
  return ((await (await t.fetch(`${BASE}/finish?t=${testId}`, { method: "POST" })).json()) as { receipt: string }).receipt;
}
/** The forged figures: nothing measured, a minute of latency, a provider and a province named. */
const forged = (receipt: string) => ({ receipt, download: 0, upload: 0, ping: 60_000, pingMin: 0, jitter: 60_000, loadedDown: 60_000, loadedUp: 60_000, companyId, city: ANTALYA });

describe("a result the server did not see", () => {
  it("refuses the forged sequence (start, ten pings, finish; download 0, ping 60000) with a translated 400, storing nothing", async () => {
    const before = await stored();
    for (const locale of LOCALES) {
      const testId = await start();
      for (let i = 0; i < 10; i++) await (await t.fetch(`${BASE}/ping?t=${testId}`)).arrayBuffer();
      const res = await post(forged(await finish(testId)), { "accept-language": locale });
      await expectApiRefusal(res, locale, { status: 400, code: "E_VALIDATION", key: "speedtest.errors.tooLittleData" });
    }
    expect(await stored()).toBe(before);
  });

  it("refuses figures that the server's counts of a real test contradict, and takes the honest ones", async () => {
    // A real test: pings, a paced download, uploads, as a page makes them.
    const testId = await start();
    for (let i = 0; i < 12; i++) await (await t.fetch(`${BASE}/ping?t=${testId}`)).arrayBuffer();
    const downUntil = Date.now() + 1200;
    while (Date.now() < downUntil) {
      await (await t.fetch(`${BASE}/download?t=${testId}&bytes=1000000`)).arrayBuffer();
      await sleep(50);
    }
    const upUntil = Date.now() + 1500;
    while (Date.now() < upUntil) await (await t.fetch(`${BASE}/upload?t=${testId}`, { method: "POST", body: new Uint8Array(200_000) })).json();
    const receipt = await finish(testId);
    const honest = figuresFor(receipt);
    const before = await stored();
    const mismatch = { status: 400, code: "E_VALIDATION" as const, key: "speedtest.errors.figuresMismatch" };
    for (const [label, change] of [
      ["download 0", { download: 0 }],
      ["download under half of what was sent", { download: Math.floor(honest.download * 0.49 * 100) / 100 }],
      ["upload 0", { upload: 0 }],
      ["ping 60000", { ping: 60_000 }],
      ["jitter 60000", { jitter: 60_000 }],
      ["loaded latency 60000", { loadedDown: 60_000 }],
      ["the issue's figures", forged(receipt)],
    ] as const) {
      for (const locale of LOCALES) await expectApiRefusal(await post({ ...honest, ...change, receipt }, { "accept-language": locale }), locale, mismatch, label);
    }
    expect(await stored()).toBe(before);
    const ok = await post({ receipt, ...honest, companyId, city: ANTALYA });
    expect(ok.status).toBe(200);
    expect(await stored()).toBe(before + 1);
  });
});

describe("one address in the statistics", () => {
  it("six results from one address on one day count once: a provider's and a province's medians do not move", async () => {
    // A new day for this address (the test above saved a result with this provider today).
    await t.app.db.delete(speedtestResults);
    await t.app.db.delete(countMarks);
    // Five people, five addresses, 100 Mbit/s and 10 ms each.
    for (let i = 1; i <= MEDIAN_MIN_ADDRESSES; i++) {
      await t.app.db.insert(speedtestResults).values({
        id: `honest-person-${i}`.padEnd(16, "0"),
        testId: `honest-person-${i}`,
        ipHash: `honest-address-${i}`,
        counted: true,
        download: 100,
        upload: 20,
        ping: 10,
        pingMin: 9,
        jitter: 1,
        loadedDown: 20,
        loadedUp: 20,
        grade: "A",
        companyId,
        cityCode: ANTALYA,
      });
    }
    const medians = { download: 100, upload: 20, ping: 10 };
    expect(await provinceMedians(t.app, { province: ANTALYA })).toEqual({ count: 5, addresses: 5, days: 90, medians });
    // Six tests from one address, each as slow as the server saw it (the client can make the server
    // see a slow link), saved with the provider and the province: every one is a valid result.
    const slow = () =>
      signedReceipt(t.app.config.SESSION_SECRET, {
        downBytes: 1_000_000,
        downPeakMbps: 1.2,
        downMbps: 1,
        upBytes: 500_000,
        upMbps: 0.5,
        rtt: { idle: { n: 19, median: 2000, max: 2100, jitter: 40 }, down: { n: 3, median: 2100, max: 2200, jitter: 50 }, up: { n: 3, median: 2100, max: 2200, jitter: 50 } },
      });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post({ receipt: slow(), download: 0.5, upload: 0.5, ping: 2000, pingMin: 1900, jitter: 40, loadedDown: 2100, loadedUp: 2100, companyId, city: ANTALYA });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Stored, all six (the person's own history and share pages); counted, the first.
    const rows = await t.app.db.select({ id: speedtestResults.id, counted: speedtestResults.counted }).from(speedtestResults).where(eq(speedtestResults.download, 0.5));
    expect(rows.filter((r) => r.counted).map((r) => r.id)).toEqual([ids[0]]);
    expect(rows).toHaveLength(6);
    // Six tests counted from six addresses: the median of five 100s and one 0.5 is 100.
    expect(await provinceMedians(t.app, { province: ANTALYA })).toEqual({ count: 6, addresses: 6, days: 90, medians });
    const [provider] = await speedtestStats(t.app, { by: "provider", city: ANTALYA });
    expect(provider).toMatchObject({ key: String(companyId), count: 6, addresses: 6, ...medians });
    const [province] = await speedtestStats(t.app, { by: "city" });
    expect(province).toMatchObject({ key: String(ANTALYA), count: 6, addresses: 6, ...medians });
  });

  it("shows no figure while the counted tests come from fewer than the minimum of different addresses", async () => {
    await t.app.db.delete(speedtestResults);
    // One address on ten days: ten counted tests, one address.
    for (let day = 1; day <= 10; day++) {
      await t.app.db.insert(speedtestResults).values({
        id: `one-address-${String(day).padStart(4, "0")}`,
        testId: `one-address-${day}`,
        ipHash: "the-same-address",
        counted: true,
        download: 1,
        upload: 1,
        ping: 900,
        pingMin: 800,
        jitter: 1,
        loadedDown: 900,
        loadedUp: 900,
        grade: "F",
        companyId,
        cityCode: ANTALYA,
        createdAt: new Date(Date.now() - day * 86_400_000),
      });
    }
    expect(await provinceMedians(t.app, { province: ANTALYA })).toEqual({ count: 10, addresses: 1, days: 90, medians: null });
    expect(await speedtestStats(t.app, { by: "provider", city: ANTALYA })).toEqual([]);
    expect(await speedtestStats(t.app, { by: "city" })).toEqual([]);
    // The page says why: the minimum of different addresses, and how many there are.
    const html = await (await t.fetch("/en/internet-altyapi-hiz-sorgulama/antalya")).text();
    expect(html).toContain(`we show medians once the tests come from ${MEDIAN_MIN_ADDRESSES} different internet addresses (IP). Tests so far: 10; addresses: 1.`);
  });
});
