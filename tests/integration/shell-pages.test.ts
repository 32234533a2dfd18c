import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enAdmin from "../../locales/en/admin.json";
import enCommon from "../../locales/en/common.json";
import trAdmin from "../../locales/tr/admin.json";
import trCommon from "../../locales/tr/common.json";
import { hashPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Error answers inside the site's shell and the one dashboard layout (#8), read
 * from the server-rendered HTML in both languages.
 */
let t: TestApp;
const cookies: Record<"individual" | "corporate" | "admin", string> = { individual: "", corporate: "", admin: "" };

const common = { tr: trCommon, en: enCommon };
const admin = { tr: trAdmin.admin, en: enAdmin.admin };
/** What React writes for a text: the apostrophes of "can't" etc. come out as &#x27;. */
const html = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

beforeAll(async () => {
  t = await startTestApp();
  const passwordHash = await hashPassword("Parola1234");
  for (const role of ["individual", "corporate", "admin"] as const) {
    const [row] = await t.app.db
      .insert(users)
      .values({
        fullName: `Kabuk ${role}`,
        email: `shell.${role}@example.com`,
        passwordHash,
        accountType: role === "corporate" ? "corporate" : "individual",
        isAdmin: role === "admin",
        emailVerifiedAt: new Date(),
        membershipAcceptedAt: new Date(),
        kvkkAcceptedAt: new Date(),
      })
      .returning();
    cookies[role] = `gb_session=${(await createSession(t.app.db, row.id, "web")).token}`;
  }
});
afterAll(() => t?.close());

/** A Turkish page path in the test's language: English pages live under /en (decision 008). */
const at = (path: string, locale: "tr" | "en") => (locale === "en" ? `/en${path}` : path);
/**
 * Opens a page in a language: Turkish at its bare path (with the Turkish cookie, which must not
 * redirect), English at its /en twin with no language cookie, so the URL alone decides.
 */
const get = (path: string, cookie: string, locale: "tr" | "en") =>
  t.fetch(at(path, locale), { headers: { cookie: locale === "tr" ? `${cookie}; gb_lng=tr` : cookie } });

/** The site's header (with its main menu), footer and skip link are all in the page. */
function expectShell(body: string, locale: "tr" | "en") {
  expect(body).toMatch(/<header[\s>]/);
  expect(body).toMatch(/<footer[\s>]/);
  expect(body).toContain(`aria-label="${html(common[locale].nav.mainMenu)}"`);
  expect(body).toContain(html(common[locale].footer.quickLinks));
}

describe.each(["tr", "en"] as const)("error pages inside the shell (%s)", (locale) => {
  it("a signed-in non-administrator opening /kullanicilar gets 403 saying the account has no access, with a way back", async () => {
    for (const role of ["individual", "corporate"] as const) {
      const res = await get("/kullanicilar", cookies[role], locale);
      expect(res.status).toBe(403);
      const body = await res.text();
      expectShell(body, locale);
      expect(body).toContain(`data-status="403"`);
      expect(body.match(/<title>([^<]*)<\/title>/g)).toEqual([`<title>${html(common[locale].forbidden.title)} | GenişBant</title>`]);
      expect(body).toContain(html(common[locale].forbidden.title));
      expect(body).toContain(html(common[locale].forbidden.text));
      expect(body).not.toContain(html(common[locale].errorPage.text));
      expect(body).toContain(`href="${at("/ozet", locale)}"`);
      expect(body).toContain(html(common[locale].notFound.home));
      // The way back stays in the page's language.
      if (locale === "en") expect(body).not.toContain('href="/ozet"');
    }
  });

  it("an unknown page inside the dashboard is a 404 in the shell with a way back to the dashboard", async () => {
    const res = await get("/ozet/yok-boyle-bir-sayfa", cookies.individual, locale);
    expect(res.status).toBe(404);
    const body = await res.text();
    expectShell(body, locale);
    expect(body).toContain(html(common[locale].notFound.title));
    expect(body).toContain(`href="${at("/ozet", locale)}"`);
    if (locale === "en") expect(body).not.toContain('href="/ozet"');
  });
});

describe.each(["tr", "en"] as const)("one dashboard layout (%s)", (locale) => {
  const nav = (body: string) => {
    const start = body.indexOf(`<nav aria-label="${html(admin[locale].nav.label)}"`);
    expect(start, "dashboard menu present").toBeGreaterThan(-1);
    return body.slice(start, body.indexOf("</nav>", start));
  };

  it("/ozet, /ayarlar and /kullanicilar all show the dashboard menu", async () => {
    for (const [path, role] of [["/ozet", "individual"], ["/ayarlar", "individual"], ["/ayarlar", "corporate"], ["/kullanicilar", "admin"]] as const) {
      const res = await get(path, cookies[role], locale);
      expect(res.status, path).toBe(200);
      const menu = nav(await res.text());
      expect(menu).toContain(`href="${at("/ozet", locale)}"`);
      expect(menu).toContain(`href="${at("/ayarlar", locale)}"`);
      expect(menu.includes(`href="${at("/kullanicilar", locale)}"`), `${path} as ${role}`).toBe(role === "admin");
      expect(menu.includes(`href="${at("/altyapi-bildirimleri", locale)}"`), `${path} as ${role}`).toBe(role === "admin");
      // Every menu link stays in the page's language.
      if (locale === "en") expect(menu.match(/href="(?!\/en\/)[^"]*"/g), path).toBeNull();
    }
  });

  it("corporate users and administrators see every entry as a link, the blog's too: nothing is marked coming", async () => {
    for (const role of ["corporate", "admin"] as const) {
      const menu = nav(await (await get("/ayarlar", cookies[role], locale)).text());
      expect(menu).not.toContain("data-coming-soon");
      for (const landed of ["companies", "packages", "leads", "blog"] as const) expect(menu).toContain(html(admin[locale].nav[landed]));
      expect(menu).toContain(`href="${at("/blog/liste", locale)}"`);
      // Links: summary, companies, packages, requests, blog, settings; an administrator also approvals, comments, users and infrastructure reports.
      expect(menu.match(/<a /g)).toHaveLength(role === "admin" ? 10 : 6);
    }
    const menu = nav(await (await get("/ozet", cookies.individual, locale)).text());
    expect(menu).not.toContain("data-coming-soon");
  });
});
