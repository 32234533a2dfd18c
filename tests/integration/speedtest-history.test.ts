// A signed-in person's speed-test history: every finished test is kept (private until shared),
// sharing it later adds the choices to the same result, the history call for the apps pages it,
// and the two GETs of a result by id answer exactly 404 to forged, hostile and other people's
// private ids, never a 5xx.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OWN_RESULTS_PAGE_SIZE } from "../../common/forms/speedtest";
import { createSession } from "../../server/accounts/sessions";
import { speedtestResults } from "../../server/speedtest/schema";
import { resetLimit } from "../../server/security/rate-limit";
import { SPEEDTEST_SAVE_LIMIT } from "../../server/speedtest/save-result";
import { expectApiRefusal, expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { LOCALES, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { honestFigures, signedReceipt } from "../helpers/speedtest";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

const BASE = "/api/v1/speedtest";
let t: TestApp;
let schemas: ApiSchemas;
let owner: { id: number; token: string };
let other: { id: number; token: string };
let companyId = 0;

beforeAll(async () => {
  t = await startTestApp({ PAGE_CACHE_SECONDS: "0" });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  for (const who of ["owner", "other"] as const) {
    const user = await insertVerifiedUser(t.app.db);
    const session = { id: user.id, token: (await createSession(t.app.db, user.id, "web")).token };
    if (who === "owner") owner = session;
    else other = session;
  }
  companyId = (await makeCompany(t.app.db, { name: "Körfez Net" })).id;
});
afterAll(() => t?.close());
beforeEach(() => resetLimit(t.app.limits, SPEEDTEST_SAVE_LIMIT, "127.0.0.1"));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cookie = (token: string) => ({ cookie: `gb_session=${token}` });
const post = (json: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`${BASE}/results`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(json) });
async function stored(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(speedtestResults);
  return row!.n;
}
const receipt = () => signedReceipt(t.app.config.SESSION_SECRET);

describe("a signed-in person's finished test is kept", () => {
  it("kept private at once, seen by its owner only; sharing it later adds the choices to the same result, once", async () => {
    const r = receipt();
    const kept = await post({ receipt: r, ...honestFigures, share: false }, bearer(owner.token));
    const { id } = (await schemas.expectMatchesSchema(kept, "/speedtest/results", "post", 200)) as { id: string };
    const [row] = await t.app.db.select().from(speedtestResults).where(eq(speedtestResults.id, id));
    expect(row).toMatchObject({ userId: owner.id, shared: false, companyId: null, cityCode: null, counted: false, download: 80 });

    // Its owner sees it (API and page); a guest and another member get exactly the unknown id's 404.
    const own = await t.fetch(`${BASE}/results/${id}`, { headers: bearer(owner.token) });
    expect(((await schemas.expectMatchesSchema(own, "/speedtest/results/{id}", "get", 200)) as { result: { shared: boolean } }).result.shared).toBe(false);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    for (const headers of [{}, bearer(other.token)]) {
      for (const locale of LOCALES) {
        await expectApiRefusal(await t.fetch(`${BASE}/results/${id}`, { headers: { ...headers, "accept-language": locale } }), locale, { status: 404, code: "E_NOT_FOUND", key: "errors.notFound" });
      }
    }
    expect((await t.fetch(`/internet-hiz-testi/sonuc/${id}`, { headers: cookie(owner.token) })).status).toBe(200);
    expect((await t.fetch(`/internet-hiz-testi/sonuc/${id}`)).status).toBe(404);
    expect((await t.fetch(`/en/internet-hiz-testi/sonuc/${id}`, { headers: cookie(other.token) })).status).toBe(404);

    // Another member cannot share it, nor a guest: the used receipt's 409, nothing changed.
    for (const headers of [{}, bearer(other.token)]) {
      await expectApiRefusal(await post({ receipt: r, ...honestFigures, companyId }, headers), "tr", { status: 409, code: "E_CONFLICT", key: "speedtest.errors.receiptUsed" });
    }
    // Its owner shares it with a provider and a province: the same id, now public and counted.
    const shared = await post({ receipt: r, ...honestFigures, companyId, city: 35 }, bearer(owner.token));
    expect(((await shared.json()) as { id: string }).id).toBe(id);
    const [after] = await t.app.db.select().from(speedtestResults).where(eq(speedtestResults.id, id));
    expect(after).toMatchObject({ shared: true, companyId, cityCode: 35, provider: "Körfez Net", counted: true });
    expect((await t.fetch(`${BASE}/results/${id}`)).status).toBe(200);
    expect((await t.fetch(`/internet-hiz-testi/sonuc/${id}`)).status).toBe(200);
    // Once: a second share, or keeping it private again, is the used receipt's 409.
    for (const share of [true, false]) {
      await expectApiRefusal(await post({ receipt: r, ...honestFigures, share }, { ...bearer(owner.token), "accept-language": "en" }), "en", { status: 409, code: "E_CONFLICT", key: "speedtest.errors.receiptUsed" });
    }
  });

  it("a private result is in no statistic whatever provider it names; shared later, it counts for the provider chosen then, once per address and day", async () => {
    const a = (await makeCompany(t.app.db, { name: "Ağ A" })).id;
    const b = (await makeCompany(t.app.db, { name: "Ağ B" })).id;
    const z = (await makeCompany(t.app.db, { name: "Ağ Z" })).id;
    const receipts = [receipt(), receipt()];
    const ids: string[] = [];
    for (const [i, r] of receipts.entries()) {
      const kept = await post({ receipt: r, ...honestFigures, companyId: [a, b][i], share: false }, bearer(owner.token));
      ids.push(((await kept.json()) as { id: string }).id);
    }
    const countedOf = async (id: string) => (await t.app.db.select({ counted: speedtestResults.counted }).from(speedtestResults).where(eq(speedtestResults.id, id)))[0]!.counted;
    expect([await countedOf(ids[0]!), await countedOf(ids[1]!)]).toEqual([false, false]);
    // Both shared as Z from one address on one day: the first counts for Z, the second does not.
    for (const r of receipts) expect((await post({ receipt: r, ...honestFigures, companyId: z }, bearer(owner.token))).status).toBe(200);
    expect([await countedOf(ids[0]!), await countedOf(ids[1]!)]).toEqual([true, false]);
    const counted = await t.app.db.select({ n: count() }).from(speedtestResults).where(and(eq(speedtestResults.companyId, z), eq(speedtestResults.counted, true)));
    expect(counted[0]!.n).toBe(1);
  });

  it("refuses to keep a guest's test without sharing it (the guest's history is on the device), storing nothing", async () => {
    const before = await stored();
    await expectApiRefusalInBothLanguages((h) => post({ receipt: receipt(), ...honestFigures, share: false }, h), {
      status: 401,
      code: "E_UNAUTHORIZED",
      key: "speedtest.errors.keepNeedsAccount",
    });
    for (const value of ["false", 0, null, [], {}]) {
      await expectApiRefusal(await post({ receipt: receipt(), ...honestFigures, share: value }, bearer(owner.token)), "tr", {
        status: 400,
        code: "E_VALIDATION",
        key: "speedtest.errors.share",
        fields: { share: "speedtest.errors.share" },
      });
    }
    expect(await stored()).toBe(before);
  });

  it("the page lists kept and shared tests with the site's date format, the private ones marked", async () => {
    const html = await (await t.fetch("/en/internet-hiz-testi", { headers: cookie(owner.token) })).text();
    expect(html).toContain(msg("en", "speedtest.history.signedIn").replace(/"/g, "&quot;"));
    const dates = [...html.matchAll(/<a class="underline" href="\/en\/internet-hiz-testi\/sonuc\/[\w-]{16}">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) expect(d).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  });
});

describe("GET /api/v1/my/speedtests", () => {
  it("pages the member's own results, newest first, on the page's service", async () => {
    const member = await insertVerifiedUser(t.app.db);
    const token = (await createSession(t.app.db, member.id, "web")).token;
    // 25 results of theirs (a minute apart) and one of someone else's.
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 25; i++) {
      await t.app.db.insert(speedtestResults).values({
        id: `page-row-${String(i).padStart(7, "0")}`,
        testId: `page-row-${member.id}-${i}`,
        userId: member.id,
        shared: i % 2 === 0,
        download: i,
        upload: 1,
        ping: 10,
        pingMin: 9,
        jitter: 1,
        loadedDown: 12,
        loadedUp: 12,
        grade: "A",
        createdAt: new Date(base + i * 60_000),
      });
    }
    type Page = { results: { id: string; download: number; shared: boolean }[]; total: number; page: number; pageCount: number; pageSize: number };
    const read = async (query: string) => (await schemas.expectMatchesSchema(await t.fetch(`/api/v1/my/speedtests${query}`, { headers: bearer(token) }), "/my/speedtests", "get", 200)) as Page;
    const first = await read("");
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2, pageSize: OWN_RESULTS_PAGE_SIZE });
    expect(first.results.map((r) => r.download)).toEqual(Array.from({ length: 20 }, (_, i) => 24 - i));
    expect(first.results.map((r) => r.shared)).toEqual(Array.from({ length: 20 }, (_, i) => (24 - i) % 2 === 0));
    const second = await read("?page=2");
    expect(second.results.map((r) => r.download)).toEqual([4, 3, 2, 1, 0]);
    // Past the last page: empty, the same total.
    expect(await read("?page=3")).toMatchObject({ results: [], total: 25, page: 3, pageCount: 2 });
    expect((await read("?page=999999")).results).toEqual([]);
    // The same call with the site's cookie (a browser) answers the same.
    const viaCookie = (await (await t.fetch("/api/v1/my/speedtests?page=2", { headers: cookie(token) })).json()) as Page;
    expect(viaCookie.results.map((r) => r.download)).toEqual([4, 3, 2, 1, 0]);
    // Nobody else's results: the other member's list holds none of these.
    const theirs = (await (await t.fetch("/api/v1/my/speedtests", { headers: bearer(other.token) })).json()) as Page;
    expect(theirs.results.filter((r) => r.id.startsWith("page-row-"))).toEqual([]);
  });

  it("a guest is refused (401); a bad page is a translated 400", async () => {
    await expectApiRefusalInBothLanguages((h) => t.fetch("/api/v1/my/speedtests", { headers: h }), { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" });
    const bad = { status: 400, code: "E_VALIDATION" as const, key: "speedtest.errors.page", fields: { page: "speedtest.errors.page" } };
    for (const page of ["0", "-1", "1.5", "abc", "1e3", "9999999", "%00", "%FF", "1%20OR%201=1", ""]) {
      const query = `page=${page}`;
      for (const locale of LOCALES) {
        await expectApiRefusal(await t.fetch(`/api/v1/my/speedtests?${query}`, { headers: { ...bearer(owner.token), "accept-language": locale } }), locale, bad, query);
      }
    }
    // Two values of page: an array, refused too.
    await expectApiRefusal(await t.fetch("/api/v1/my/speedtests?page=1&page=2", { headers: bearer(owner.token) }), "tr", bad, "two pages");
  });
});

describe("a result by id, hostile", () => {
  it("forged, malformed, huge, NUL and other people's private ids: exactly 404 on the API and the share page, never a 5xx", async () => {
    const [privateRow] = await t.app.db
      .select({ id: speedtestResults.id })
      .from(speedtestResults)
      .where(and(eq(speedtestResults.userId, owner.id), eq(speedtestResults.shared, false)));
    const privateId = privateRow?.id ?? (((await (await post({ receipt: receipt(), ...honestFigures, share: false }, bearer(owner.token))).json()) as { id: string }).id);
    const ids = [
      "AAAAAAAAAAAAAAAA", // the right shape, no such result
      "AAAAAAAAAAAAAAA", // one short
      "AAAAAAAAAAAAAAAAA", // one long
      "1",
      "-1",
      "99999999999999999999",
      "a".repeat(2000),
      "%00",
      "AAAAAAAA%00AAAAAAA",
      "%FF%FE",
      "%C0%AF",
      "..%2F..%2Fetc%2Fpasswd",
      "'%20OR%20'1'='1",
      "%3Cscript%3E",
      "%E2%80%AEAAAAAAAAAAAAAAA",
      privateId, // the owner's private result, asked by someone else
    ];
    const failures: string[] = [];
    for (const id of ids) {
      for (const headers of [{}, bearer(other.token)]) {
        const api = await t.fetch(`${BASE}/results/${id}`, { headers });
        if (api.status !== 404) failures.push(`API ${id.slice(0, 40)}: ${api.status}`);
        else {
          const body = (await api.json()) as { exception: string };
          if (body.exception !== "E_NOT_FOUND") failures.push(`API ${id.slice(0, 40)}: ${body.exception}`);
        }
      }
      for (const path of [`/internet-hiz-testi/sonuc/${id}`, `/en/internet-hiz-testi/sonuc/${id}`]) {
        for (const headers of [{}, cookie(other.token)]) {
          const page = await t.fetch(path, { headers });
          if (page.status !== 404) failures.push(`page ${path.slice(0, 60)}: ${page.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The owner still reads it.
    expect((await t.fetch(`${BASE}/results/${privateId}`, { headers: bearer(owner.token) })).status).toBe(200);
  });
});
