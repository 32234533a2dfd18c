import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageSearchSchema } from "../../common/forms/package-search";
import type { AddressPart, FlatAnswer, TechnologyAnswer } from "../../common/infrastructure/types";
import { packages } from "../../server/packages/schema";
import { speedtestResults } from "../../server/speedtest/schema";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { searchPackages } from "../../server/packages/search-packages";
import { provinceMedians } from "../../server/speedtest/read-results";
import { htmlText, msg } from "../helpers/messages";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// "Packages that reach this flat": the flat filter of the package search on the
// answer page and /paketler, and the province's measured speeds on the answer and city pages.
// The source is the demo one with three flats of the test's own.

const demo = createDemoSource();
const IZMIR = 35;
/** Fiber to the building (so at most 100 Mbps) and VDSL whose line carries about 35 Mbps; no ADSL. */
const FLAT = 910_000_001;
/** Nothing reaches it. */
const BARE = 910_000_002;
/** A very long neighbourhood name (the title must still fit). */
const LONG = 910_000_003;
/** ADSL only, on a line carrying about 6 Mbps: slower than every package on sale. */
const SLOW = 910_000_004;

function tech(technology: TechnologyAnswer["technology"], over: Partial<TechnologyAnswer> = {}): TechnologyAnswer {
  return { technology, available: false, freePort: null, maxDownMbps: null, maxUpMbps: null, fttx: null, lineEnd: null, openWorkOrder: false, estimatedDownMbps: null, ...over };
}
function address(hood: string, bbk: number): AddressPart[] {
  return [
    { level: "province", code: IZMIR, value: "İZMİR" },
    { level: "district", code: 3501, value: "KONAK" },
    { level: "neighbourhood", code: 350101, value: hood },
    { level: "street", code: 35010101, value: "1. SOKAK" },
    { level: "building", code: 3501010101, value: "1" },
    { level: "flat", code: bbk, value: "3" },
  ];
}
const answers = new Map<number, FlatAnswer>();
const answer = (bbk: number, hood: string, technologies: TechnologyAnswer[]): FlatAnswer => ({
  bbk,
  uavt: null,
  address: address(hood, bbk),
  technologies,
  fetchedAt: "2026-11-20T10:00:00.000Z",
  source: "demo",
});
answers.set(
  FLAT,
  answer(FLAT, "ALSANCAK MAH", [
    tech("FIBER", { available: true, freePort: true, maxDownMbps: 1000, maxUpMbps: 100, fttx: "FTTB" }),
    tech("VDSL", { available: true, freePort: true, maxDownMbps: 100, estimatedDownMbps: 35.6 }),
    tech("ADSL"),
  ]),
);
answers.set(BARE, answer(BARE, "KAHRAMANLAR MAH", [tech("FIBER"), tech("VDSL"), tech("ADSL")]));
answers.set(SLOW, answer(SLOW, "KÖY MAH", [tech("FIBER"), tech("VDSL"), tech("ADSL", { available: true, freePort: true, maxDownMbps: 24, estimatedDownMbps: 6.4 })]));
answers.set(LONG, answer(LONG, "MUSTAFA KEMAL PAŞA CUMHURİYET ATATÜRK YENİ MAHALLESİ", [tech("FIBER", { available: true, maxDownMbps: 1000, fttx: "FTTH" }), tech("VDSL"), tech("ADSL")]));

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
let companySlug = "";
/** What reaches FLAT, by total cost over the commitment (hand-computed below). */
const REACHING = ["VDSL 35 Yıllık", "Fiber 100 İzmir", "Fiber 50 Taahhütsüz", "Fiber 100 Taahhütlü"];
/**
 * The answer page's order: the average per month over 24 months, all included. VDSL 35 Yıllık:
 * (12 × 200 + 12 × 260 after its commitment) / 24 = 230; Fiber 100 Taahhütlü: 24 × 300 / 24 = 300;
 * Fiber 100 İzmir: 350; Fiber 50 Taahhütsüz: 400. By the total over the commitment the 24-month
 * package (7,200) came last, behind two 12-month totals (4,200 and 4,800) that cost more a month.
 */
