import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../server/companies/schema";
import { packages } from "../../server/packages/schema";
import { listCompanyPackages } from "../../server/packages/company-packages";
import { makeCompany, makePackage } from "../helpers/packages";
import { msg } from "../helpers/messages";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
const ids: Record<string, number> = {};
let fiber: { id: number; slug: string; name: string };
let other: { id: number; slug: string; name: string };

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
}
/** The result titles of a /paketler page, in order. */
function titles(html: string): string[] {
  return [...html.matchAll(/<h3 id="pkg-\d+-title"[^>]*><a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}
const count = (html: string) => /data-testid="package-count">\(([^)]*)\)/.exec(html)?.[1]?.replace(/<!-- -->/g, "");

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  fiber = await makeCompany(db, { name: "Sayfa Fiber AŞ" });
  other = await makeCompany(db, { name: "Sayfa Kablo AŞ" });
  // Example A of the unit tests: 24 months at 400 ₺ (600 ₺ without), 250 ₺ activation, 30 ₺ modem.
  ids.a = await makePackage(db, fiber.id, {
    title: "Fiber 100 Taahhütlü",
    technology: "fiber",
    downloadMbps: 100,
    price: "600",
    commitmentMonths: 24,
    commitmentPrice: "400",
    activationFee: "250",
    modemOffer: "rental",
    modemRental: "30",
  });
  ids.b = await makePackage(db, fiber.id, { title: "Fiber 200 Taahhütsüz", technology: "fiber", downloadMbps: 200, price: "700", activationFee: "0" });
  ids.c = await makePackage(db, fiber.id, { title: "VDSL 50 Yıllık", technology: "vdsl", downloadMbps: 50, price: "450", commitmentMonths: 12, commitmentPrice: "380", modemOffer: "free" });
  ids.d = await makePackage(db, other.id, {
    title: "Kablo 100 Ankara",
    technology: "kablonet",
    downloadMbps: 100,
    price: "350",
    servesAllCities: "",
    provinces: "6",
    tvPlatform: "Demo TV",
  });
  ids.e = await makePackage(db, other.id, { serviceKind: "hosting", technology: "", downloadMbps: "", title: "Hosting Mini", price: "50", diskGb: 10 });
  ids.w = await makePackage(db, other.id, { title: "Eski Tarife Fiber", technology: "fiber", downloadMbps: 100, price: "300" });
  await db.update(packages).set({ withdrawnAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(packages.id, ids.w));
  // A sponsored package: labelled, its place unchanged.
  await db
    .update(packages)
    .set({ sponsoredFrom: new Date(Date.now() - 86_400_000), sponsoredUntil: new Date(Date.now() + 86_400_000) })
    .where(eq(packages.id, ids.b));
});
afterAll(async () => {
  await t?.close();
});

