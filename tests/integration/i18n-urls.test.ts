import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeOfPath, localizePath } from "../../common/paths";
import { routedEntries, routeRegistry } from "../../common/routes/registry";
import { createSession } from "../../server/accounts/sessions";
import { listProvinces } from "../../server/reference/cities";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const SITE = "http://localhost";

/** The three language links every page carries, for a Turkish path. */
function alternates(trPath: string): string[] {
  const en = localizePath("en", trPath);
  return [
    `<link rel="alternate" hrefLang="tr" href="${SITE}${trPath}"/>`,
    `<link rel="alternate" hrefLang="en" href="${SITE}${en}"/>`,
    `<link rel="alternate" hrefLang="x-default" href="${SITE}${trPath}"/>`,
  ];
}

async function createUser(email: string) {
  return insertVerifiedUser(t.app.db, { fullName: "Dil Testi", email });
}

describe("English pages at /en", () => {
  it.each([
    ["/sikca-sorulan-sorular", "tr", "Sıkça Sorulan Sorular", "tr_TR", "en_US"],
    ["/en/sikca-sorulan-sorular", "en", "Frequently asked questions", "en_US", "tr_TR"],
  ])("%s answers 200 in %s with canonical, the three alternates and the Open Graph locale", async (path, lang, heading, og, ogAlt) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
    expect(html).toContain(heading);
    expect(html).toContain(`<link rel="canonical" href="${SITE}${path}"/>`);
    for (const link of alternates("/sikca-sorulan-sorular")) expect(html).toContain(link);
    expect(html).toContain(`<meta property="og:locale" content="${og}"/>`);
    expect(html).toContain(`<meta property="og:locale:alternate" content="${ogAlt}"/>`);
  });

  it("/en is the English home, with the home page's alternates", async () => {
    const res = await t.fetch("/en");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/en"/>`);
    for (const link of alternates("/")) expect(html).toContain(link);
  });

  it("every registered page without parameters answers the same status in both languages, in the URL's language", async () => {
    const pages = routedEntries().filter((e) => e.twin !== false && !e.path.includes(":") && e.path !== "*");
    expect(pages.length).toBeGreaterThan(15);
    for (const entry of pages) {
      const tr = await t.fetch(`/${entry.path}`);
      const en = await t.fetch(localizePath("en", `/${entry.path}`));
      expect({ path: entry.path, status: en.status }).toEqual({ path: entry.path, status: tr.status });
      if (tr.status >= 300 && tr.status < 400) {
        expect(localeOfPath(tr.headers.get("location")!)).toBe("tr");
        expect(localeOfPath(en.headers.get("location")!)).toBe("en");
      } else if (!(tr.headers.get("content-type") ?? "").startsWith("text/html")) {
        // A resource in its path's language (the blog's feeds) says so in its own way.
        expect(await tr.text()).toMatch(/<language>tr<\/language>|xml:lang="tr"/);
        expect(await en.text()).toMatch(/<language>en<\/language>|xml:lang="en"/);
      } else {
        expect(await tr.text()).toMatch(/<html lang="tr"/);
        expect(await en.text()).toMatch(/<html lang="en"/);
      }
    }
  });

  it("an unknown /en/… path is a 404 in English with a link to the English home", async () => {
    const res = await t.fetch("/en/bu-sayfa-yok");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain("Page not found");
    expect(html).toMatch(/<a href="\/en" data-discover="true"[^>]*>Back to the home page<\/a>/);
  });

  it("links on an English page stay under /en, and the Turkish page's links stay bare", async () => {
    const en = await (await t.fetch("/en/iletisim")).text();
    for (const path of ["/en/hakkimizda", "/en/sikca-sorulan-sorular", "/en/blog-yazilari", "/en/paketler", "/en/internet-altyapi-hiz-sorgulama"]) {
      expect(en).toContain(`href="${path}"`);
    }
    expect(en).not.toMatch(/href="\/(?:hakkimizda|giris|iletisim|sikca-sorulan-sorular)"/);
    expect(en).toContain('action="/en/tercih"');
    const tr = await (await t.fetch("/iletisim")).text();
    expect(tr).toContain('href="/hakkimizda"');
    // The only links into English are the language links to this page's twin (decision 025).
    expect([...tr.matchAll(/href="(\/en\/[^"]*)"/g)].map((m) => m[1])).toEqual(["/en/iletisim?lng=en"]);
  });
});

