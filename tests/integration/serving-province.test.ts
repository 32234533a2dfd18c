import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressPart, FlatAnswer, TechnologyAnswer } from "../../common/infrastructure/types";
import { companies, companyProvinces } from "../../server/companies/schema";
import { packages } from "../../server/packages/schema";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// One definition of "a company serves a province" (decision 023): the company lists of a city,
// the profile's provinces and the answer page's packages agree.

const ISTANBUL = 34;
const FLAT = 934_000_001;
const tech = (technology: TechnologyAnswer["technology"], over: Partial<TechnologyAnswer> = {}): TechnologyAnswer => ({
  technology,
  available: false,
  freePort: null,
  maxDownMbps: null,
  maxUpMbps: null,
  fttx: null,
  lineEnd: null,
  openWorkOrder: false,
  estimatedDownMbps: null,
  ...over,
});
const address: AddressPart[] = [
  { level: "province", code: ISTANBUL, value: "İSTANBUL" },
  { level: "district", code: 3401, value: "KADIKÖY" },
  { level: "neighbourhood", code: 340101, value: "MODA MAH" },
  { level: "street", code: 34010101, value: "1. SOKAK" },
  { level: "building", code: 3401010101, value: "1" },
  { level: "flat", code: FLAT, value: "3" },
];
const flat: FlatAnswer = {
  bbk: FLAT,
  uavt: null,
  address,
  technologies: [tech("FIBER", { available: true, freePort: true, maxDownMbps: 1000, fttx: "FTTH" }), tech("VDSL"), tech("ADSL")],
  fetchedAt: "2026-11-20T10:00:00.000Z",
  source: "demo",
};
const demo = createDemoSource();
const source: InfrastructureSource = {
  ...demo,
  flatByCode: async (bbk) => (bbk === FLAT ? { bbk, uavt: null, address } : demo.flatByCode(bbk)),
  query: async (bbk) => (bbk === FLAT ? flat : demo.query(bbk)),
};

let t: TestApp;
const slugs: Record<"fivePlusPackage" | "listsIstanbul" | "packageEverywhere" | "elsewhere" | "withdrawnOnly", string> = {
  fivePlusPackage: "",
  listsIstanbul: "",
  packageEverywhere: "",
  elsewhere: "",
  withdrawnOnly: "",
};

/** A company of /isletmeler/kablolu-internet serving the given profile provinces (not the whole country). */
async function company(name: string, provinces: number[]) {
  const c = await makeCompany(t.app.db, { name });
  await t.app.db.update(companies).set({ servesWholeCountry: false }).where(eq(companies.id, c.id));
  if (provinces.length) await t.app.db.insert(companyProvinces).values(provinces.map((provinceCode) => ({ companyId: c.id, provinceCode })));
  return c;
}

beforeAll(async () => {
  t = await startTestApp({}, { infrastructure: source });
  // The example: the profile lists five provinces, not İstanbul; a package reaches İstanbul flats.
  const a = await company("Beş İl Fiber AŞ", [6, 35, 7, 16, 1]);
  await makePackage(t.app.db, a.id, { title: "Beş İl Fiber 100", servesAllCities: "", provinces: "34,6" });
  const b = await company("İstanbul Listeli AŞ", [ISTANBUL]);
  const c = await company("Her Yerde Paket AŞ", []);
  await makePackage(t.app.db, c.id, { title: "Her Yerde Fiber 50", downloadMbps: 50 });
  const d = await company("Ankara Fiber AŞ", [6]);
  await makePackage(t.app.db, d.id, { title: "Ankara Fiber 100", servesAllCities: "", provinces: "6" });
  const e = await company("Eski Paket AŞ", [6]);
  const old = await makePackage(t.app.db, e.id, { title: "Eski İstanbul Fiber", servesAllCities: "", provinces: "34" });
  await t.app.db.update(packages).set({ withdrawnAt: new Date() }).where(eq(packages.id, old));
  Object.assign(slugs, { fivePlusPackage: a.slug, listsIstanbul: b.slug, packageEverywhere: c.slug, elsewhere: d.slug, withdrawnOnly: e.slug });
});
afterAll(() => t?.close());

const html = async (path: string) => {
  const res = await t.fetch(path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
};
const listed = (page: string) => [...page.matchAll(/data-testid="company-card" data-slug="([^"]+)"/g)].map((m) => m[1]!).sort();
const profileProvinces = (page: string) => /<section aria-labelledby="provinces-title"[^>]*>[\s\S]*?<p class="[^"]*">([^<]*)<\/p>/.exec(page)?.[1] ?? "";
const packageCompanies = (page: string) => [...new Set([...page.matchAll(/href="\/kablolu-internet\/([^/"]+)\/paket\//g)].map((m) => m[1]!))].sort();

describe("a company serves a province: one definition", () => {
  it("the İstanbul list, the profiles and the İstanbul answer's packages agree", async () => {
    const expected = [slugs.fivePlusPackage, slugs.listsIstanbul, slugs.packageEverywhere].sort();
    expect(listed(await html("/isletmeler/kablolu-internet/istanbul"))).toEqual(expected);
    expect(listed(await html("/en/isletmeler/kablolu-internet/istanbul"))).toEqual(expected);

    // The profile of the company with five provinces names İstanbul too (where its package reaches).
    expect(profileProvinces(await html(`/kablolu-internet/${slugs.fivePlusPackage}`))).toBe("ADANA, ANKARA, ANTALYA, BURSA, İSTANBUL, İZMİR");
    expect(profileProvinces(await html(`/kablolu-internet/${slugs.elsewhere}`))).toBe("ANKARA");
    expect(profileProvinces(await html(`/kablolu-internet/${slugs.withdrawnOnly}`))).toBe("ANKARA");

    // Every company whose package the İstanbul flat is offered is in the İstanbul list.
    const offered = packageCompanies(await html(`/internet-altyapi-hiz-sorgulama/daire/${FLAT}`));
    expect(offered).toEqual([slugs.fivePlusPackage, slugs.packageEverywhere].sort());
    for (const slug of offered) expect(expected).toContain(slug);
  });
});