const RANKED = ["VDSL 35 Yıllık", "Fiber 100 Taahhütlü", "Fiber 100 İzmir", "Fiber 50 Taahhütsüz"];

function titles(html: string): string[] {
  return [...html.matchAll(/<h3 id="pkg-\d+-title"[^>]*><a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}
/** The "only what reaches my flat" checkbox of /paketler. */
const flatBox = (html: string) => /<input[^>]*name="flat"[^>]*>/.exec(html)?.[0] ?? "";
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
const page = async (path: string, init?: RequestInit) => {
  const res = await t.fetch(path, init);
  return { res, html: (await res.text()).replace(/<!-- -->/g, "") };
};

beforeAll(async () => {
  t = await startTestApp({}, { infrastructure: source });
  const db = t.app.db;
  const company = await makeCompany(db, { name: "Daire Fiber AŞ" });
  companySlug = company.slug;
  const add = (fields: Record<string, unknown>) => makePackage(db, company.id, { activationFee: "0", modemOffer: "own", ...fields });
  // Reaching FLAT. Totals: 12 × 200 = 2400; 12 × 350 = 4200; 12 × 400 = 4800; 24 × 300 = 7200.
  await add({ title: "Fiber 100 Taahhütlü", technology: "fiber", downloadMbps: 100, price: "500", commitmentMonths: 24, commitmentPrice: "300" });
  await add({ title: "Fiber 50 Taahhütsüz", technology: "fiber", downloadMbps: 50, price: "400" });
  await add({ title: "VDSL 35 Yıllık", technology: "vdsl", downloadMbps: 35, price: "260", commitmentMonths: 12, commitmentPrice: "200" });
  await add({ title: "Fiber 100 İzmir", technology: "fiber", downloadMbps: 100, price: "350", servesAllCities: "", provinces: String(IZMIR) });
  // Not reaching FLAT: faster than the line, a technology not there or not in the answer, another province, withdrawn, not internet.
  await add({ title: "Fiber 200 Hızlı", technology: "fiber", downloadMbps: 200, price: "100" });
  await add({ title: "VDSL 50 Hızlı", technology: "vdsl", downloadMbps: 50, price: "100" });
  await add({ title: "ADSL 16 Ucuz", technology: "adsl", downloadMbps: 16, price: "100" });
  await add({ title: "Kablo 50", technology: "kablonet", downloadMbps: 50, price: "100" });
  await add({ title: "AirFiber 25", technology: "airfiber", downloadMbps: 25, price: "100" });
  await add({ title: "Fiber 100 Ankara", technology: "fiber", downloadMbps: 100, price: "100", servesAllCities: "", provinces: "6" });
  const withdrawn = await add({ title: "Eski Fiber 100", technology: "fiber", downloadMbps: 100, price: "100" });
  await db.update(packages).set({ withdrawnAt: new Date(Date.now() - 86_400_000) }).where(eq(packages.id, withdrawn));
  await add({ serviceKind: "hosting", technology: "", downloadMbps: "", title: "Hosting Ucuz", price: "10", diskGb: 10 });
});
afterAll(() => t?.close());

describe("the flat filter of the package search", () => {
  it("keeps packages whose technology is there, whose speed the line carries, serving the province, on sale; cheapest total first", async () => {
    const search = packageSearchSchema.parse({ flat: String(FLAT), sort: "total" });
    const result = await searchPackages(t.app, search);
    expect(result.items.map((p) => p.title)).toEqual(REACHING);
    const totals = result.items.map((p) => p.totalCostKurus);
    expect(totals).toEqual([240_000, 420_000, 480_000, 720_000]);
    expect(result.total).toBe(4);
    // FTTB caps fiber at 100 Mbps; VDSL carries the estimate from the line length (35.6 → 35).
    expect(result.flat).toMatchObject({ bbk: FLAT, provinceCode: IZMIR, technologies: [{ technology: "fiber", maxDownMbps: 100 }, { technology: "vdsl", maxDownMbps: 35 }] });
    expect(result.city?.code).toBe(IZMIR);
    // The counts per value keep the flat's filter: nothing of the other technologies.
    expect(result.facets.tech).toMatchObject({ fiber: 3, vdsl: 1, adsl: 0, kablonet: 0, airfiber: 0 });
    // A flat nothing reaches: no package at all.
    expect((await searchPackages(t.app, packageSearchSchema.parse({ flat: BARE }))).total).toBe(0);
    // A city filter never widens the flat's province.
    const ankara = await searchPackages(t.app, packageSearchSchema.parse({ flat: FLAT, city: "ankara" }));
    expect(ankara.items.map((p) => p.title)).not.toContain("Fiber 100 Ankara");
    expect(ankara.items.map((p) => p.title)).not.toContain("Fiber 100 İzmir");
  });

  it("on /paketler: the filter from the URL, the remembered flat offered without JavaScript, bad or unknown flats refused", async () => {
    const { res, html } = await page(`/paketler?flat=${FLAT}&sort=total`);
    expect(res.status).toBe(200);
    expect(titles(html)).toEqual(REACHING);
    expect(html).toContain('data-testid="flat-note"');
    expect(flatBox(html)).toContain(`value="${FLAT}"`);
    expect(flatBox(html)).toContain('checked=""');
    // The remembered query offers "only what reaches my flat" as a plain GET checkbox, unticked.
    const cookie = `gb_altyapi=${encodeURIComponent(JSON.stringify({ il: IZMIR, bbk: FLAT, address: "ALSANCAK MAH, KONAK" }))}`;
    const remembered = await page("/paketler?kind=internet", { headers: { cookie } });
    expect(remembered.html).toContain("Yalnızca son sorguladığım daireye ulaşanlar (ALSANCAK MAH, KONAK)");
    expect(flatBox(remembered.html)).toContain(`value="${FLAT}"`);
    expect(flatBox(remembered.html)).not.toContain("checked");
    expect(titles(remembered.html)).toContain("Kablo 50");
    const en = await page(`/en/paketler?flat=${FLAT}`, { headers: { cookie } });
    expect(en.html).toContain("Only what reaches the flat I last checked");
    expect(en.html).toContain("AirFiber and Kablonet are not part of the infrastructure query");
    // Bad and unknown flats: a translated 4xx, never a 5xx.
    const bad = await page("/paketler?flat=abc");
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("Geçerli bir daire kodu seçin.");
    const unknown = await page("/en/paketler?flat=12345678");
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain("No flat was found with this code.");
  });

  it("in the API: the same filter and the flat's reach; an unknown flat is a 404", async () => {
    const post = (body: unknown) => t.fetch("/api/v1/packages/search", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const res = await post({ flat: FLAT, sort: "total" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { title: string }[]; flat: { bbk: number } };
    expect(body.items.map((p) => p.title)).toEqual(REACHING);
    expect(body.flat.bbk).toBe(FLAT);
    expect((await post({ flat: 12_345_678 })).status).toBe(404);
    expect((await post({ flat: "x" })).status).toBe(400);
  });
});

describe("the answer page", () => {
  it("shows the packages that reach the flat, each leading to its page, and all of them on /paketler, in both languages", async () => {
    const tr = await page(`/internet-altyapi-hiz-sorgulama/daire/${FLAT}`);
    expect(tr.res.status).toBe(200);
    expect(tr.html).toContain("Bu daireye ulaşan paketler");
    expect(titles(tr.html)).toEqual(RANKED);
    expect(tr.html).toContain(htmlText(msg("tr", "packages.search.orderBy.average")));
    expect(tr.html).toContain(`href="/paketler?kind=internet&amp;flat=${FLAT}"`);
    expect(tr.html).toContain("Bu daireye ulaşan 4 paketin tümü");
    expect(tr.html).toMatch(new RegExp(`href="/[a-z-]+/${companySlug}/paket/vdsl-35-yillik"`));
    // Each card has its button to the package page's subscription request form.
    expect((tr.html.match(/data-testid="card-request"/g) ?? []).length).toBe(REACHING.length);
    // The button carries the flat: the package page shows its address on the request form.
    expect(tr.html).toMatch(new RegExp(`href="/[a-z-]+/${companySlug}/paket/vdsl-35-yillik\\?flat=${FLAT}#lead-subscribe-title"[^>]*data-testid="card-request"[^>]*>Abonelik talebi gönder<`));
    expect(descriptionOf(tr.html)).toContain("ALSANCAK MAH, KONAK");
    expect(titleOf(tr.html)).toBe("ALSANCAK MAH, KONAK internet altyapısı | GenişBant");
    expect(descriptionOf(tr.html).length).toBeLessThanOrEqual(155);
    const en = await page(`/en/internet-altyapi-hiz-sorgulama/daire/${FLAT}`);
    expect(en.html).toContain("Packages that reach this flat");
    expect(titles(en.html)).toEqual(RANKED);
    expect(en.html).toContain(htmlText(msg("en", "packages.search.orderBy.average")));
    expect(en.html).toContain(`href="/en/paketler?kind=internet&amp;flat=${FLAT}"`);
    expect(en.html).toContain("All 4 packages for this flat");
    expect(titleOf(en.html)).toBe("ALSANCAK MAH, KONAK internet infrastructure | GenişBant");
    // The link's list is the same list.
    expect(titles((await page(`/paketler?kind=internet&flat=${FLAT}&sort=average`)).html)).toEqual(RANKED);
  });

  it("/paketler opens on home internet ranked by the 24-month average unless a kind or order is chosen, and says how its order is computed", async () => {
    const plain = await page("/paketler");
    expect(titles(plain.html)).not.toContain("Hosting Ucuz");
    expect(titles(plain.html).length).toBeGreaterThan(0);
    expect(plain.html).toMatch(/<option value="internet" selected="">/);
    expect(plain.html).toMatch(/<option value="average" selected="">/);
    expect(plain.html).toContain(htmlText(msg("tr", "packages.search.orderBy.average")));
    // The same order as the flat's list on the answer page.
    expect(titles((await page(`/paketler?flat=${FLAT}`)).html)).toEqual(RANKED);
    const byPrice = await page("/paketler?sort=price");
    expect(byPrice.html).toContain(htmlText(msg("tr", "packages.search.orderBy.price")));
    const all = await page("/paketler?kind=all");
    expect(titles(all.html)[0]).toBe("Hosting Ucuz");
    expect(all.html).toMatch(/<option value="all" selected="">/);
    const ranked = await page("/en/paketler?sort=average");
    expect(ranked.html).toContain(htmlText(msg("en", "packages.search.orderBy.average")));
    expect(titles(ranked.html)).not.toContain("Hosting Ucuz");
  });

  it("on a line slower than every package on sale, shows the packages over its technology as running no faster than the line", async () => {
    // The flat filter itself stays strict: no package's speed fits the line.
    expect((await searchPackages(t.app, packageSearchSchema.parse({ flat: SLOW }))).total).toBe(0);
    const tr = await page(`/internet-altyapi-hiz-sorgulama/daire/${SLOW}`);
    expect(tr.html).not.toContain('data-testid="flat-packages-none"');
    expect(tr.html).toContain('data-testid="flat-packages-slow-line"');
    expect(tr.html).toContain("hat yaklaşık ADSL üzerinden 6 Mbps taşıyor");
    expect(titles(tr.html)).toEqual(["ADSL 16 Ucuz"]);
    expect((tr.html.match(/data-testid="card-request"/g) ?? []).length).toBe(1);
    const en = await page(`/en/internet-altyapi-hiz-sorgulama/daire/${SLOW}`);
    expect(en.html).toContain("it carries about 6 Mbps over ADSL");
    expect(titles(en.html)).toEqual(["ADSL 16 Ucuz"]);
  });

  it("says so in a sentence when nothing reaches the flat; a long address still gives a short title", async () => {
    const bare = await page(`/internet-altyapi-hiz-sorgulama/daire/${BARE}`);
    expect(bare.html).toContain('data-testid="flat-packages-none"');
    expect(bare.html).toContain("Bu daireye fiber, VDSL ya da ADSL ulaşmadığı için");
    expect(titles(bare.html)).toEqual([]);
    for (const path of [`/internet-altyapi-hiz-sorgulama/daire/${LONG}`, `/en/internet-altyapi-hiz-sorgulama/daire/${LONG}`]) {
      const long = await page(path);
      expect(titleOf(long.html).length, titleOf(long.html)).toBeLessThanOrEqual(60);
      expect(titleOf(long.html)).toContain("MUSTAFA KEMAL");
    }
  });
});

describe("measured speeds", () => {
  const day = 86_400_000;
  let n = 0;
  async function result(city: number | null, download: number, upload: number, ping: number, daysAgo = 1) {
    n++;
    await t.app.db.insert(speedtestResults).values({
      id: `flat-test-${String(n).padStart(6, "0")}`,
      testId: `flat-test-${n}`,
      // Counted, each from an address of its own (one address counts once per provider and day).
      ipHash: `flat-address-${n}`,
      counted: true,
      download,
      upload,
      ping,
      pingMin: ping,
      jitter: 1,
      loadedDown: ping,
      loadedUp: ping,
      grade: "A",
      cityCode: city,
      createdAt: new Date(Date.now() - daysAgo * day),
    });
  }

  it("gives the medians of the province's last 90 days from five tests, and only the count below that", async () => {
    // Outside the window, another province and no province: never counted.
    await result(IZMIR, 1000, 1000, 1, 120);
    await result(6, 1000, 1000, 1);
    await result(null, 1000, 1000, 1);
    await result(IZMIR, 10, 2, 30);
    await result(IZMIR, 50, 10, 10);
    await result(IZMIR, 20, 4, 20);
    await result(IZMIR, 100, 20, 5);
    expect(await provinceMedians(t.app, { province: IZMIR })).toEqual({ count: 4, addresses: 4, days: 90, medians: null });
    const few = await page("/internet-altyapi-hiz-sorgulama/izmir");
    expect(few.html).toContain("Son 90 günde İzmir için yeterli hız testi yok: ortanca, en az 5 farklı internet adresinden (IP) gelen testlerle gösterilir. Şimdiye kadar test sayısı: 4; adres sayısı: 4.");
    expect(few.html).not.toContain('data-testid="measured-download"');
    await result(IZMIR, 30, 6, 15);
    // Downloads 10, 20, 30, 50, 100; uploads 2, 4, 6, 10, 20; pings 5, 10, 15, 20, 30.
    expect(await provinceMedians(t.app, { province: IZMIR })).toEqual({ count: 5, addresses: 5, days: 90, medians: { download: 30, upload: 6, ping: 15 } });
    await result(IZMIR, 40, 8, 12);
    // Six: the mean of the middle two (percentile_cont).
    expect(await provinceMedians(t.app, { province: IZMIR })).toEqual({ count: 6, addresses: 6, days: 90, medians: { download: 35, upload: 7, ping: 13.5 } });
    const city = await page("/internet-altyapi-hiz-sorgulama/izmir");
    expect(city.html).toContain("Son 90 günde İzmir için yapılan 6 hız testinin ortancası.");
    expect(city.html).toMatch(/data-testid="measured-download">35 Mbps</);
    expect(city.html).toMatch(/data-testid="measured-ping">13,5 ms</);
    const answerEn = await page(`/en/internet-altyapi-hiz-sorgulama/daire/${FLAT}`);
    expect(answerEn.html).toContain("Median of 6 speed tests in İzmir, last 90 days.");
    expect(answerEn.html).toMatch(/data-testid="measured-upload">7 Mbps</);
    const ankara = await page("/en/internet-altyapi-hiz-sorgulama/ankara");
    expect(ankara.html).toContain("Too few speed tests in Ankara in the last 90 days: we show medians once the tests come from 5 different internet addresses (IP). Tests so far: 1; addresses: 1.");
  });
});