describe("/paketler", () => {
  it("lists public packages by monthly price, with counts per filter value, JSON-LD and an indexable canonical page", async () => {
    const res = await t.fetch("/paketler");
    expect(res.status).toBe(200);
    const html = await res.text();
    // Home internet unless a kind is chosen; monthly price: kablo 350, VDSL 380 (committed), fiber A 400 (committed), fiber B 700; the withdrawn one is not listed.
    expect(titles(html)).toEqual(["Kablo 100 Ankara", "VDSL 50 Yıllık", "Fiber 100 Taahhütlü", "Fiber 200 Taahhütsüz"]);
    expect(count(html)).toBe("4 paket");
    expect(html).toContain(">Fiber (2)<");
    expect(html).toContain(">VDSL (1)<");
    expect(html).toContain(">Taahhütsüz (2)<");
    expect(html).toContain(">24 ay (1)<");
    expect(html).toContain("Sayfa Kablo AŞ (1)");
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('<link rel="canonical" href="http://localhost/paketler"');
    const list = jsonLd(html).find((j) => (j as { "@type": string })["@type"] === "ItemList") as { numberOfItems: number };
    expect(list.numberOfItems).toBe(4);
    // Every kind, hosting 50 first, when asked.
    expect(titles(await (await t.fetch("/paketler?kind=all")).text())).toEqual(["Hosting Mini", "Kablo 100 Ankara", "VDSL 50 Yıllık", "Fiber 100 Taahhütlü", "Fiber 200 Taahhütsüz"]);
    // Sponsored: labelled, order unchanged (it stays last, by price).
    expect((html.match(/data-testid="sponsored-label"/g) ?? []).length).toBe(1);
  });

  it("sends the cards once: as HTML in the document, as data only for a client-side navigation (decision 040)", async () => {
    const html = await (await t.fetch("/paketler")).text();
    expect(titles(html)).toContain("Fiber 200 Taahhütsüz");
    // The hydration data (React Router's stream in the document's inline scripts) carries no card.
    const handoff = [...html.matchAll(/<script[^>]*>([^<]*streamController[^<]*)<\/script>/g)].map((m) => m[1]).join("\n");
    expect(handoff).toContain("searchPackages");
    expect(handoff).not.toContain("Fiber 200 Taahhütsüz");
    expect(handoff).not.toContain("priceConfirmedOn");
    // A client-side navigation's data request gets the cards' fields, which the browser renders.
    const data = await (await t.fetch("/paketler.data")).text();
    expect(data).toContain("Fiber 200 Taahhütsüz");
    expect(data).toContain("priceConfirmedOn");
    const en = await (await t.fetch("/en/paketler.data")).text();
    expect(en).toContain("Fiber 200 Taahhütsüz");
  });

  it("filters fiber, ≥ 100 Mbps, 24 months; counts keep the other filters", async () => {
    const html = await (await t.fetch("/paketler?tech=fiber&speed=100&commitment=24")).text();
    expect(titles(html)).toEqual(["Fiber 100 Taahhütlü"]);
    expect(html).toContain('name="robots" content="noindex"');
    // Commitment counts with fiber ≥ 100: none (B) 1, 24 (A) 1.
    expect(html).toContain(">Taahhütsüz (1)<");
    expect(html).toContain(">24 ay (1)<");
    // Technology counts with ≥100 and 24 months: fiber 1.
    expect(html).toContain(">Fiber (1)<");
    const both = await (await t.fetch("/paketler?tech=fiber&tech=vdsl")).text();
    expect(titles(both)).toEqual(["VDSL 50 Yıllık", "Fiber 100 Taahhütlü", "Fiber 200 Taahhütsüz"]);
  });

  it("sorts by speed, price per Mbps and total cost", async () => {
    const speed = titles(await (await t.fetch("/paketler?kind=internet&sort=speed")).text());
    expect(speed[0]).toBe("Fiber 200 Taahhütsüz");
    // Total: kablo 12×350 = 4,200; VDSL 12×380 = 4,560; fiber B 12×700 = 8,400; fiber A 10,570.
    expect(titles(await (await t.fetch("/paketler?kind=internet&sort=total")).text())).toEqual([
      "Kablo 100 Ankara",
      "VDSL 50 Yıllık",
      "Fiber 200 Taahhütsüz",
      "Fiber 100 Taahhütlü",
    ]);
    // Per Mbps: fiber B 700/200 = 3.50 and kablo 350/100 = 3.50 (tie: older first), fiber A 440.42/100 = 4.40, VDSL 380/50 = 7.60.
    expect(titles(await (await t.fetch("/paketler?kind=internet&sort=perMbps")).text())).toEqual([
      "Fiber 200 Taahhütsüz",
      "Kablo 100 Ankara",
      "Fiber 100 Taahhütlü",
      "VDSL 50 Yıllık",
    ]);
  });

  it("a city hides packages that do not serve it, also from the infrastructure query's cookie", async () => {
    const izmir = titles(await (await t.fetch("/paketler?kind=internet&city=izmir")).text());
    expect(izmir).not.toContain("Kablo 100 Ankara");
    const ankara = titles(await (await t.fetch("/paketler?kind=internet&city=ankara")).text());
    expect(ankara).toContain("Kablo 100 Ankara");
    const cookie = `gb_altyapi=${encodeURIComponent(JSON.stringify({ il: 35, bbk: 123, address: "x" }))}`;
    const remembered = await (await t.fetch("/paketler?kind=internet", { headers: { cookie } })).text();
    expect(titles(remembered)).not.toContain("Kablo 100 Ankara");
    expect(remembered).toContain('data-testid="remembered-city"');
    expect(remembered).toContain("İZMİR");
  });

  it("other filters: provider, TV platform, free activation, modem, price, archive", async () => {
    expect(titles(await (await t.fetch(`/paketler?kind=all&company=${other.slug}`)).text())).toEqual(["Hosting Mini", "Kablo 100 Ankara"]);
    expect(titles(await (await t.fetch("/paketler?tv=1")).text())).toEqual(["Kablo 100 Ankara"]);
    expect(titles(await (await t.fetch("/paketler?activation=free&kind=internet")).text())).not.toContain("Fiber 100 Taahhütlü");
    expect(titles(await (await t.fetch("/paketler?modem=free")).text())).toEqual(["VDSL 50 Yıllık"]);
    // The modem filter applies to internet packages: a hosting package is neither counted nor found by it.
    const hosting = await (await t.fetch("/paketler?kind=hosting")).text();
    for (const offer of ["free", "rental", "own"]) expect(hosting).toContain(`<option value="${offer}">${msg("tr", `packages.modem.${offer}`)} (0)</option>`);
    expect(titles(await (await t.fetch("/paketler?kind=hosting&modem=own")).text())).toEqual([]);
    expect(await (await t.fetch("/paketler?kind=internet")).text()).toContain(`<option value="own">${msg("tr", "packages.modem.own")} (2)</option>`);
    expect(titles(await (await t.fetch("/paketler?kind=all&maxPrice=380")).text())).toEqual(["Hosting Mini", "Kablo 100 Ankara", "VDSL 50 Yıllık"]);
    const archive = await (await t.fetch("/paketler?archive=1&kind=internet")).text();
    expect(titles(archive)[0]).toBe("Eski Tarife Fiber");
    expect(archive).toContain('data-testid="withdrawn-label"');
  });

  it("a package's provinces come with it, in plate order, on its page and in the API (one statement reads both)", async () => {
    const id = await makePackage(t.app.db, other.id, { title: "Kablo Üç Şehir", technology: "kablonet", downloadMbps: 50, price: "300", servesAllCities: "", provinces: "35,6,34" });
    try {
      const api = (await (await t.fetch(`/api/v1/packages/${id}`)).json()) as { package: { provinces: number[]; card: { path: string }; company: { isDemo: boolean } } };
      expect(api.package.provinces).toEqual([6, 34, 35]);
      expect(api.package.company.isDemo).toBe(false);
      const html = await (await t.fetch(api.package.card.path)).text();
      const [ankara, istanbul, izmir] = ["ANKARA", "İSTANBUL", "İZMİR"].map((name) => html.indexOf(name));
      expect(ankara).toBeGreaterThan(0);
      expect(istanbul).toBeGreaterThan(ankara);
      expect(izmir).toBeGreaterThan(istanbul);
    } finally {
      await t.app.db.delete(packages).where(eq(packages.id, id));
    }
  });

  it("a bad filter is a 400 page with the translated message, in both languages", async () => {
    const tr = await t.fetch("/paketler?speed=%3Cscript%3E&sort=nope");
    expect(tr.status).toBe(400);
    const html = await tr.text();
    expect(html).toContain("Geçerli bir hız seçin.");
    expect(html).not.toContain("<script>");
    const en = await t.fetch("/en/paketler?commitment=36");
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("Choose no commitment, 12 months or 24 months.");
  });
});

