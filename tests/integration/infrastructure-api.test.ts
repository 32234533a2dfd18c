import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { infraQueryCounts } from "../../server/infrastructure/schema";
import { demoLandline } from "../../server/infrastructure/demo-addresses";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, overLong, WRONG_TYPES } from "../helpers/hostile";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

// /api/v1/ttservice/… on the demo source: every level down to a flat, the three lookups and the
// query, each answer checked against the OpenAPI document; then hostile input as tables, each
// row with its exact status, code and message in both languages.

let t: TestApp;
let schemas: ApiSchemas;
const demo = createDemoSource();

beforeAll(async () => {
  t = await startTestApp();
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(() => t?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1/ttservice/${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const CALLS = ["districts", "subdistricts", "villages", "neighbourhoods", "streets", "buildings", "flats"] as const;

describe("the cascade and the lookups", () => {
  it("walks from İSTANBUL to a flat, finds it by BBK, UAVT and landline, and answers for it", async () => {
    let code = 34;
    const path: number[] = [code];
    for (const call of CALLS) {
      const nodes = (await schemas.expectMatchesSchema(await post(call, { code: String(code) }), `/ttservice/${call}`, "post", 200)) as { code: number; value: string }[];
      expect(nodes.length, call).toBeGreaterThan(0);
      if (call === "districts") expect(nodes.map((n) => n.value)).toContain("KADIKÖY");
      code = (call === "districts" ? nodes.find((n) => n.value === "KADIKÖY")! : nodes[nodes.length - 1]).code;
      path.push(code);
    }
    const bbk = code;
    const byCode = (await schemas.expectMatchesSchema(await post("flat-by-code", { bbk }), "/ttservice/flat-by-code", "post", 200)) as { flat: { uavt: number; address: { code: number }[] } };
    expect(byCode.flat.address.map((a) => a.code)).toEqual(path);
    const byUavt = (await schemas.expectMatchesSchema(await post("flat-by-uavt", { uavt: String(byCode.flat.uavt).replace(/(\d{3})(\d{3})/, "$1 $2 ") }), "/ttservice/flat-by-uavt", "post", 200)) as { flat: unknown };
    expect(byUavt.flat).toEqual(byCode.flat);
    // A Kadıköy line has İstanbul's Asian area code; typed as people type it.
    const line = demoLandline(bbk)!;
    expect(line.slice(0, 3)).toBe("216");
    const typed = `0 (${line.slice(0, 3)}) ${line.slice(3, 6)} ${line.slice(6, 8)} ${line.slice(8)}`;
    const byLine = (await schemas.expectMatchesSchema(await post("flat-by-landline", { phone: typed }), "/ttservice/flat-by-landline", "post", 200)) as { flat: unknown };
    expect(byLine.flat).toEqual(byCode.flat);

    const before = await t.app.db.select().from(infraQueryCounts);
    const res = await post("query", { bbk });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { answer } = (await schemas.expectMatchesSchema(res, "/ttservice/query", "post", 200)) as { answer: { source: string; technologies: unknown[] } };
    const expected = (await demo.query(bbk))!;
    expect(answer.source).toBe("demo");
    expect(answer.technologies).toEqual(expected.technologies);
    // Counted by neighbourhood and technology, nothing else.
    const after = await t.app.db.select().from(infraQueryCounts);
    expect(after.reduce((s, r) => s + r.count, 0)).toBe(before.reduce((s, r) => s + r.count, 0) + 1);
    // Asked again from the same address the same day: not counted again.
    await post("query", { bbk });
    const again = await t.app.db.select().from(infraQueryCounts);
    expect(again.reduce((s, r) => s + r.count, 0)).toBe(before.reduce((s, r) => s + r.count, 0) + 1);
    expect(Object.keys(after[0]).sort()).toEqual(["count", "districtName", "neighbourhoodCode", "neighbourhoodName", "provinceCode", "technology"]);
  });
});

const invalid = (field: string, key: string): ApiRefusal => ({ status: 400, code: "E_VALIDATION", key, fields: { [field]: key } });
const T = HOSTILE_TEXT;
const texts = [T.html, T.sql, T.nul, T.control, T.loneSurrogate, T.bidi, T.replacement];

describe("hostile input", () => {
  const badCode = invalid("code", "infrastructure.validation.code");
  const codeCases: [string, unknown, ApiRefusal][] = [
    ...texts.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, badCode]),
    ...WRONG_TYPES.filter((c) => typeof c.value !== "number").map((c): [string, unknown, ApiRefusal] => [c.name, c.value, badCode]),
    ["16 digits", "1".repeat(16), badCode],
    ["overlong", overLong(1000, "9"), badCode],
    ["zero", 0, badCode],
    ["negative", -34, badCode],
    ["fraction", 3.4, badCode],
    ["beyond safe integers", 2 ** 60, badCode],
    ["missing", undefined, badCode],
    ["unknown province", 82, { status: 404, code: "E_NOT_FOUND", key: "infrastructure.errors.unknownCode" }],
  ];
  it.each(codeCases)("districts code: %s", async (_n, value, refusal) => {
    await expectApiRefusalInBothLanguages((h) => post("districts", { code: value }, h), refusal);
  });
  it.each(CALLS.slice(1))("%s of an unknown parent is a 404", async (call) => {
    await expectApiRefusalInBothLanguages((h) => post(call, { code: 987654321 }, h), { status: 404, code: "E_NOT_FOUND", key: "infrastructure.errors.unknownCode" });
  });

  const badBbk = invalid("bbk", "infrastructure.validation.code");
  it.each([
    ["HTML", T.html.value, badBbk],
    ["object", { $gt: 0 }, badBbk],
    ["unknown flat", 12345678, { status: 404, code: "E_NOT_FOUND", key: "infrastructure.errors.flatNotFound" }],
  ] as [string, unknown, ApiRefusal][])("query bbk: %s", async (_n, value, refusal) => {
    await expectApiRefusalInBothLanguages((h) => post("query", { bbk: value }, h), refusal);
    await expectApiRefusalInBothLanguages((h) => post("flat-by-code", { bbk: value }, h), refusal);
  });

  const uavtFormat = invalid("uavt", "infrastructure.validation.uavt.format");
  const uavtCases: [string, unknown, ApiRefusal][] = [
    ["9 digits", "123456789", uavtFormat],
    ["11 digits", "12345678901", uavtFormat],
    ["leading zero", "0123456789", uavtFormat],
    ["letters", "12345abcde", uavtFormat],
    ["a short number", 12345678, uavtFormat],
    ["overlong", overLong(1000, "1"), uavtFormat],
    ...texts.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, uavtFormat]),
    ["empty", "", invalid("uavt", "infrastructure.validation.uavt.required")],
    ...WRONG_TYPES.filter((c) => typeof c.value !== "number").map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("uavt", "infrastructure.validation.uavt.required")]),
    ["unknown code", "1999999999", { status: 404, code: "E_NOT_FOUND", key: "infrastructure.errors.uavtNotFound" }],
  ];
  it.each(uavtCases)("uavt: %s", async (_n, value, refusal) => {
    await expectApiRefusalInBothLanguages((h) => post("flat-by-uavt", { uavt: value }, h), refusal);
  });

  const phoneInvalid = invalid("phone", "infrastructure.validation.landline.invalid");
  const phoneArea = invalid("phone", "infrastructure.validation.landline.areaCode");
  const phoneCases: [string, unknown, ApiRefusal][] = [
    ["a mobile number", "0532 123 45 67", phoneArea],
    ["an 0850 number", "0850 123 45 67", phoneArea],
    ["no such area code", "0299 123 45 67", phoneArea],
    ["too short", "0212 345", phoneInvalid],
    ["a foreign number", "+1 212 555 0100", phoneInvalid],
    ["letters", "0212 ABC 45 67", phoneInvalid],
    ["overlong", overLong(25, "1"), phoneInvalid],
    ...texts.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, phoneInvalid]),
    ["empty", "  ", invalid("phone", "infrastructure.validation.landline.required")],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("phone", "infrastructure.validation.landline.required")]),
    ["a line nobody has", "0212 999 99 99", { status: 404, code: "E_NOT_FOUND", key: "infrastructure.errors.landlineNotFound" }],
  ];
  it.each(phoneCases)("landline: %s", async (_n, value, refusal) => {
    await expectApiRefusalInBothLanguages((h) => post("flat-by-landline", { phone: value }, h), refusal);
  });

  it("answers bad JSON, an unknown call and an oversized body with a translated 4xx", async () => {
    const raw = (body: string, path = "districts") => (h: Record<string, string>) =>
      t.fetch(`/api/v1/ttservice/${path}`, { method: "POST", headers: { "content-type": "application/json", ...h }, body });
    await expectApiRefusalInBothLanguages(raw("{code: 34"), { status: 400, code: "E_BAD_REQUEST", key: "errors.badJson" });
    await expectApiRefusalInBothLanguages(raw("{}", "moons"), { status: 404, code: "E_NOT_FOUND", key: "errors.notFound" });
    await expectApiRefusalInBothLanguages(raw(JSON.stringify({ code: 34, pad: "x".repeat(20_000) })), { status: 413, code: "E_PAYLOAD_TOO_LARGE", key: "errors.payloadTooLarge" });
  });
});

