// "Compared with your package" and the statistics around the speed test: the
// provider and package a result names are the site's internet providers and their internet
// packages on sale, checked by the server (forged or hostile ids refused, nothing stored); the
// promised speeds come from the package; the share page, history, evidence report and CSV show
// them; the statistics group by the chosen company, from five tests in the last 90 days, on the
// home page, the speed test page, the infrastructure answer and city pages and the API.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddressPart, FlatAnswer, TechnologyAnswer } from "../../common/infrastructure/types";
import { hashPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { companies } from "../../server/companies/schema";
import { packages } from "../../server/packages/schema";
import { speedtestResults } from "../../server/speedtest/schema";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { resetLimit } from "../../server/security/rate-limit";
import { MEDIAN_MIN_ADDRESSES, speedtestStats } from "../../server/speedtest/read-results";
import { honestFigures, signedReceipt } from "../helpers/speedtest";
import { SPEEDTEST_SAVE_LIMIT } from "../../server/speedtest/save-result";
import { expectApiRefusal, expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, overLong } from "../helpers/hostile";
import { htmlText, LOCALES, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

const ANKARA = 6;
const IZMIR = 35;
/** A flat in Çankaya, Ankara (the answer page's measured speeds). */
const FLAT = 920_000_001;
/** A flat whose answer names no district. */
const NO_DISTRICT = 920_000_002;

const demo = createDemoSource();
const tech = (technology: TechnologyAnswer["technology"], available: boolean): TechnologyAnswer => ({
  technology,
  available,
  freePort: available,
  maxDownMbps: available ? 100 : null,
  maxUpMbps: null,
  fttx: technology === "FIBER" && available ? "FTTH" : null,
  lineEnd: null,
  openWorkOrder: false,
  estimatedDownMbps: null,
});
function flat(bbk: number, district: boolean): FlatAnswer {
  const address: AddressPart[] = [
    { level: "province", code: ANKARA, value: "ANKARA" },
    ...(district ? [{ level: "district" as const, code: 601, value: "ÇANKAYA" }] : []),
    { level: "neighbourhood", code: 60101, value: "KIZILAY MAH" },
    { level: "street", code: 6010101, value: "1. SOKAK" },
    { level: "building", code: 601010101, value: "1" },
    { level: "flat", code: bbk, value: "3" },
  ];
  return { bbk, uavt: null, address, technologies: [tech("FIBER", true), tech("VDSL", false), tech("ADSL", false)], fetchedAt: "2026-11-20T10:00:00.000Z", source: "demo" };
}
const answers = new Map([FLAT, NO_DISTRICT].map((bbk) => [bbk, flat(bbk, bbk === FLAT)]));
const source: InfrastructureSource = {
  ...demo,
  async flatByCode(bbk) {
    const a = answers.get(bbk);
    return a ? { bbk: a.bbk, uavt: a.uavt, address: a.address } : demo.flatByCode(bbk);
  },
  async query(bbk) {
    return answers.get(bbk) ?? demo.query(bbk);
  },
};

let t: TestApp;
let schemas: ApiSchemas;
/** Internet providers and packages of the test's own (beforeAll). */
const ids = {
  cagri: 0,
  fiber100: 0,
  fiber50: 0,
  withdrawn: 0,
  tvPackage: 0,
  cam: 0,
  karma: 0,
  karmaInternet: 0,
  hosting: 0,
  hostingPackage: 0,
  pending: 0,
  zeta: 0,
  zeta200: 0,
};
let userToken = "";
let cagriSlug = "";

beforeAll(async () => {
  // The short page cache off: each page shows what the test just stored.
  t = await startTestApp({ PAGE_CACHE_SECONDS: "0" }, { infrastructure: source });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  const db = t.app.db;
  const cagri = await makeCompany(db, { name: "Çağrı Net" });
  ids.cagri = cagri.id;
  cagriSlug = cagri.slug;
  ids.fiber100 = await makePackage(db, ids.cagri, { title: "Çağrı Fiber 100", downloadMbps: 100, uploadMbps: 20 });
  ids.fiber50 = await makePackage(db, ids.cagri, { title: "Çağrı Fiber 50", downloadMbps: 50, uploadMbps: 10 });
  ids.withdrawn = await makePackage(db, ids.cagri, { title: "Çağrı Fiber 1000", downloadMbps: 1000, uploadMbps: 100 });
  await db.update(packages).set({ withdrawnAt: new Date() }).where(eq(packages.id, ids.withdrawn));
  ids.tvPackage = await makePackage(db, ids.cagri, { serviceKind: "tv", title: "Çağrı TV", channelCount: 120 });
  // An internet company with no package on the site: named, the promised speed typed.
  ids.cam = (await makeCompany(db, { name: "Cam Fiber" })).id;
  // A technical-services company selling an internet package: an internet provider too.
  ids.karma = (await makeCompany(db, { name: "Karma Teknoloji", typeId: 4, subTypeId: null })).id;
  ids.karmaInternet = await makePackage(db, ids.karma, { title: "Karma Kablosuz 25", technology: "airfiber", downloadMbps: 25, uploadMbps: 5 });
  // Not internet providers: hosting only, and an internet company not yet published.
  ids.hosting = (await makeCompany(db, { name: "Bulut Hosting", typeId: 3, subTypeId: 6 })).id;
  ids.hostingPackage = await makePackage(db, ids.hosting, { serviceKind: "hosting", title: "Bulut Hosting 10", diskGb: 10 });
  ids.pending = (await makeCompany(db, { name: "Gizli Net" })).id;
  await db.update(companies).set({ publishState: "pending" }).where(eq(companies.id, ids.pending));
  await makePackage(db, ids.pending, { title: "Gizli Fiber 100" });
  ids.zeta = (await makeCompany(db, { name: "Zeta Net" })).id;
  ids.zeta200 = await makePackage(db, ids.zeta, { title: "Zeta 200", downloadMbps: 200, uploadMbps: 40 });

  const [user] = await db
    .insert(users)
    .values({
      fullName: "Paket Karşılaştıran",
      email: `paket.${Date.now()}@example.com`,
      passwordHash: await hashPassword("Parola1234"),
      accountType: "individual",
      emailVerifiedAt: new Date(),
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  userToken = (await createSession(db, user!.id, "web")).token;
});
afterAll(() => t?.close());
beforeEach(() => resetLimit(t.app.limits, SPEEDTEST_SAVE_LIMIT, "127.0.0.1"));

/** A receipt the stream server would have signed for a test of 80 Mbit/s down, 20 up. */
const receipt = () => signedReceipt(t.app.config.SESSION_SECRET);
const body = (extra: Record<string, unknown> = {}) => ({ receipt: receipt(), ...honestFigures, ...extra });

async function post(json: unknown, headers: Record<string, string> = {}): Promise<Response> {
  await resetLimit(t.app.limits, SPEEDTEST_SAVE_LIMIT, "127.0.0.1");
  return t.fetch("/api/v1/speedtest/results", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(json) });
}
async function stored(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(speedtestResults);
  return row!.n;
}
const get = (path: string, headers: Record<string, string> = {}) => t.fetch(path, { headers });

/** The cells of one row (by its key) of a statistics table (by its test id), as text. */
function rowCells(html: string, table: string, key: string): string[] {
  const body = new RegExp(`<table[^>]*data-testid="${table}".*?</table>`, "s").exec(html)?.[0] ?? "";
  const row = new RegExp(`<tr[^>]*data-stats-key="${key}">(.*?)</tr>`, "s").exec(body)?.[1] ?? "";
  return [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((m) => m[1]!);
}

let rowSeq = 0;
/** A stored result, straight into the table (the statistics' input): counted, each from an address of its own. */
async function result(values: Partial<typeof speedtestResults.$inferInsert> & { daysAgo?: number }) {
  rowSeq++;
  const { daysAgo = 1, ...rest } = values;
  await t.app.db.insert(speedtestResults).values({
    id: `stats-row-${String(rowSeq).padStart(6, "0")}`,
    testId: `stats-row-${rowSeq}`,
    ipHash: `stats-address-${rowSeq}`,
    counted: true,
    download: 50,
    upload: 10,
    ping: 10,
    pingMin: 9,
    jitter: 1,
    loadedDown: 12,
    loadedUp: 12,
    grade: "A",
    createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    ...rest,
  });
}

describe("the home page's measured speeds", () => {
  it.each(LOCALES)("%s: with too few tests, the 'no provider found' sentences and a link to the speed test", async (locale) => {
    const html = await (await get(locale === "tr" ? "/" : "/en")).text();
    const params = { days: 90, min: MEDIAN_MIN_ADDRESSES };
    expect(html).toContain('data-testid="home-speeds"');
    expect(html).toContain(htmlText(msg(locale, "speedtest.home.title")));
    expect(html).toContain(htmlText(msg(locale, "speedtest.stats.noProvider", params)));
    expect(html).toContain(htmlText(msg(locale, "speedtest.stats.noCity", params)));
    expect(html).toMatch(new RegExp(`<a href="${locale === "tr" ? "" : "/en"}/internet-hiz-testi"[^>]*data-testid="home-speeds-cta"`));
  });
});

describe("the choices: providers, their packages, a province's districts", () => {
  it("lists the published internet providers (internet category, or an internet package on sale) in Turkish order", async () => {
    const res = await get("/api/v1/speedtest/providers");
    const { providers } = (await schemas.expectMatchesSchema(res, "/speedtest/providers", "get", 200)) as { providers: { id: number; name: string }[] };
    expect(providers.map((p) => p.name)).toEqual(["Cam Fiber", "Çağrı Net", "Karma Teknoloji", "Zeta Net"]);
    expect(providers.find((p) => p.name === "Çağrı Net")?.id).toBe(ids.cagri);
  });

  it("lists a provider's internet packages on sale, slowest first; anything else is a 404", async () => {
    const res = await get(`/api/v1/speedtest/providers/${ids.cagri}/packages`);
    const answer = (await schemas.expectMatchesSchema(res, "/speedtest/providers/{id}/packages", "get", 200)) as {
      packages: { id: number; title: string; downloadMbps: number; uploadMbps: number }[];
    };
    expect(answer.packages.map((p) => [p.title, p.downloadMbps, p.uploadMbps])).toEqual([
      ["Çağrı Fiber 50", 50, 10],
      ["Çağrı Fiber 100", 100, 20],
    ]);
    const none = (await (await get(`/api/v1/speedtest/providers/${ids.cam}/packages`)).json()) as { packages: unknown[] };
    expect(none.packages).toEqual([]);
    const notFound: ApiRefusal = { status: 404, code: "E_NOT_FOUND", key: "speedtest.errors.providerNotFound" };
    for (const id of [ids.hosting, ids.pending, 99_999_999, 0, -1, "1.5", "abc", "2147483648999", "1%20OR%201=1"]) {
      await expectApiRefusalInBothLanguages((h) => get(`/api/v1/speedtest/providers/${id}/packages`, h), notFound, `id ${id}`);
    }
    await schemas.expectMatchesSchema(await get(`/api/v1/speedtest/providers/${ids.hosting}/packages`), "/speedtest/providers/{id}/packages", "get", 404);
  });

  it("lists a province's districts; a bad province is a 400", async () => {
    const res = await get("/api/v1/speedtest/districts?city=6");
    const answer = (await schemas.expectMatchesSchema(res, "/speedtest/districts", "get", 200)) as { city: number; districts: string[] };
    expect(answer.city).toBe(6);
    expect(answer.districts).toContain("Çankaya");
    const bad: ApiRefusal = { status: 400, code: "E_VALIDATION", key: "speedtest.errors.city", fields: { city: "speedtest.errors.city" } };
    for (const q of ["", "?city=", "?city=0", "?city=82", "?city=abc", "?city=6&city=7", "?city=1.5", "?city=%3Cscript%3E", "?city=%00"]) {
      await expectApiRefusalInBothLanguages((h) => get(`/api/v1/speedtest/districts${q}`, h), bad, q);
    }
    await schemas.expectMatchesSchema(await get("/api/v1/speedtest/districts?city=0"), "/speedtest/districts", "get", 400);
  });
});

describe("saving a result with a provider and package", () => {
  it("takes the promised speeds from the package, stores the choice and shows it with the share reached", async () => {
    // The typed speeds are ignored when a package is chosen: the package's are the promise.
    const res = await post(body({ companyId: ids.cagri, packageId: ids.fiber100, promisedDown: 1, promisedUp: 1, city: ANKARA, district: "cankaya" }), {
      authorization: `Bearer ${userToken}`,
    });
    const { id } = (await schemas.expectMatchesSchema(res, "/speedtest/results", "post", 200)) as { id: string };
    const [row] = await t.app.db.select().from(speedtestResults).where(eq(speedtestResults.id, id));
    expect(row).toMatchObject({ companyId: ids.cagri, packageId: ids.fiber100, promisedDown: 100, promisedUp: 20, cityCode: ANKARA, district: "Çankaya", provider: "Çağrı Net" });

    const one = (await schemas.expectMatchesSchema(await get(`/api/v1/speedtest/results/${id}`), "/speedtest/results/{id}", "get", 200)) as { result: Record<string, unknown> };
    expect(one.result).toMatchObject({
      provider: "Çağrı Net",
      company: { id: ids.cagri, name: "Çağrı Net", isDemo: false },
      package: { id: ids.fiber100, title: "Çağrı Fiber 100", downloadMbps: 100, uploadMbps: 20 },
      district: "Çankaya",
      promisedDown: 100,
      promisedUp: 20,
      share: { download: 0.8, upload: 1 },
    });
    expect((one.result.package as { path: string }).path).toMatch(new RegExp(`^/kablolu-internet/${cagriSlug}/paket/[\\w-]+$`));

    // The share page renders on the server (no JavaScript needed), in both languages.
    for (const locale of LOCALES) {
      const html = await (await get(`${locale === "en" ? "/en" : ""}/internet-hiz-testi/sonuc/${id}`)).text();
      expect(html).toContain(htmlText(msg(locale, "speedtest.result.provider", { provider: "Çağrı Net" })));
      expect(html).toMatch(/data-testid="result-package">.*Çağrı Fiber 100<\/a>/s);
      expect(html).toContain(htmlText(msg(locale, "speedtest.result.promised", { down: "100 Mbit/s", up: "20 Mbit/s" })));
      expect(html).toContain(htmlText(msg(locale, "speedtest.result.district", { district: "Çankaya" })));
      expect(html).toContain(htmlText(msg(locale, "speedtest.compare.share", { share: 80 })));
      expect(html).toContain(htmlText(msg(locale, "speedtest.compare.shareUp", { share: 100 })));
    }

    // The history, the evidence report and its CSV name the package and the share.
    const cookie = `gb_session=${userToken}`;
    const page = await (await get("/internet-hiz-testi", { cookie })).text();
    expect(page).toContain("Çağrı Net · Çağrı Fiber 100");
    expect(page).toContain("%80 / %100");
    const report = await (await get(`/en/internet-hiz-testi/rapor?id=${id}`, { cookie })).text();
    expect(report).toContain("Çağrı Net · Çağrı Fiber 100");
    expect(report).toContain("100 Mbit/s / 20 Mbit/s");
    expect(report).toContain("80% / 100%");
    const csv = (await (await get(`/internet-hiz-testi/rapor/csv?id=${id}`, { cookie })).text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    const header = csv[0]!.split(",");
    const line = Object.fromEntries(csv[1]!.split(",").map((v, i) => [header[i], v]));
    expect(line).toMatchObject({
      provider: "Çağrı Net",
      package: "Çağrı Fiber 100",
      district: "Çankaya",
      province: "ANKARA",
      promised_download_mbps: "100",
      promised_upload_mbps: "20",
      download_share_pct: "80",
      upload_share_pct: "100",
    });
  });

  it("takes a typed promise with a provider that has no package listed, and with no provider at all", async () => {
    const named = (await (await post(body({ companyId: ids.cam, promisedDown: 160, promisedUp: 40 }))).json()) as { id: string };
    const one = (await (await get(`/api/v1/speedtest/results/${named.id}`)).json()) as { result: Record<string, unknown> };
    expect(one.result).toMatchObject({ provider: "Cam Fiber", company: { id: ids.cam }, package: null, promisedDown: 160, promisedUp: 40, share: { download: 0.5, upload: 0.5 } });
    const bare = (await (await post(body({ promisedDown: 100 }))).json()) as { id: string };
    const two = (await (await get(`/api/v1/speedtest/results/${bare.id}`)).json()) as { result: Record<string, unknown> };
    expect(two.result).toMatchObject({ provider: null, company: null, package: null, district: null, promisedDown: 100, promisedUp: null, share: { download: 0.8, upload: null } });
    // A technical-services company selling an internet package is a provider, its package a choice.
    const karma = await post(body({ companyId: ids.karma, packageId: ids.karmaInternet }));
    expect(karma.status).toBe(200);
  });

  const field = (name: string, key: string): ApiRefusal => ({ status: 400, code: "E_VALIDATION", key, fields: { [name]: key } });
  const forged: [string, () => Record<string, unknown>, ApiRefusal][] = [
    ["no such company", () => ({ companyId: 99_999_999 }), field("companyId", "speedtest.errors.company")],
    ["a company not yet published", () => ({ companyId: ids.pending }), field("companyId", "speedtest.errors.company")],
    ["a hosting company", () => ({ companyId: ids.hosting }), field("companyId", "speedtest.errors.company")],
    ["another company's package", () => ({ companyId: ids.cagri, packageId: ids.zeta200 }), field("packageId", "speedtest.errors.package")],
    ["a withdrawn package", () => ({ companyId: ids.cagri, packageId: ids.withdrawn }), field("packageId", "speedtest.errors.package")],
    ["a TV package of the same company", () => ({ companyId: ids.cagri, packageId: ids.tvPackage }), field("packageId", "speedtest.errors.package")],
    ["a hosting package under an internet company", () => ({ companyId: ids.cagri, packageId: ids.hostingPackage }), field("packageId", "speedtest.errors.package")],
    ["no such package", () => ({ companyId: ids.cagri, packageId: 99_999_999 }), field("packageId", "speedtest.errors.package")],
    ["a package without its company", () => ({ packageId: ids.fiber100 }), field("packageId", "speedtest.errors.packageWithoutCompany")],
    ["a district without its province", () => ({ district: "Çankaya" }), field("district", "speedtest.errors.districtWithoutCity")],
    ["another province's district", () => ({ city: IZMIR, district: "Çankaya" }), field("district", "speedtest.errors.district")],
    ["a district that does not exist", () => ({ city: ANKARA, district: "Atlantis" }), field("district", "speedtest.errors.district")],
    ["an overlong district", () => ({ city: ANKARA, district: overLong(60) }), field("district", "speedtest.errors.district")],
    ...Object.values(HOSTILE_TEXT).map((c): [string, () => Record<string, unknown>, ApiRefusal] => [
      `district: ${c.name}`,
      () => ({ city: ANKARA, district: c.value }),
      field("district", "speedtest.errors.district"),
    ]),
    ...(["companyId", "packageId"] as const).flatMap((name) =>
      [
        ["text", "12"],
        ["boolean", true],
        ["array", [1]],
        ["object (operator injection)", { $gt: 0 }],
        ["float", 1.5],
        ["zero", 0],
        ["negative", -1],
        ["beyond int32", 2_147_483_648],
        ["SQL", "1 OR 1=1"],
      ].map(([what, value]): [string, () => Record<string, unknown>, ApiRefusal] => [
        `${name}: ${String(what)}`,
        () => ({ companyId: ids.cagri, [name]: value }),
        field(name, name === "companyId" ? "speedtest.errors.company" : "speedtest.errors.package"),
      ]),
    ),
    ...[["text", "x"], ["boolean", true], ["array", ["Çankaya"]], ["object", { a: 1 }], ["number", 5]].map(([what, value]): [string, () => Record<string, unknown>, ApiRefusal] => [
      `district: ${String(what)}`,
      () => ({ city: ANKARA, district: value }),
      field("district", "speedtest.errors.district"),
    ]),
  ];
  it.each(forged)("refuses %s with a translated 400, storing nothing", async (_name, extra, refusal) => {
    const before = await stored();
    for (const locale of LOCALES) await expectApiRefusal(await post(body(extra()), { "accept-language": locale }), locale, refusal);
    expect(await stored()).toBe(before);
  });
});

describe("statistics per provider", () => {
  it("group by the chosen company, named as the company table names it, from five tests in the last 90 days", async () => {
    const before = await speedtestStats(t.app, { by: "provider", city: IZMIR });
    expect(before).toEqual([]);
    // Four tests of Zeta Net in İzmir, one too old, free-text rows that name it: not enough yet.
    for (const download of [100, 150, 200, 180]) await result({ companyId: ids.zeta, provider: "Zeta Net", cityCode: IZMIR, download });
    await result({ companyId: ids.zeta, provider: "Zeta Net", cityCode: IZMIR, download: 1, daysAgo: 91 });
    for (let i = 0; i < 6; i++) await result({ provider: "Zeta Net", cityCode: IZMIR, download: 1 });
    type Stats = { minCount: number; days: number; groups: { key: string; name: string; count: number; download: number }[] };
    const stats = async (q: string) => (await schemas.expectMatchesSchema(await get(`/api/v1/speedtest/stats?${q}`), "/speedtest/stats", "get", 200)) as Stats;
    expect((await stats("by=provider&city=35")).groups).toEqual([]);
    // No caller can ask for a lower minimum.
    expect(await speedtestStats(t.app, { by: "provider", city: IZMIR, minCount: 1 })).toEqual([]);

    await result({ companyId: ids.zeta, provider: "Zeta Net", cityCode: IZMIR, download: 120, district: "Konak" });
    const five = await stats("by=provider&city=35");
    expect(five).toMatchObject({ days: 90, minCount: MEDIAN_MIN_ADDRESSES });
    // Downloads 100, 120, 150, 180, 200: the median 150; the old and the free-text rows count for nothing.
    expect(five.groups).toEqual([{ key: String(ids.zeta), name: "Zeta Net", count: 5, addresses: 5, download: 150, upload: 10, ping: 10, isDemo: false }]);
    // The district narrows to its own tests: one in Konak is not enough.
    expect((await stats("by=provider&city=35&district=konak")).groups).toEqual([]);

    // The name is the company's as it is now; an unpublished company leaves the statistics.
    await t.app.db.update(companies).set({ name: "Zeta İnternet" }).where(eq(companies.id, ids.zeta));
    expect((await stats("by=provider&city=35")).groups.map((g) => g.name)).toEqual(["Zeta İnternet"]);
    await t.app.db.update(companies).set({ publishState: "unpublished" }).where(eq(companies.id, ids.zeta));
    expect((await stats("by=provider&city=35")).groups).toEqual([]);
    await t.app.db.update(companies).set({ publishState: "published", name: "Zeta Net" }).where(eq(companies.id, ids.zeta));

    const refuse = async (q: string, r: ApiRefusal) => expectApiRefusalInBothLanguages((h) => get(`/api/v1/speedtest/stats?${q}`, h), r, q);
    await refuse("by=provider&district=Konak", { status: 400, code: "E_VALIDATION", key: "speedtest.errors.districtWithoutCity", fields: { district: "speedtest.errors.districtWithoutCity" } });
    const badDistrict: ApiRefusal = { status: 400, code: "E_VALIDATION", key: "speedtest.errors.district", fields: { district: "speedtest.errors.district" } };
    // HTML, SQL, NUL, a right-to-left override, a UTF-8 encoded surrogate, invalid UTF-8, too long, two values.
    for (const d of ["%3Cscript%3Ealert(1)%3C%2Fscript%3E", "Konak'%3B%20DROP%20TABLE%20users%3B--", "Kon%00ak", "Kon%E2%80%AEak", "%ED%A0%80", "%FF%FE", "a".repeat(61), "Konak&district=Bornova"]) {
      await refuse(`by=provider&city=35&district=${d}`, badDistrict);
    }
    await refuse("by=provider&city=99", { status: 400, code: "E_VALIDATION", key: "speedtest.errors.city", fields: { city: "speedtest.errors.city" } });
    await refuse("by=company", { status: 400, code: "E_VALIDATION", key: "speedtest.errors.statsBy", fields: { by: "speedtest.errors.statsBy" } });
    await refuse("by=city&by=provider", { status: 400, code: "E_VALIDATION", key: "speedtest.errors.statsBy", fields: { by: "speedtest.errors.statsBy" } });
  });

  it.each(LOCALES)("%s: show on the home page and the speed test page with their counts", async (locale) => {
    const prefix = locale === "tr" ? "" : "/en";
    for (const [path, id] of [[`${prefix}/`, "home-speeds"], [`${prefix}/internet-hiz-testi`, "speedtest-stats"]] as const) {
      const html = await (await get(path.replace(/(.)\/$/, "$1"))).text();
      // Name, median download, upload, ping, count (the units are in the column headers).
      expect(rowCells(html, `${id}-providers`, String(ids.zeta)), path).toEqual(["Zeta Net", "150", "10", "10", "5"]);
      // İzmir has the five provider tests and six free-text ones of 1 Mbit/s (the old one is out of
      // the window): the median of eleven is the sixth, 1.
      expect(rowCells(html, `${id}-cities`, "35"), path).toEqual(["İZMİR", "1", "10", "10", "11"]);
      expect(html).toContain(htmlText(msg(locale, "speedtest.stats.header", { figure: msg(locale, "speedtest.figure.download"), unit: "Mbit/s" })));
      expect(html).toContain(htmlText(msg(locale, "speedtest.stats.window", { days: 90, min: MEDIAN_MIN_ADDRESSES })));
    }
  });
});

describe("measured speeds on the infrastructure pages", () => {
  const answerPage = (locale: "tr" | "en", bbk = FLAT) => get(`${locale === "en" ? "/en" : ""}/internet-altyapi-hiz-sorgulama/daire/${bbk}`).then((r) => r.text());
  const providersTable = (html: string) => /<table[^>]*data-testid="measured-providers".*?<\/table>/s.exec(html)?.[0] ?? "";

  it("show the province's providers and say the figures are the province's while the flat's district has too few tests", async () => {
    for (let i = 0; i < 6; i++) await result({ companyId: ids.cagri, cityCode: ANKARA, download: 40 + i * 10 });
    for (let i = 0; i < 2; i++) await result({ companyId: ids.zeta, cityCode: ANKARA, district: "Çankaya", download: 300 });
    for (const locale of LOCALES) {
      const html = await answerPage(locale);
      // The result saved above in Çankaya counts too: three tests in the district.
      expect(html).toContain(htmlText(msg(locale, "infrastructure.measured.provinceScope", { city: "Ankara", district: "Çankaya", days: 90, districtCount: 3, districtAddresses: 3, min: MEDIAN_MIN_ADDRESSES })));
      expect(html).toContain(htmlText(msg(locale, "infrastructure.measured.providersProvince", { city: "Ankara", days: 90, min: MEDIAN_MIN_ADDRESSES })));
      // Downloads 40 … 90 and the saved result's 80: the median 70; Zeta has two tests in Ankara, too few to be listed.
      expect(rowCells(html, "measured-providers", String(ids.cagri))).toEqual(["Çağrı Net", "70", "10", "10", "7"]);
      expect(providersTable(html)).not.toContain("Zeta Net");
      expect(html).not.toContain('data-testid="measured-providers-none"');
    }
    const noDistrict = await answerPage("en", NO_DISTRICT);
    expect(noDistrict).toContain(htmlText(msg("en", "infrastructure.measured.provinceOnly", { city: "Ankara" })));
    // The city page shows the province's providers too.
    const city = await (await get("/internet-altyapi-hiz-sorgulama/ankara")).text();
    expect(providersTable(city)).toContain("Çağrı Net");
    expect(city).not.toContain('data-testid="measured-province-scope"');
  });

  it("show the district's own figures and providers once it has enough tests", async () => {
    for (let i = 0; i < 3; i++) await result({ companyId: ids.zeta, cityCode: ANKARA, district: "Çankaya", download: 300 });
    for (const locale of LOCALES) {
      const html = await answerPage(locale);
      expect(html).toContain('data-testid="measured-speeds" data-scope="district"');
      // Six tests in Çankaya: the one saved through the API (80), five of Zeta (300).
      expect(html).toContain(htmlText(msg(locale, "infrastructure.measured.summaryDistrict", { district: "Çankaya", city: "Ankara", count: 6, days: 90 })));
      expect(html).toMatch(/data-testid="measured-download">300 Mbps</);
      expect(html).toContain(htmlText(msg(locale, "infrastructure.measured.providersDistrict", { district: "Çankaya", city: "Ankara", days: 90, min: MEDIAN_MIN_ADDRESSES })));
      expect(rowCells(html, "measured-providers", String(ids.zeta))).toEqual(["Zeta Net", "300", "10", "10", "5"]);
      expect(providersTable(html)).not.toContain("Çağrı Net");
      expect(html).not.toContain('data-testid="measured-province-scope"');
    }
  });

  it("say 'no provider found' when no provider of the province has five tests", async () => {
    const html = await (await get("/en/internet-altyapi-hiz-sorgulama/bursa")).text();
    expect(html).toContain(htmlText(msg("en", "infrastructure.measured.providersNone", { city: "Bursa", days: 90, min: MEDIAN_MIN_ADDRESSES })));
  });
});