describe("the package page", () => {
  it("shows every cost computed from the stored terms, the termination table and summary, Product JSON-LD", async () => {
    const path = `/kablolu-internet/${fiber.slug}/paket/fiber-100-taahhutlu`;
    const res = await t.fetch(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="detail-total">₺10.570,00');
    expect(html).toContain('data-testid="detail-effective">₺440,42');
    expect(html).toContain('data-testid="detail-after">₺630,00');
    expect(html).toContain("Taahhüt bitince ayda ₺200,00 daha fazla ödersiniz.");
    // The summary and the table agree: the lowest and highest fee are those of leaving before the
    // last month; the table's last month (the commitment's end) shows no fee, and the text says so.
    expect(html).toContain("24. aydan önce ayrılırsanız en az ₺200,00, en çok ₺3.200,00. Taahhüdün bittiği 24. ayda cayma bedeli yoktur.");
    const rows = [...html.matchAll(/<tr class="border-t[^>]*><th scope="row"[^>]*>(\d+)<\/th>(?:<td[^>]*>.*?<\/td>){2}<td[^>]*>(.*?)<\/td><\/tr>/g)].map((r) => [Number(r[1]), r[2]!.replace(/<[^>]+>/g, "")]);
    expect(rows).toHaveLength(24);
    expect(rows.at(-1)).toEqual([24, "₺0,00"]);
    const fees = rows.slice(0, -1).map(([, fee]) => fee);
    expect(fees).toContain("₺200,00");
    expect(fees).toContain("₺3.200,00");
    expect(html).toMatch(/En düşük cayma bedeli \(24\. aydan önce ayrılırken\)<\/dt><dd[^>]*>₺200,00/);
    expect(html).toContain('data-testid="commitment-summary"');
    const [product, crumbs] = jsonLd(html) as [Record<string, unknown>, { "@type": string; itemListElement: unknown[] }];
    expect(product["@type"]).toBe("Product");
    expect(product.offers).toMatchObject({ "@type": "Offer", price: "400.00", priceCurrency: "TRY", availability: "https://schema.org/InStock" });
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(crumbs.itemListElement).toHaveLength(4);
    const en = await (await t.fetch(`/en${path}`)).text();
    // The description in the page's currency and number format.
    expect(html).toContain('<meta name="description" content="Sayfa Fiber AŞ Fiber 100 Taahhütlü: aylık ₺400,00, 24 ayda toplam ₺10.570,00,');
    expect(en).toContain('<meta name="description" content="Sayfa Fiber AŞ Fiber 100 Taahhütlü: $9.60 (₺400.00) a month, $253.68 (₺10,570.00) over 24 months,');
    // English numbers throughout, the lira amounts beside the dollars too.
    expect(en).toContain("Leaving before month 24: at least $4.80 (₺200.00), at most $76.80 (₺3,200.00). In month 24, when the commitment ends, there is no fee.");
  });

  it("strict trailing slash, wrong category redirects, unknown is 404; a withdrawn package is marked and not requestable", async () => {
    const path = `/kablolu-internet/${fiber.slug}/paket/fiber-100-taahhutlu`;
    const slash = await t.fetch(`${path}/`);
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe(path);
    const wrong = await t.fetch(`/mobil-internet/${fiber.slug}/paket/fiber-100-taahhutlu`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("location")).toBe(path);
    expect((await t.fetch(`/kablolu-internet/${fiber.slug}/paket/yok`)).status).toBe(404);
    expect((await t.fetch(`/yok-kategori/${fiber.slug}/paket/fiber-100-taahhutlu`)).status).toBe(404);
    const old = await t.fetch(`/kablolu-internet/${other.slug}/paket/eski-tarife-fiber`);
    expect(old.status).toBe(200);
    const html = await old.text();
    expect(html).toContain('data-testid="withdrawn-notice"');
    expect(html).toContain("https://schema.org/Discontinued");
    // An unpublished company's packages are not public.
    await t.app.db.update(companies).set({ publishState: "unpublished" }).where(eq(companies.id, other.id));
    expect((await t.fetch(`/kablolu-internet/${other.slug}/paket/kablo-100-ankara`)).status).toBe(404);
    await t.app.db.update(companies).set({ publishState: "published" }).where(eq(companies.id, other.id));
  });
});

describe("a company's package list (for its /paketler page)", () => {
  it("on sale by monthly price, then the withdrawn ones marked", async () => {
    const list = await listCompanyPackages(t.app, { companyId: other.id });
    expect(list.map((p) => [p.title, p.withdrawn])).toEqual([
      ["Hosting Mini", false],
      ["Kablo 100 Ankara", false],
      ["Eski Tarife Fiber", true],
    ]);
  });
});

describe("sitemap", () => {
  it("lists package pages on sale in both languages, not withdrawn ones", async () => {
    const xml = await (await t.fetch("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>http://localhost/kablolu-internet/${fiber.slug}/paket/fiber-100-taahhutlu</loc>`);
    expect(xml).toContain(`<loc>http://localhost/en/kablolu-internet/${fiber.slug}/paket/fiber-100-taahhutlu</loc>`);
    expect(xml).not.toContain("eski-tarife-fiber");
  });
});

describe("compare", () => {
  it("puts up to four side by side from the URL, marks the cheapest total and the fastest, and differences", async () => {
    const res = await t.fetch(`/paketler/karsilastir?p=${ids.a},${ids.b}&p=${ids.c}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect((html.match(/data-testid="compare-column"/g) ?? []).length).toBe(3);
    // Totals: A 10,570; B 8,400; C 4,560 → C cheapest; B fastest (200 Mbps).
    const cols = html.split('data-testid="compare-column"').slice(1);
    expect(cols[2]).toContain('data-testid="cheapest"');
    expect(cols[1]).toContain('data-testid="fastest"');
    expect(cols[0]).not.toContain('data-testid="cheapest"');
    expect(html).toContain('data-differs="true"');
    // A comparison is indexable, under one address for the set whatever the order it was asked in.
    expect(html).not.toContain('name="robots"');
    const set = [ids.a, ids.b, ids.c].sort((x, y) => x - y).join(",");
    expect(html).toContain(`<link rel="canonical" href="http://localhost/paketler/karsilastir?p=${set}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="http://localhost/en/paketler/karsilastir?p=${set}"/>`);
  });

  it("refuses more than four and bad ids with a translated 400", async () => {
    const many = await t.fetch("/paketler/karsilastir?p=1,2,3,4,5");
    expect(many.status).toBe(400);
    expect(await many.text()).toContain("En fazla 4 paket karşılaştırabilirsiniz.");
    const bad = await t.fetch("/en/paketler/karsilastir?p=abc");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Invalid package number.");
    const empty = await (await t.fetch("/paketler/karsilastir")).text();
    expect(empty).toContain('data-testid="compare-empty"');
  });
});