describe("report wrong data (POST /ttservice/report)", () => {
  it("stores what the person really has, refuses bad input in both languages, and takes five an hour from one address", async () => {
    const bbk = 200000000;
    const send = (body: unknown) => (h: Record<string, string>) => post("report", body, h);
    // Refused for what they are, before the hourly budget is touched.
    await expectApiRefusalInBothLanguages(send({ bbk, actualTechnology: "KABLO" }), invalid("actualTechnology", "infrastructure.validation.report.technology"));
    await expectApiRefusalInBothLanguages(send({ bbk, actualTechnology: "FIBER", actualDownMbps: 0 }), invalid("actualDownMbps", "infrastructure.validation.report.speed"));
    await expectApiRefusalInBothLanguages(send({ bbk, actualTechnology: "FIBER", actualDownMbps: "çok" }), invalid("actualDownMbps", "infrastructure.validation.report.speed"));
    await expectApiRefusalInBothLanguages(send({ bbk, actualTechnology: "FIBER", note: T.nul.value }), invalid("note", "infrastructure.validation.report.note"));
    await expectApiRefusalInBothLanguages(send({ bbk, actualTechnology: "FIBER", note: "x".repeat(501) }), invalid("note", "infrastructure.validation.report.note"));
    const { infraReports } = await import("../../server/infrastructure/schema");
    expect(await t.app.db.select().from(infraReports)).toEqual([]);

    const ok = (await schemas.expectMatchesSchema(await post("report", { bbk, actualTechnology: "VDSL", actualDownMbps: 24, note: T.html.value }), "/ttservice/report", "post", 200)) as { id: number };
    const [row] = await t.app.db.select().from(infraReports);
    expect(row).toMatchObject({ id: ok.id, bbk, actualTechnology: "VDSL", actualDownMbps: 24, note: T.html.value, source: "demo" });
    for (let i = 2; i <= 5; i++) expect((await post("report", { bbk, actualTechnology: "ADSL" })).status).toBe(200);
    await expectApiRefusalInBothLanguages(send({ bbk, actualTechnology: "ADSL" }), { status: 429, code: "E_RATE_LIMITED", key: "errors.rateLimited", params: { count: 60 } });
    expect(await t.app.db.select().from(infraReports)).toHaveLength(5);
  });
});
