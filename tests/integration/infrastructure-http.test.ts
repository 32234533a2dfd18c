import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { startFakeInfraServer, type FakeInfraServer } from "../helpers/fake-infra-server";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The http source against a local fake reseller API: shapes normalised, a stall answered within
// the deadline, nonsense refused without a 5xx, cached levels served while the API is down, and
// concurrent asks for one flat sharing one upstream call.

const TIMEOUT_MS = 1500;
const demo = createDemoSource({ now: () => new Date("2026-01-02T03:04:05Z") });
let fake: FakeInfraServer;
let t: TestApp;
let schemas: ApiSchemas;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1/ttservice/${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** Demo flats: the first flat of building `b` of the first street of neighbourhood `n`. */
const flatCode = (n: number, b = 0) => 200_000_000 + n * 1728 + b * 12;

beforeAll(async () => {
  fake = await startFakeInfraServer({ apiKey: "test-key" });
  t = await startTestApp({ INFRA_SOURCE: "http", INFRA_HTTP_URL: fake.url, INFRA_HTTP_KEY: "test-key", INFRA_HTTP_TIMEOUT_MS: String(TIMEOUT_MS) });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe("http infrastructure source", () => {
  it("normalises every answer shape of the upstream into the same typed result", async () => {
    fake.mode = "ok";
    // Three flats whose codes give the three answer styles of the fake (Turkish keys with
    // VAR/YOK and kbps text; English keys with 1/0 and Mbps; booleans and "… Mbps" text).
    for (const bbk of [flatCode(10), flatCode(11) + 1, flatCode(12) + 2]) {
      const expected = await demo.query(bbk);
      expect(expected, `demo flat ${bbk}`).not.toBeNull();
      if (!expected) continue;
      const res = await post("query", { bbk });
      const body = (await schemas.expectMatchesSchema(res, "/ttservice/query", "post", 200)) as { answer: typeof expected };
      expect(body.answer.source).toBe("http");
      expect(body.answer.fetchedAt).toBe(expected.fetchedAt);
      expect(body.answer.uavt).toBe(expected.uavt);
      expect(body.answer.address).toEqual(expected.address);
      expect(body.answer.technologies, `flat ${bbk} (style ${bbk % 3})`).toEqual(expected.technologies);
    }
    const districts = await post("districts", { code: 6 });
    expect(await schemas.expectMatchesSchema(districts, "/ttservice/districts", "post", 200)).toEqual(await demo.children("district", 6));
    await expectApiRefusalInBothLanguages((h) => post("districts", { code: 99 }, h), { status: 404, code: "E_NOT_FOUND", key: "infrastructure.errors.unknownCode" });
  });

  it("answers 'try again' within the deadline when the upstream stalls", async () => {
    fake.mode = "stall";
    const started = Date.now();
    const res = await post("query", { bbk: flatCode(20) });
    const elapsed = Date.now() - started;
    // The configured deadline ended it: not before it (so it was the stall that was answered), and
    // far below what a stall without a deadline would take (the fake never answers); the upper
    // margin is a loaded machine's scheduling.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2500);
    expect(res.headers.get("retry-after")).toBe("30");
    await schemas.expectMatchesSchema(res.clone(), "/ttservice/query", "post", 503);
    await expectApiRefusalInBothLanguages(async (h) => (h["accept-language"] === "en" ? post("query", { bbk: flatCode(20) }, h) : res), {
      status: 503,
      code: "E_UNAVAILABLE",
      key: "infrastructure.errors.unavailable",
    });
  });

  it("refuses a malformed upstream answer with a clear error, never a 5xx", async () => {
    fake.mode = "malformed";
    const query = await post("query", { bbk: flatCode(30) });
    await schemas.expectMatchesSchema(query.clone(), "/ttservice/query", "post", 424);
    await expectApiRefusalInBothLanguages(
      async (h) => (h["accept-language"] === "en" ? post("streets", { code: 100_030 }, h) : query),
      { status: 424, code: "E_SOURCE_INVALID", key: "infrastructure.errors.invalidAnswer" },
    );
  });

  it("serves a cached level while the upstream is down, and says 'try again' for one it never had", async () => {
    fake.mode = "ok";
    const before = await (await post("districts", { code: 35 })).json();
    fake.mode = "down";
    const calls = fake.total();
    const during = await post("districts", { code: 35 });
    expect(during.status).toBe(200);
    expect(await during.json()).toEqual(before);
    expect(fake.total()).toBe(calls);
    await expectApiRefusalInBothLanguages((h) => post("districts", { code: 36 }, h), { status: 503, code: "E_UNAVAILABLE", key: "infrastructure.errors.unavailable" });
    // One retry per ask: two asks, two tries each.
    expect(fake.total() - calls).toBe(4);
  });

  it("makes one upstream call for 100 concurrent queries of the same flat", async () => {
    fake.mode = "ok";
    const bbk = flatCode(40);
    const before = fake.calls.get("query") ?? 0;
    const answers = await Promise.all(Array.from({ length: 100 }, () => post("query", { bbk })));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect((fake.calls.get("query") ?? 0) - before).toBe(1);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });
});
