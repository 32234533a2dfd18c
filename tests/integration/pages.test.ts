import { count } from "drizzle-orm";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localizePath } from "../../common/paths";
import { newsletterSubscriptions } from "../../server/newsletter/schema";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PAGES = ["/", "/iletisim", "/sikca-sorulan-sorular", "/reklam", "/cerez", "/gizlilik", "/kisisel-verilerin-korunmasi", "/hakkimizda", "/bulten"];

describe("pages", () => {
  for (const locale of ["tr", "en"] as const) {
    for (const theme of ["light", "dark"] as const) {
      it.each(PAGES)(`%s answers 200 in ${locale}/${theme} with lang, theme, title, description and canonical`, async (trPath) => {
        const path = localizePath(locale, trPath);
        const res = await t.fetch(path, { headers: { cookie: `gb_theme=${theme}` } });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
        expect(html.includes('class="dark"')).toBe(theme === "dark");
        expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
        expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
        expect(html).toContain(`<link rel="canonical" href="http://localhost${path}"`);
        expect(html).toMatch(/<meta property="og:title"/);
        expect(html).toMatch(/<h1[^>]*>/);
      });
    }
  }

  it("answers a page whole, with its length; HEAD gets the same headers and no body", async () => {
    const get = await t.fetch("/sikca-sorulan-sorular", { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await get.arrayBuffer());
    expect(get.headers.get("content-length")).toBe(String(body.byteLength));
    expect(get.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(get.headers.get("set-cookie")).toMatch(/^gb_csrf=\w{32}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(body.toString("utf8").startsWith("<!DOCTYPE html><html")).toBe(true);
    const head = await t.fetch("/sikca-sorulan-sorular", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("carries the page's loader data in its hydration script", async () => {
    const html = await (await t.fetch("/")).text();
    expect(html).toMatch(/window\.__reactRouterContext\.streamController\.enqueue\(.*loaderData.*\);<\/script>/);
    expect(html).toContain("window.__reactRouterContext.streamController.close();");
  });

  it("marks the shell's page links for React Router's background route discovery", async () => {
    const html = await (await t.fetch("/")).text();
    for (const href of ["/hakkimizda", "/iletisim", "/sikca-sorulan-sorular", "/internet-altyapi-hiz-sorgulama"]) {
      expect(html).toMatch(new RegExp(`<a href="${href}" data-discover="true"`));
    }
  });

  it.each(["a/b?c", "x y", "@", "[::1", "evil.example"])("a Host header of %j gets the page, its links from SITE_URL, never the header", async (host) => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${t.url}/hakkimizda`, { headers: { host } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(body).toContain('<link rel="canonical" href="http://localhost/hakkimizda"');
    expect(body).not.toContain(host === "@" ? "http://@" : host);
  });

  it.each(["/404", "/bu-sayfa-yok", "/a/b/c"])("%s answers 404 with a link home", async (path) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Sayfa bulunamadı");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Ana sayfaya dön<\/a>/);
  });

  it("renders the English interface under /en, Turkish at the bare path", async () => {
    const tr = await (await t.fetch("/hakkimizda")).text();
    const en = await (await t.fetch("/en/hakkimizda")).text();
    expect(tr).toContain("Hakkımızda");
    expect(en).toContain("About us");
  });

  it("marks the FAQ up as FAQPage JSON-LD with 15 questions", async () => {
    for (const path of ["/sikca-sorulan-sorular", "/en/sikca-sorulan-sorular"]) {
      const html = await (await t.fetch(path)).text();
      const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
      const ld = JSON.parse(json!) as { "@type": string; mainEntity: { "@type": string; acceptedAnswer: { text: string } }[] };
      expect(ld["@type"]).toBe("FAQPage");
      expect(ld.mainEntity).toHaveLength(15);
      const answers = ld.mainEntity.map((q) => q.acceptedAnswer.text).join(" ");
      expect(answers).toMatch(/300/);
      expect(answers).toMatch(/100/);
      expect(answers).toMatch(/200/);
    }
  });

  it("serves robots.txt and a sitemap listing the static pages", async () => {
    const robots = await (await t.fetch("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost/sitemap.xml");
    const sitemap = await t.fetch("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const p of PAGES.filter((p) => p !== "/bulten")) expect(xml).toContain(`<loc>http://localhost${p}</loc>`);
  });

  it("sends security headers and a nonce-based CSP", async () => {
    const res = await t.fetch("/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = res.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(await res.text()).toContain(`nonce="${nonce}"`);
  });

  it("answers health and readiness", async () => {
    expect(await (await t.fetch("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await t.fetch("/readyz")).json()).toMatchObject({ status: "ready" });
  });
});

describe("preferences and the newsletter form", () => {
  it("stores language, theme and consent in cookies and only redirects on this site", async () => {
    const s = await getFormSession(t, "/");
    const body = new URLSearchParams({ csrf: s.csrf, lng: "en", theme: "dark", consent: "1", redirectTo: "//evil.example/x" });
    const res = await t.fetch("/tercih", { method: "POST", headers: { cookie: s.cookie }, body });
    expect(res.status).toBe(302);
    // The chosen language's home: the redirect target was refused.
    expect(res.headers.get("location")).toBe("/en");
    const cookies = res.headers.getSetCookie().join("\n");
    expect(cookies).toContain("gb_lng=en");
    expect(cookies).toContain("gb_theme=dark");
    expect(cookies).toContain("gb_consent=1");
  });

  it("refuses a preferences post without the CSRF token", async () => {
    const res = await t.fetch("/tercih", { method: "POST", body: new URLSearchParams({ lng: "en" }) });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().join()).not.toContain("gb_lng=");
  });

  const subscriptions = async () => (await t.app.db.select({ n: count() }).from(newsletterSubscriptions))[0].n;

  it("subscribes through the page action with the CSRF token, and not without", async () => {
    const s = await getFormSession(t, "/");
    const before = await subscriptions();
    const forged = await t.fetch("/bulten", {
      method: "POST",
      headers: { cookie: s.cookie },
      body: new URLSearchParams({ csrf: "x".repeat(32), email: "form@example.com", emailCheckbox: "on" }),
    });
    expect(forged.status).toBe(403);
    expect(await subscriptions()).toBe(before);

    const ok = await t.fetch("/bulten", {
      method: "POST",
      headers: { cookie: s.cookie },
      body: new URLSearchParams({ csrf: s.csrf, email: "form@example.com", emailCheckbox: "on" }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Teşekkürler!");
    expect(await subscriptions()).toBe(before + 1);
  });

  it("shows the translated message for a bad address on the page (no JavaScript)", async () => {
    const s = await getFormSession(t, "/");
    const res = await t.fetch("/en/bulten", {
      method: "POST",
      headers: { cookie: s.cookie },
      body: new URLSearchParams({ csrf: s.csrf, email: "nope", emailCheckbox: "on" }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The e-mail address must be at least 6 characters long.");
  });
});

describe("request size limits on page posts", () => {
  it("refuses a form body over 256 KB before reading it, with a translated message", async () => {
    const s = await getFormSession(t, "/");
    const res = await t.fetch("/bulten", {
      method: "POST",
      headers: { cookie: `${s.cookie}; gb_lng=en`, "content-type": "application/x-www-form-urlencoded" },
      body: `csrf=${s.csrf}&email=${"a".repeat(300 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The data sent is too large.");
  });

  it("answers a missing avatar file with 404, not 500", async () => {
    const res = await t.fetch("/media/avatars/none.webp");
    expect(res.status).toBe(404);
  });
});
