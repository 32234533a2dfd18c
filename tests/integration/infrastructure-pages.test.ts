import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLastQuery, LAST_QUERY_COOKIE } from "../../common/infrastructure/last-query";
import { demoLandline } from "../../server/infrastructure/demo-addresses";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The query page's no-JS states, the answer page and the city pages, as HTML.

let t: TestApp;
const demo = createDemoSource();
beforeAll(async () => {
  // The test client is a proxy on loopback: X-Forwarded-For names the visitor.
  t = await startTestApp({ TRUST_PROXY: "loopback" });
});
afterAll(() => t?.close());

const text = async (path: string, init?: RequestInit) => {
  const res = await t.fetch(path, init);
  return { res, html: await res.text() };
};

describe("the query page", () => {
  it("opens one level per submit, chooses single choices itself, and redirects to the flat", async () => {
    const { html } = await text("/internet-altyapi-hiz-sorgulama?il=6&ilce=606");
    // Sub-district and village have one choice each: chosen, carried as hidden fields.
    expect(html).toContain('name="bucak" value="6061"');
    expect(html).toContain('name="koy" value="60611"');
    expect(html).toContain('<select id="level-neighbourhood" name="mahalle"');
    // A forged code below is dropped, not an error.
    const forged = await text("/internet-altyapi-hiz-sorgulama?il=6&ilce=3401&mahalle=100000");
    expect(forged.res.status).toBe(200);
    expect(forged.html).toContain('<select id="level-district" name="ilce"');
    const flat = (await demo.children("flat", 20_000_000))![0];
    const path = (await demo.flatByCode(flat.code))!.address;
    const params = new URLSearchParams({ il: "1", ilce: String(path[1].code), mahalle: String(path[4].code), sokak: String(path[5].code), bina: String(path[6].code), daire: String(flat.code) });
    const done = await t.fetch(`/internet-altyapi-hiz-sorgulama?${params}`);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/internet-altyapi-hiz-sorgulama/daire/${flat.code}`);
    const en = await t.fetch(`/en/internet-altyapi-hiz-sorgulama?sekme=uavt&uavt=${(await demo.flatByCode(flat.code))!.uavt}`);
    expect(en.headers.get("location")).toBe(`/en/internet-altyapi-hiz-sorgulama/daire/${flat.code}`);
  });

  it("answers a bad landline or UAVT with the form and its message (400), an unknown one with 404", async () => {
    const bad = await text("/internet-altyapi-hiz-sorgulama?sekme=telefon&telefon=0532+123+45+67");
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("Bu alan kodu bir ilin sabit hat alan kodu değil.");
    expect(bad.html).toContain('aria-invalid="true"');
    const unknown = await text("/en/internet-altyapi-hiz-sorgulama?sekme=uavt&uavt=1999999999");
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain("No flat was found with this address code.");
  });
});

/** The GET forms of a page, each with its action and the fields it submits (hidden values kept). */
function forms(html: string) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attrs, body]) => ({
    method: /method="(\w+)"/.exec(attrs)?.[1],
    action: /action="([^"]*)"/.exec(attrs)?.[1],
    hidden: Object.fromEntries([...body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map(([, k, v]) => [k, v])),
    fields: [...body.matchAll(/<(?:input|select)\b[^>]*\bname="(\w+)"/g)].map(([, name]) => name),
    body,
  }));
}

describe("the home page's query box", () => {
  it("offers the address (a province select), the landline and the address code as GET forms into the query page, in both languages", async () => {
    for (const [home, query] of [
      ["/", "/internet-altyapi-hiz-sorgulama"],
      ["/en", "/en/internet-altyapi-hiz-sorgulama"],
    ]) {
      const { html } = await text(home);
      const box = forms(html).filter((f) => f.action === query);
      expect(box.map((f) => [f.method, f.fields.filter((n) => n !== "csrf")])).toEqual([
        ["get", ["il"]],
        ["get", ["sekme", "telefon"]],
        ["get", ["sekme", "uavt"]],
      ]);
      expect(box[0].body).toContain('<select id="home-level-province" name="il" required=""');
      expect(box[0].body.match(/<option value="\d+">/g)).toHaveLength(81);
      expect([box[1].hidden.sekme, box[2].hidden.sekme]).toEqual(["telefon", "uavt"]);
      // The switch between them: three radio buttons, the address checked.
      const radios = html.match(/<input type="radio"[^>]*>/g) ?? [];
      expect(radios.map((r) => [/name="([^"]*)"/.exec(r)?.[1], /value="([^"]*)"/.exec(r)?.[1], r.includes('checked=""')])).toEqual([
        ["home-query-way", "adres", true],
        ["home-query-way", "telefon", false],
        ["home-query-way", "uavt", false],
      ]);
    }
  });

  it("leads into the query page's flow: a province opens its districts, a landline or address code opens the flat's answer", async () => {
    const box = forms((await text("/")).html).filter((f) => f.action === "/internet-altyapi-hiz-sorgulama");
    const province = await text(`${box[0].action}?${new URLSearchParams({ il: "6" })}`);
    expect(province.html).toContain('<select id="level-district" name="ilce"');
    const bbk = 200_000_000 + 1000 * 1728;
    const flat = (await demo.flatByCode(bbk))!;
    for (const [form, value] of [
      [box[1], `0${demoLandline(bbk)}`],
      [box[2], String(flat.uavt)],
    ] as const) {
      const name = form.fields.find((n) => n !== "sekme")!;
      const res = await t.fetch(`${form.action}?${new URLSearchParams({ ...form.hidden, [name]: value })}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/internet-altyapi-hiz-sorgulama/daire/${bbk}`);
    }
  });

  it("reads no address of the request: the query string and the remembered query leave the box at the province", async () => {
    const cookie = `${LAST_QUERY_COOKIE}=${formatLastQuery({ il: 6, bbk: 200_000_000, address: "ANKARA" })}`;
    for (const init of [{ path: "/?il=6&ilce=606" }, { path: "/", headers: { cookie } }]) {
      const { res, html } = await text(init.path, { headers: init.headers });
      expect(res.status).toBe(200);
      expect(html).toContain('<select id="home-level-province" name="il" required=""');
      expect(html).not.toContain('id="home-level-district"');
      expect(html).not.toContain('<option value="6" selected=""');
    }
  });
});

describe("the answer page", () => {
  it("is shareable by flat code, labels demo data, remembers the query, and 404s for anything else", async () => {
    const bbk = 200_000_000;
    const { res, html } = await text(`/internet-altyapi-hiz-sorgulama/daire/${bbk}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("Demo sonucu");
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('<link rel="canonical" href="http://localhost/internet-altyapi-hiz-sorgulama/daire/200000000"/>');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${LAST_QUERY_COOKIE}=`))!;
    expect(cookie).toMatch(/Max-Age=15552000; SameSite=Lax$/);
    const remembered = await text("/internet-altyapi-hiz-sorgulama", { headers: { cookie: cookie.split(";")[0] } });
    expect(remembered.html).toContain("Son sorgunuz: ADANA");
    for (const path of ["abc", "0", "12345678", "1".repeat(40)]) expect((await t.fetch(`/internet-altyapi-hiz-sorgulama/daire/${path}`)).status, path).toBe(404);
  });
});

describe("city pages", () => {
  it("start at their province, with their own title, districts and query statistics; an unknown one is a 404", async () => {
    // Queries in İstanbul, counted by neighbourhood and technology, once per address and day:
    // ten reloads from one address are one query, three addresses are three.
    const kadikoy = (await demo.children("district", 34))!.find((d) => d.value === "KADIKÖY")!;
    const hood = (await demo.children("neighbourhood", kadikoy.code * 100 + 11))![0];
    const street = (await demo.children("street", hood.code))![0];
    const building = (await demo.children("building", street.code))![0];
    const flat = (await demo.children("flat", building.code))![0];
    const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });
    for (let i = 0; i < 10; i++) await t.fetch(`/internet-altyapi-hiz-sorgulama/daire/${flat.code}`, from("198.51.100.10"));
    expect((await text("/internet-altyapi-hiz-sorgulama/istanbul")).html).toContain("Sorgu sayısı: 1");
    for (const ip of ["198.51.100.11", "198.51.100.12", "198.51.100.10"]) await t.fetch(`/internet-altyapi-hiz-sorgulama/daire/${flat.code}`, from(ip));
    const { res, html } = await text("/internet-altyapi-hiz-sorgulama/istanbul");
    expect(res.status).toBe(200);
    expect(html).toContain("<title>İstanbul İnternet Altyapı ve Hız Sorgulama | GenişBant</title>");
    expect(html).toContain('<option value="34" selected="">İSTANBUL</option>');
    expect(html).toContain("İstanbul ilçeleri");
    expect(html).toContain("ÜSKÜDAR");
    expect(html).toMatch(new RegExp(`${hood.value}(<!-- -->)?, (<!-- -->)?KADIKÖY`));
    expect(html).toContain("Sorgu sayısı: 3");
    const en = await text("/en/internet-altyapi-hiz-sorgulama/ankara");
    expect(en.html).toContain("<title>Ankara Internet Infrastructure Check | GenişBant</title>");
    expect(en.html).toContain("No queries for this province yet.");
    expect((await t.fetch("/internet-altyapi-hiz-sorgulama/atlantis")).status).toBe(404);
  });
});
