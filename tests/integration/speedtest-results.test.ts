// The speed test's result store: a result is stored only with the stream server's
// receipt of its own test, once; forged, replayed and hostile submissions store nothing; the share
// page, the history, the evidence report and the statistics read what was stored.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { speedtestResults } from "../../server/speedtest/schema";
import { resetLimit } from "../../server/security/rate-limit";
import { SPEEDTEST_SAVE_LIMIT } from "../../server/speedtest/save-result";
import { MEDIAN_MIN_ADDRESSES } from "../../server/speedtest/read-results";
import { signReceipt, type Receipt } from "../../server/speedtest/receipt";
import { figuresFor } from "../helpers/speedtest";
import { expectApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, WRONG_TYPES } from "../helpers/hostile";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { msg } from "../helpers/messages";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let userToken: string;
let schemas: ApiSchemas;
const BASE = "/api/v1/speedtest";

beforeAll(async () => {
  t = await startTestApp({}, { speedtest: { testsPerIp: 200 } });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  const [user] = await t.app.db
    .insert(users)
    .values({
      fullName: "Hız Testçi",
      email: `hiz.${Date.now()}@example.com`,
      passwordHash: await hashPassword("Parola1234"),
      accountType: "individual",
      emailVerifiedAt: new Date(),
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  userToken = (await createSession(t.app.db, user.id, "web")).token;
});
afterAll(() => t?.close());
beforeEach(() => resetLimit(t.app.limits, SPEEDTEST_SAVE_LIMIT, "127.0.0.1"));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A real (short) test against the worker thread: pings, a download, an upload, the receipt. The
 * download is paced (1 MB every 50 ms or so, for 1.2 s) so the server sends for long enough to
 * count a rate, without moving gigabytes over loopback.
 */
async function runTest(): Promise<{ receipt: string; upload: number }> {
  const { testId } = (await (await t.fetch(`${BASE}/start`, { method: "POST" })).json()) as { testId: string };
  for (let i = 0; i < 12; i++) await (await t.fetch(`${BASE}/ping?t=${testId}`)).arrayBuffer();
  const downUntil = Date.now() + 1200;
  while (Date.now() < downUntil) {
    await (await t.fetch(`${BASE}/download?t=${testId}&bytes=1000000`)).arrayBuffer();
    await sleep(50);
  }
  // Uploads spread over about a second and a half, so the server has slices to measure.
  const until = Date.now() + 1500;
  while (Date.now() < until) await (await t.fetch(`${BASE}/upload?t=${testId}`, { method: "POST", body: new Uint8Array(200_000) })).json();
  const finished = (await (await t.fetch(`${BASE}/finish?t=${testId}`, { method: "POST" })).json()) as { receipt: string; upload: number };
  lastReal = finished.receipt;
  return finished;
}

/** The last real test's receipt: a forged one is sent with the figures that fit it. */
let lastReal = "";
/** The figures an honest page would send with this receipt (they fit the server's counts). */
function body(receipt: string, upload: number, extra: Record<string, unknown> = {}) {
  let figures: ReturnType<typeof figuresFor>;
  try {
    figures = figuresFor(receipt);
  } catch {
    figures = figuresFor(lastReal);
  }
  return { receipt, ...figures, upload, ...extra };
}

const post = (json: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`${BASE}/results`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(json) });

async function stored(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(speedtestResults);
  return row.n;
}

describe("speed test result store", () => {
  it("stores a test once, with the server's upload figure and its own grade, and shows it on a share page", async () => {
    const { receipt, upload } = await runTest();
    expect(upload).toBeGreaterThan(0);
    const res = await post(body(receipt, upload, { provider: "Türk Telekom", city: 34, promisedDown: 100, grade: "A+" }));
    const saved = (await schemas.expectMatchesSchema(res, "/speedtest/results", "post", 200)) as { success: true; id: string };
    const one = await t.fetch(`${BASE}/results/${saved.id}`);
    const answer = (await schemas.expectMatchesSchema(one, "/speedtest/results/{id}", "get", 200)) as { result: { upload: number; grade: string; city: { name: string } } };
    expect(answer.result.upload).toBe(upload);
    // Extra latency 3 ms: A+, whatever the client said.
    expect(answer.result.grade).toBe("A+");
    expect(answer.result.city.name).toBe("İSTANBUL");

    for (const [path, lang] of [[`/internet-hiz-testi/sonuc/${saved.id}`, "tr"], [`/en/internet-hiz-testi/sonuc/${saved.id}`, "en"]] as const) {
      const page = await t.fetch(path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(lang === "tr" ? "Hız testi sonucu" : "Speed test result");
      expect(html).toContain('name="robots" content="noindex"');
      expect(html).toContain("Türk Telekom");
    }

    // The same receipt again: 409, nothing new stored.
    const before = await stored();
    await expectApiRefusal(await post(body(receipt, upload)), "tr", { status: 409, code: "E_CONFLICT", key: "speedtest.errors.receiptUsed" });
    expect(await stored()).toBe(before);
  });

  it("refuses forged receipts and figures the server did not measure, storing nothing", async () => {
    const { receipt, upload } = await runTest();
    const before = await stored();
    const [payload, mac] = receipt.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Receipt;
    const inflated = Buffer.from(JSON.stringify({ ...claims, upMbps: 9999, downPeakMbps: 9999 })).toString("base64url");
    const bad = { status: 400, code: "E_VALIDATION" as const, key: "speedtest.errors.badReceipt", fields: { receipt: "speedtest.errors.badReceipt" } };
    await expectApiRefusal(await post(body(`${inflated}.${mac}`, 9999)), "tr", bad, "payload changed");
    await expectApiRefusal(await post(body(signReceipt("x".repeat(64), { ...claims, upMbps: 9999 }), 9999), { "accept-language": "en" }), "en", bad, "other key");
    await expectApiRefusal(await post(body("not-a-receipt-at-all", upload)), "tr", bad, "garbage");
    const mismatch = { status: 400, code: "E_VALIDATION" as const, key: "speedtest.errors.figuresMismatch" };
    await expectApiRefusal(await post(body(receipt, upload * 2)), "tr", mismatch, "upload not the server's");
    await expectApiRefusal(await post(body(receipt, upload, { download: 100_000 })), "tr", mismatch, "download beyond what was sent");
    await expectApiRefusal(await post(body(receipt, upload, { ping: 1, pingMin: 5 })), "tr", mismatch, "minimum above median");
    const expired = signReceipt(t.app.config.SESSION_SECRET, { ...claims, testId: "expired-test-000000000", issuedAt: Date.now() - 3_600_000 });
    await expectApiRefusal(await post(body(expired, upload)), "tr", { status: 400, code: "E_VALIDATION", key: "speedtest.errors.receiptExpired" });
    expect(await stored()).toBe(before);
  });

  it("refuses wrong types, out-of-range values and hostile bodies with a 4xx, storing nothing", async () => {
    const { receipt, upload } = await runTest();
    const before = await stored();
    for (const field of ["download", "upload", "ping", "city", "promisedDown", "receipt"]) {
      for (const c of WRONG_TYPES.filter((w) => !(w.value === null && ["city", "promisedDown"].includes(field)))) {
        const res = await post(body(receipt, upload, { [field]: c.value }));
        expect(res.status, `${field}: ${c.name}`).toBe(400);
      }
    }
    for (const [field, value] of [["download", -1], ["ping", 1e9], ["city", 82], ["city", 0], ["city", 1.5], ["promisedDown", 0], ["promisedDown", 1e7], ["provider", "x".repeat(81)]] as const) {
      expect((await post(body(receipt, upload, { [field]: value }))).status, `${field}=${value}`).toBe(400);
    }
    expect((await t.fetch(`${BASE}/results`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" })).status).toBe(400);
    expect((await t.fetch(`${BASE}/results`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pad: "x".repeat(200_000) }) })).status).toBe(413);
    expect(await stored()).toBe(before);
    // Hostile text in the provider is stored as text and shown escaped.
    const res = await post(body(receipt, upload, { provider: HOSTILE_TEXT.html.value }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const html = await (await t.fetch(`/internet-hiz-testi/sonuc/${id}`)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("keeps a signed-in person's results in their history, evidence report and CSV, and sums them per province", async () => {
    const { receipt, upload } = await runTest();
    const cookie = `gb_session=${userToken}`;
    // Promised twice the download: the report's share column reads 50.
    const res = await post(body(receipt, upload, { city: 6, promisedDown: figuresFor(receipt).download * 2, promisedUp: 1 }), { authorization: `Bearer ${userToken}` });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };

    const mine = (await schemas.expectMatchesSchema(await t.fetch(`${BASE}/results`, { headers: { authorization: `Bearer ${userToken}` } }), "/speedtest/results", "get", 200)) as { results: { id: string }[] };
    expect(mine.results.map((r) => r.id)).toEqual([id]);

    const page = await (await t.fetch("/internet-hiz-testi", { headers: { cookie } })).text();
    expect(page).toContain(`/internet-hiz-testi/sonuc/${id}`);
    const report = await t.fetch(`/internet-hiz-testi/rapor?id=${id}`, { headers: { cookie } });
    expect(report.status).toBe(200);
    expect(report.headers.get("cache-control")).toBe("private, no-store");
    const csv = await t.fetch(`/internet-hiz-testi/rapor/csv?id=${id}`, { headers: { cookie } });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("ANKARA");
    expect(lines[1].split(",")[12]).toBe("50");

    // One test moves no median: a province is listed once its counted tests come from
    // MEDIAN_MIN_ADDRESSES different addresses. This address already had its one counted test
    // without a provider today (the İstanbul one above), so the Ankara one is stored, not counted.
    type Stats = { minCount: number; groups: { key: string; count: number; addresses: number }[] };
    const stats = (await schemas.expectMatchesSchema(await t.fetch(`${BASE}/stats?by=city`), "/speedtest/stats", "get", 200)) as Stats;
    expect(stats.minCount).toBe(MEDIAN_MIN_ADDRESSES);
    expect(stats.groups.find((g) => g.key === "6")).toBeUndefined();
    const [own] = await t.app.db.select({ counted: speedtestResults.counted }).from(speedtestResults).where(eq(speedtestResults.id, id));
    expect(own.counted).toBe(false);
    const other = (i: number) => ({ id: `ankara-more-${i}`.padEnd(16, "0"), testId: `ankara-more-${i}`, ipHash: `address-${i}`, counted: true, download: 10 * i, upload: i, ping: 5, pingMin: 4, jitter: 1, loadedDown: 6, loadedUp: 6, grade: "A+", cityCode: 6 });
    for (let i = 1; i < MEDIAN_MIN_ADDRESSES; i++) await t.app.db.insert(speedtestResults).values(other(i));
    // A second counted test of an address already there adds a test, not an address.
    await t.app.db.insert(speedtestResults).values({ ...other(1), id: "ankara-again-100", testId: "ankara-again-1" });
    const few = (await schemas.expectMatchesSchema(await t.fetch(`${BASE}/stats?by=city`), "/speedtest/stats", "get", 200)) as Stats;
    expect(few.groups.find((g) => g.key === "6")).toBeUndefined();
    await t.app.db.insert(speedtestResults).values(other(MEDIAN_MIN_ADDRESSES));
    const enough = (await schemas.expectMatchesSchema(await t.fetch(`${BASE}/stats?by=city`), "/speedtest/stats", "get", 200)) as Stats;
    expect(enough.groups.find((g) => g.key === "6")).toMatchObject({ count: MEDIAN_MIN_ADDRESSES + 1, addresses: MEDIAN_MIN_ADDRESSES });
    expect((await t.fetch(`${BASE}/stats?by=nothing`)).status).toBe(400);
  });
});

describe("speed test page JSON-LD", () => {
  it.each([
    ["tr", "/internet-hiz-testi"],
    ["en", "/en/internet-hiz-testi"],
  ] as const)("%s: a schema.org WebApplication at the page's canonical URL, free, in the page's language", async (locale, path) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const app = ld.find((j) => j["@type"] === "WebApplication");
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+${path}$`));
    expect(app).toMatchObject({
      "@context": "https://schema.org",
      name: msg(locale, "speedtest.title"),
      url: canonical,
      applicationCategory: "UtilitiesApplication",
      operatingSystem: "Any",
      inLanguage: locale,
      offers: { "@type": "Offer", price: "0" },
    });
  });
});
