import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_FACET_LIMIT } from "../../common/packages";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The provider filter of /paketler lists the providers with the most packages (COMPANY_FACET_LIMIT),
// by name, and always the chosen one: a catalogue of hundreds of providers does not put every name
// into the page twice (the options and the hydration data).
let t: TestApp;
const big: string[] = [];
let small: { slug: string; name: string };

/** The provider select's options of a /paketler page: [value, label]. */
function providerOptions(html: string): [string, string][] {
  const select = /<select id="pf-company"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].filter((m) => m[1] !== "").map((m) => [m[1]!, m[2]!]);
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  // 45 providers with two packages each, then one with a single package: it is not among the largest.
  for (let i = 0; i < COMPANY_FACET_LIMIT + 5; i++) {
    const c = await makeCompany(db, { name: `Sağlayıcı ${String(i).padStart(2, "0")} Çözüm` });
    big.push(c.slug);
    for (const speed of [50, 100]) await makePackage(db, c.id, { title: `Paket ${i} ${speed}`, technology: "fiber", downloadMbps: speed, price: String(300 + i) });
  }
  const s = await makeCompany(db, { name: "Ağ Küçük Sağlayıcı" });
  small = { slug: s.slug, name: s.name };
  await makePackage(db, s.id, { title: "Küçük Paket", technology: "fiber", downloadMbps: 20, price: "200" });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("the provider filter of /paketler", () => {
  it(`offers the ${COMPANY_FACET_LIMIT} providers with the most packages, by name in Turkish order, on the page and in the API`, async () => {
    const options = providerOptions(await (await t.fetch("/paketler")).text());
    expect(options).toHaveLength(COMPANY_FACET_LIMIT);
    expect(options.map(([slug]) => slug)).not.toContain(small.slug);
    for (const [slug, label] of options) {
      expect(big).toContain(slug);
      expect(label).toMatch(/ \(2\)$/);
    }
    const names = options.map(([, label]) => label);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "tr")));
    const api = await t.fetch("/api/v1/packages/search", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "internet" }) });
    const body = (await api.json()) as { facets: { company: { slug: string; count: number }[] } };
    expect(body.facets.company.map((c) => c.slug)).toEqual(options.map(([slug]) => slug));
  });

  it("keeps the chosen provider in the list, selected, with its count, when it is not among the largest", async () => {
    const html = await (await t.fetch(`/paketler?company=${small.slug}`)).text();
    const options = providerOptions(html);
    expect(options).toHaveLength(COMPANY_FACET_LIMIT + 1);
    expect(options[0]).toEqual([small.slug, `${small.name} (1)`]);
    expect(html).toMatch(new RegExp(`<option value="${small.slug}" selected="">`));
    expect(html).toContain("Küçük Paket");
  });

  it("a provider's packages under a filter that only it matches: it is the list", async () => {
    const options = providerOptions(await (await t.fetch("/paketler?maxPrice=250")).text());
    expect(options).toEqual([[small.slug, `${small.name} (1)`]]);
  });
});