describe("the remembered language", () => {
  it("sends a bare path asked for with gb_lng=en on to its /en twin, query kept, for no cache to keep", async () => {
    const res = await t.fetch("/sikca-sorulan-sorular?x=1&y=%C3%A7", { headers: { cookie: "gb_lng=en" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/sikca-sorulan-sorular?x=1&y=%C3%A7");
    expect(res.headers.get("vary")).toMatch(/\bCookie\b/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const home = await t.fetch("/", { headers: { cookie: "gb_lng=en" } });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/en");
  });

  it("answers the bare path in Turkish without the cookie or with gb_lng=tr, saying it varies by cookie", async () => {
    for (const cookie of ["", "gb_lng=tr"]) {
      const res = await t.fetch("/sikca-sorulan-sorular", { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toMatch(/\bCookie\b/);
      expect(await res.text()).toMatch(/<html lang="tr"/);
    }
  });

  it("never redirects an /en page, whatever the cookie, and sets no language cookie", async () => {
    for (const cookie of ["", "gb_lng=tr", "gb_lng=en"]) {
      const res = await t.fetch("/en/sikca-sorulan-sorular", { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().join()).not.toContain("gb_lng");
      expect(await res.text()).toMatch(/<html lang="en"/);
    }
  });

  it("leaves files, data requests, form posts and the API alone", async () => {
    const cookie = "gb_lng=en";
    expect((await t.fetch("/robots.txt", { headers: { cookie } })).status).toBe(200);
    expect((await t.fetch("/sitemap.xml", { headers: { cookie } })).status).toBe(200);
    const data = await t.fetch("/sikca-sorulan-sorular.data", { headers: { cookie } });
    expect(data.status).toBe(200);
    const s = await getFormSession(t, "/");
    const post = await t.fetch("/bulten", {
      method: "POST",
      headers: { cookie: `${s.cookie}; ${cookie}` },
      body: new URLSearchParams({ csrf: s.csrf, email: "nope", emailCheckbox: "on" }),
    });
    expect(post.status).toBe(400);
    expect(await post.text()).toMatch(/<html lang="tr"/);
    const api = await t.fetch("/api/v1/me", { headers: { cookie } });
    expect(api.status).toBe(401);
    expect(((await api.json()) as { message: string }).message).toBe("You need to log in to do this.");
  });
});

describe("the language menu and preferences", () => {
  it.each([
    ["en", "/hakkimizda?a=1", "/en/hakkimizda?a=1"],
    ["tr", "/en/hakkimizda?a=1", "/hakkimizda?a=1"],
    ["en", "/", "/en"],
    ["tr", "/en", "/"],
    ["tr", "/en//evil.example/x", "/evil.example/x"],
  ])("choosing %s from %s stores it and lands on %s", async (lng, redirectTo, location) => {
    const s = await getFormSession(t, "/");
    const res = await t.fetch("/tercih", { method: "POST", headers: { cookie: s.cookie }, body: new URLSearchParams({ csrf: s.csrf, lng, redirectTo }) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
    expect(res.headers.getSetCookie().join()).toContain(`gb_lng=${lng}`);
  });

  it("a theme choice on an English page stays on it", async () => {
    const s = await getFormSession(t, "/en");
    const body = new URLSearchParams({ csrf: s.csrf, theme: "dark", redirectTo: "/en/cerez" });
    const res = await t.fetch("/en/tercih", { method: "POST", headers: { cookie: s.cookie }, body });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/cerez");
  });
});

describe("server redirects keep the request's language", () => {
  it.each([
    ["/en/ozet", "/en/giris?redirectTo=%2Fen%2Fozet"],
    ["/ozet", "/giris?redirectTo=%2Fozet"],
    ["/en/ayarlar?sekme=sifre", "/en/giris?redirectTo=%2Fen%2Fayarlar%3Fsekme%3Dsifre"],
    ["/en/tercih", "/en"],
    ["/en/cikis", "/en"],
    ["/cikis", "/"],
  ])("a guest's GET %s goes to %s", async (path, location) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
  });

  it("signed in: /en/baslangic goes to /en/ozet, /en/giris to /en, and logout from /en/cikis to /en with the signed-out notice", async () => {
    const user = await createUser(`dil.${Date.now()}@example.com`);
    const { token } = await createSession(t.app.db, user.id, "web");
    const cookie = `gb_session=${token}`;
    const start = await t.fetch("/en/baslangic", { headers: { cookie } });
    expect([start.status, start.headers.get("location")]).toEqual([302, "/en/ozet"]);
    const login = await t.fetch("/en/giris", { headers: { cookie } });
    expect([login.status, login.headers.get("location")]).toEqual([302, "/en"]);
    const s = await getFormSession(t, "/en");
    const out = await t.fetch("/en/cikis", { method: "POST", headers: { cookie: `${s.cookie}; ${cookie}` }, body: new URLSearchParams({ csrf: s.csrf }) });
    // The logout form's redirect carries its notice (?bildirim=cikis, common/forms/notices.ts).
    expect([out.status, out.headers.get("location")]).toEqual([302, "/en?bildirim=cikis"]);
  });

  it("signing in on /en/giris lands on the English page asked for, or the English home", async () => {
    const email = `giris.${Date.now()}@example.com`;
    await createUser(email);
    for (const [redirectTo, location] of [
      ["/en/ozet", "/en/ozet"],
      ["/ozet", "/en/ozet"],
      ["", "/en"],
    ]) {
      const s = await getFormSession(t, "/en/giris");
      const body = new URLSearchParams({ csrf: s.csrf, email, password: "Parola1234", redirectTo });
      const res = await t.fetch("/en/giris", { method: "POST", headers: { cookie: s.cookie }, body });
      expect([res.status, res.headers.get("location")]).toEqual([302, location]);
    }
  });
});

describe("sitemap", () => {
  it("lists both language versions of every sitemap page, each with the tr, en and x-default alternates", async () => {
    const res = await t.fetch("/sitemap.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const pages = [
      ...routeRegistry.filter((e) => "sitemap" in e).map((e) => `/${e.path}`),
      // The 81 provinces' infrastructure query pages.
      ...listProvinces().map((p) => `/internet-altyapi-hiz-sorgulama/${p.url}`),
    ];
    expect(pages).toContain("/sikca-sorulan-sorular");
    expect(pages).toContain("/internet-altyapi-hiz-sorgulama/istanbul");
    const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls).toHaveLength(pages.length * 2);
    for (const path of pages) {
      const tr = `${SITE}${path}`;
      const en = `${SITE}${localizePath("en", path)}`;
      const links =
        `<xhtml:link rel="alternate" hreflang="tr" href="${tr}"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${tr}"/>`;
      for (const loc of [tr, en]) {
        const url = urls.find((u) => u.startsWith(`<url><loc>${loc}</loc>`));
        expect(url, loc).toBeDefined();
        expect(url).toContain(links);
      }
    }
  });
});

describe("language links (decision 025)", () => {
  it("every page links to its twin in the footer: crawlable <a href> with the language flag", async () => {
    const tr = await (await t.fetch("/sikca-sorulan-sorular?ref=a")).text();
    expect(tr).toContain('<a href="/en/sikca-sorulan-sorular?ref=a&amp;lng=en" hrefLang="en" lang="en"');
    expect(tr).toContain('<a href="/sikca-sorulan-sorular?ref=a&amp;lng=tr" hrefLang="tr" lang="tr" aria-current="true"');
    const en = await (await t.fetch("/en")).text();
    expect(en).toContain('<a href="/?lng=tr" hrefLang="tr" lang="tr"');
  });

  it("a language link stores the choice and lands on the clean URL, even against a remembered English", async () => {
    const toEn = await t.fetch("/en/sikca-sorulan-sorular?ref=a&lng=en", { redirect: "manual" });
    expect(toEn.status).toBe(302);
    expect(toEn.headers.get("location")).toBe("/en/sikca-sorulan-sorular?ref=a");
    expect(toEn.headers.getSetCookie()).toEqual([expect.stringMatching(/^gb_lng=en; Path=\/; Max-Age=31536000; SameSite=Lax$/)]);
    // English remembered: the Turkish link is not sent back to /en, and Turkish is remembered from now on.
    const toTr = await t.fetch("/sikca-sorulan-sorular?lng=tr", { redirect: "manual", headers: { cookie: "gb_lng=en" } });
    expect(toTr.status).toBe(302);
    expect(toTr.headers.get("location")).toBe("/sikca-sorulan-sorular");
    expect(toTr.headers.getSetCookie()).toEqual([expect.stringMatching(/^gb_lng=tr;/)]);
    const landed = await t.fetch("/sikca-sorulan-sorular", { redirect: "manual", headers: { cookie: "gb_lng=tr" } });
    expect(landed.status).toBe(200);
    // An unknown language is dropped and stores nothing; the flag never reaches a form post or a file.
    const unknown = await t.fetch("/sikca-sorulan-sorular?lng=de", { redirect: "manual" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/sikca-sorulan-sorular");
    expect(unknown.headers.getSetCookie()).toEqual([]);
    expect((await t.fetch("/robots.txt?lng=en", { redirect: "manual" })).status).toBe(200);
    // A path that would leave the site is not a page: no redirect to another host.
    const away = await t.fetch("//evil.example/x?lng=en", { redirect: "manual" });
    expect(away.headers.get("location") ?? "").not.toMatch(/^\/\/|^https?:\/\/evil/);
  });

  it("the footer shows the App Store badge the spec asks for, disabled until the listing exists, from the local sprite", async () => {
    for (const [path, text] of [
      ["/", "App Store (yakında)"],
      ["/en", "App Store (coming soon)"],
    ]) {
      const html = await (await t.fetch(path)).text();
      const badge = /<li data-store="appstore">(.*?)<\/li>/.exec(html)?.[1] ?? "";
      expect(badge).toContain('aria-disabled="true"');
      expect(badge).toContain('<svg width="20" height="20"');
      expect(badge).toContain('<use href="/brand-icons.svg#appstore"></use>');
      expect(badge).toContain(text);
      expect(badge).not.toContain("<a ");
    }
  });
});
