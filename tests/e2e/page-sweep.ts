// Every page of the site, generated from the route table (app/routes.ts: each route that renders
// a document), in a real Chromium:
// - axe (WCAG 2.1 A/AA, no serious or critical violation) in tr/en × light/dark at 360 px (the
//   dark theme switched in place on the loaded page) and in tr/light at 1280 px, public pages
//   signed out and account pages signed in as the demo administrator, with status, language,
//   theme, heading and SEO checks;
// - no horizontal overflow (document width ≤ viewport width) at 360 px, both languages, signed
//   out and signed in.
// One browser for the file and one context per combination; each test reports every page that
// failed, not only the first.
//
// The sweep is most of the browser suite's time; it is four test files (pages-*.test.ts), each a
// part of it that can be run alone (`npm run test:e2e -- tests/e2e/pages-desktop.test.ts`); this
// module is what they share, and each calls one of the two functions at the end.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { SETTINGS_TABS } from "../../common/forms/settings";
import { pageRoutes } from "../helpers/route-table";
import { storeSampleResult } from "./speedtest-sample";
import { baseUrl, formatAxe, htmlHasDark, msg, seriousAxeViolations, sessionCookies, useBrowser, type Locale, type Theme } from "./helpers";

interface SweepPage {
  path: string;
  status: number;
  /** Shown only to a signed-in person (a guest is sent to /giris). */
  signedIn: boolean;
  /** Turkish at the bare path, English at its /en twin. */
  locale: Locale;
  /** The Turkish pattern of the page (the same for both twins). */
  base: string;
}

/** Pages that need an account; /kullanicilar needs an administrator (the demo admin is used). */
const ACCOUNT_PATTERNS = [
  "/kullanici/profil",
  "/teknik-destek/profil",
  "/ayarlar",
  "/ozet",
  "/kullanicilar",
  "/isletme/liste",
  "/isletme/yeni-isletme",
  "/isletme/duzenle/:id",
  "/isletme/onay",
  "/yorumlar",
  "/altyapi-bildirimleri",
  "/internet-hiz-testi/rapor",
  "/isletme/paketler",
  "/isletme/paketler/liste/:id",
  "/isletme/paketler/yeni-paket/:id",
  "/isletme/paketler/duzenle/:id/:packageId",
  "/isletme/talepler",
  "/isletme/talepler/:id",
  "/blog/liste",
  "/blog/liste/:corporateId",
  "/blog/yeni",
  "/blog/yeni/:corporateId",
  "/blog/duzenle/:id",
  "/blog/duzenle/:id/:corporateId",
];
/** Pages whose parameter must name something stored: filled in before the sweep (beforeAll). */
const SAMPLE_PARAMS: Record<string, () => string> = {
  "/internet-hiz-testi/sonuc/:id": () => sampleResultId,
  "/isletme/paketler/duzenle/:id/:packageId": () => samplePackage,
};
let sampleResultId = "";
/** "<companyId>/<packageId>": a demo company's package, for the dashboard's package form. */
let samplePackage = "";
/** Sample parameters of parametrised pages that answer 200 (the demo catalogue's first company). */
/** Answer 404 to any value we can invent for their parameter (or are the 404 pages). */
const NOT_FOUND_PATTERNS = ["/blog/duzenle/:id/:corporateId", "/sifirla/sifre/:code", "/dogrula/mail/:code", "/altyapi-uyari/:token", "/kesinti-uyari/:token", "/taahhut-hatirlatma/:token", "/:subType/:company/paket/:packageUrl", "/404", "/*"];
/** Parametrised pages that answer 200 for a real value: the value the sweep opens. */
/**
 * Sample values for parametrised pages that answer 200 (the demo catalogue, SEED_DEMO, has
 * "Pusula Fiber Demo" under wired internet, serving cities in its category).
 */
const SAMPLE_PATHS: Record<string, string> = {
  "/isletmeler/sehir/:state": "/isletmeler/sehir/istanbul",
  "/isletmeler/:subType": "/isletmeler/kablolu-internet",
  "/isletmeler/:subType/:state": "/isletmeler/kablolu-internet/istanbul",
  "/:subType/:company": "/kablolu-internet/pusula-fiber-demo",
  "/:subType/:company/paketler": "/kablolu-internet/pusula-fiber-demo/paketler",
  "/:subType/:company/kesinti": "/kablolu-internet/pusula-fiber-demo/kesinti",
  "/isletme/duzenle/:id": "/isletme/duzenle/1",
  "/isletme/paketler/liste/:id": "/isletme/paketler/liste/1",
  "/isletme/paketler/yeni-paket/:id": "/isletme/paketler/yeni-paket/1",
  "/isletme/talepler/:id": "/isletme/talepler/1",
  "/internet-altyapi-hiz-sorgulama/:il": "/internet-altyapi-hiz-sorgulama/istanbul",
  // A demo flat (server/infrastructure/demo-source.ts): the first flat of the first building of Adana's first street.
  "/internet-altyapi-hiz-sorgulama/daire/:bbk": "/internet-altyapi-hiz-sorgulama/daire/200000000",
  // The demo blog (server/blog/demo): a category, a demo company's posts, the first post (a wrong
  // slug 301s to its url), the dashboard's pages for company 1 and post 1 (the sweep is an administrator).
  "/blog-yazilari/kategori/:categoryUrl": "/blog-yazilari/kategori/telekomunikasyon",
  "/blog-yazilari/isletme/:corporateUrl": "/blog-yazilari/isletme/mercan-kablo-demo",
  "/blog/:categoryUrl/:blogUrl": "/blog/telekomunikasyon/yazi-1",
  "/blog/liste/:corporateId": "/blog/liste/1",
  "/blog/yeni/:corporateId": "/blog/yeni/1",
  "/blog/duzenle/:id": "/blog/duzenle/1",
  // The site search: a word the demo data holds in every group.
  "/arama/:searchValue": "/arama/fiber",
};

function sweepPages(): SweepPage[] {
  const out: SweepPage[] = [];
  for (const r of pageRoutes().filter((r) => r.hasComponent)) {
    const base = r.twinOf ?? r.pattern;
    const locale: Locale = r.twinOf ? "en" : "tr";
    const sample = SAMPLE_PATHS[base];
    // A page whose parameter names a stored record gets its path in beforeAll.
    const path = SAMPLE_PARAMS[base] ? "" : sample ? `${r.twinOf ? "/en" : ""}${sample}` : r.pattern.replace(/:\w+/g, "x").replace(/\*$/, "bu-sayfa-yok-e2e");
    const page = { path, status: NOT_FOUND_PATTERNS.includes(base) ? 404 : 200, signedIn: ACCOUNT_PATTERNS.includes(base), locale, base };
    out.push(page);
    // Each tab of the settings page is a page of its own.
    if (base === "/ayarlar") for (const tab of SETTINGS_TABS.slice(1)) out.push({ ...page, path: `${path}?sekme=${tab.param}` });
    // So is each tab of the infrastructure query, and a cascade opened down to the streets.
    if (base === "/internet-altyapi-hiz-sorgulama") {
      for (const tab of ["telefon", "uavt"]) out.push({ ...page, path: `${path}?sekme=${tab}` });
      out.push({ ...page, path: `${path}?il=6&ilce=606` });
    }
  }
  return out;
}

const PAGES = sweepPages();
const ADMIN = { email: "demo.admin@genisbant.com.tr", password: "Demo12345!" };
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };

let newPage: ReturnType<typeof useBrowser>["newPage"];
let sessionCookie = "";

/** The browser, and the demo administrator's session (signed in once for the file, tests/e2e/helpers.ts). */
function setUp() {
  ({ newPage } = useBrowser());
  beforeAll(async () => {
    const base = baseUrl();
    sampleResultId = await storeSampleResult(base);
    sessionCookie = (await sessionCookies(ADMIN)).find((c) => c.name === "gb_session")!.value;
    samplePackage = await findSamplePackage(base, sessionCookie);
    for (const p of PAGES) {
      // Every parameter of the pattern at once ("/:id/:packageId" → "/1/23").
      if (SAMPLE_PARAMS[p.base]) p.path = `${p.locale === "en" ? "/en" : ""}${p.base.replace(/:\w+(\/:\w+)*/, SAMPLE_PARAMS[p.base]())}`;
    }
  });
}

/** The first demo company (as the administrator sees them) that has a package: "<companyId>/<packageId>". */
async function findSamplePackage(base: string, session: string): Promise<string> {
  const headers = { cookie: `gb_session=${session}` };
  const { companies } = (await (await fetch(`${base}/api/v1/my/companies`, { headers })).json()) as { companies: { id: number }[] };
  for (const c of companies.slice(0, 20)) {
    const { packages } = (await (await fetch(`${base}/api/v1/my/companies/${c.id}/packages`, { headers })).json()) as { packages?: { id: number }[] };
    if (packages?.length) return `${c.id}/${packages[0]!.id}`;
  }
  throw new Error("no demo company with a package for the dashboard's package form");
}

interface Combination {
  locale: Locale;
  theme: Theme;
  viewport: { width: number; height: number };
  signedIn: boolean;
}

/** One context for the combination; runs `check` on each page and returns what failed. */
/**
 * Pages are opened in SWEEP_TABS browser contexts side by side: a page's load waits on the server
 * and its checks (axe) on the browser, so two tabs keep both cores busy (the sweep opens ~1,400
 * pages and is most of the browser suite's time).
 */
const SWEEP_TABS = 2;

async function sweep(c: Combination, pages: SweepPage[], check: (path: string, p: SweepPage, page: Page) => Promise<string[]>) {
  const mine = pages.filter((page) => page.locale === c.locale);
  const lanes = await Promise.all(
    Array.from({ length: SWEEP_TABS }, async (_, lane) => {
      // The consent banner stays open in Turkish (what a first visit sees) and is accepted in English.
      const { page, context } = await newPage({
        locale: c.locale,
        theme: c.theme,
        viewport: c.viewport,
        consent: c.locale === "en",
        allow: pages.filter((p) => p.status === 404).map((p) => ({ status: 404, path: p.path.split("?")[0], method: "GET" })),
      });
      if (c.signedIn) await context.addCookies([{ name: "gb_session", value: sessionCookie, url: baseUrl(), httpOnly: true }]);
      const failures: string[] = [];
      for (const p of mine.filter((_, i) => i % SWEEP_TABS === lane)) {
        const started = performance.now();
        const res = await page.goto(p.path, { waitUntil: "load" });
        await hydrated(page);
        const loaded = performance.now();
        const where = `${p.path} (${c.locale}, ${c.theme}, ${c.viewport.width} px, ${c.signedIn ? "signed in" : "signed out"})`;
        const status = res?.status();
        if (status !== p.status) failures.push(`${where}: HTTP ${status}, expected ${p.status}`);
        failures.push(...(await check(where, p, page)).map((f) => `${where}: ${f}`));
        if (process.env.SWEEP_TIMINGS) console.log(`${where}: load ${Math.round(loaded - started)} ms, checks ${Math.round(performance.now() - loaded)} ms`);
      }
      return failures;
    }),
  );
  return lanes.flat();
}

/** React has hydrated the document (no wait for network idle: every request of the page is already checked by the collector). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="theme-toggle"]');
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps$"));
  });
}

/** Switches the loaded page to the dark theme as the theme button does, transitions off, and runs axe. */
async function darkInPlace(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const style = document.createElement("style");
    style.textContent = "*,*::before,*::after{transition:none!important;animation:none!important}";
    document.head.appendChild(style);
    document.documentElement.classList.add("dark");
    // Two frames: the new styles are computed and painted before axe reads them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const violations = await seriousAxeViolations(page);
  return violations.length ? [`axe:\n${formatAxe(violations)}`] : [];
}

async function overflow(page: Page): Promise<string[]> {
  const m = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
    // The widest elements that stick out, to say where to look.
    culprits: Array.from(document.querySelectorAll("body *"))
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > window.innerWidth + 0.5)
      .slice(0, 3)
      .map((x) => `${x.el.tagName.toLowerCase()}${x.el.id ? `#${x.el.id}` : ""}${x.el.getAttribute("data-testid") ? `[data-testid=${x.el.getAttribute("data-testid")}]` : ""} right=${Math.round(x.right)}`),
  }));
  const width = Math.max(m.doc, m.body);
  return width > m.viewport ? [`${width} px wide in a ${m.viewport} px viewport (${m.culprits.join("; ")})`] : [];
}

async function pageChecks(locale: Locale, theme: Theme, p: SweepPage, page: Page): Promise<string[]> {
  const f: string[] = [];
  const attrs = await page.evaluate(() => ({
    lang: document.documentElement.getAttribute("lang"),
    h1: Array.from(document.querySelectorAll("h1")).map((h) => h.textContent?.trim() ?? ""),
    canonical: document.querySelectorAll('link[rel="canonical"]').length,
    description: Array.from(document.querySelectorAll('meta[name="description"]')).map((m) => m.getAttribute("content")?.trim() ?? ""),
    title: document.title,
  }));
  if (attrs.lang !== locale) f.push(`lang="${attrs.lang}"`);
  if ((await htmlHasDark(page)) !== (theme === "dark")) f.push(`html.dark does not match the ${theme} theme`);
  if (!attrs.h1.length || !attrs.h1[0]) f.push("no <h1> with text");
  if (!attrs.title) f.push("no <title>");
  if (!p.signedIn && p.status === 200) {
    if (attrs.canonical !== 1) f.push(`${attrs.canonical} canonical links`);
    if (attrs.description.length !== 1 || !attrs.description[0]) f.push("no single meta description");
  }
  // The code pages say the link is invalid in their own words; the 404 pages say "not found".
  if (p.status === 404 && !p.path.includes("/x") && attrs.h1[0] !== msg(locale, "notFound.title")) f.push(`404 heading "${attrs.h1[0]}"`);
  if (p.base === "/sikca-sorulan-sorular") {
    const entries = await page.getByTestId("faq-entry").count();
    if (entries !== 15) f.push(`${entries} FAQ entries, expected 15`);
    const ld = await page.$$eval('script[type="application/ld+json"]', (els) => els.map((e) => e.textContent ?? ""));
    const faq = ld.map((t) => JSON.parse(t) as { "@type"?: string; mainEntity?: unknown[] }).find((j) => j["@type"] === "FAQPage");
    if (faq?.mainEntity?.length !== 15) f.push("no FAQPage JSON-LD with 15 questions");
  }
  const violations = await seriousAxeViolations(page);
  if (violations.length) f.push(`axe:\n${formatAxe(violations)}`);
  return f;
}

export const LOCALES: Locale[] = ["tr", "en"];
export { PHONE, DESKTOP };

/** axe and the page checks over every page in each combination, signed out (public pages) and in (account pages). */
/**
 * `alsoDark`: each page loaded in the light theme is checked again in the dark one by switching
 * the theme in place, as the theme button does (the <html> element's class; no reload, no second
 * hydration), with transitions off so that axe reads the settled colours. The dark theme's server
 * render is checked by the shell tests (a reload after the switch).
 */
export function axeSweep(combinations: { locale: Locale; theme: Theme; viewport: { width: number; height: number }; alsoDark?: boolean }[]) {
  setUp();
  describe("axe and page checks on every page", () => {
    test("the sweep covers the site's pages", () => {
      expect(PAGES.map((p) => p.path)).toEqual(expect.arrayContaining(["/", "/giris", "/dogrula/mail/x", "/sifirla/sifre/x", "/ozet", "/kullanicilar", "/ayarlar?sekme=silme"]));
    });

    describe.each(combinations.map((c) => ({ ...c, themes: c.alsoDark ? `${c.theme} and dark` : c.theme })))("$locale / $themes / $viewport.width px", ({ locale, theme, viewport, alsoDark }) => {
      for (const signedIn of [false, true]) {
        const pages = PAGES.filter((p) => p.signedIn === signedIn);
        test(`${signedIn ? "account pages, signed in" : "public pages, signed out"} (${pages.length})`, { timeout: 600_000 }, async () => {
          // At the phone size the sweep also checks the width, so the overflow sweep need not open these pages again.
          const failures = await sweep({ locale, theme, viewport, signedIn }, pages, async (_where, p, page) => [
            ...(await pageChecks(locale, theme, p, page)),
            ...(viewport.width === PHONE.width ? await overflow(page) : []),
            ...(alsoDark ? (await darkInPlace(page)).map((f) => `dark (switched in place): ${f}`) : []),
          ]);
          expect(failures, failures.join("\n")).toEqual([]);
        });
      }
    });
  });
}

/**
 * Every page fits a 360 px phone, both languages, signed in and out. The axe sweep at 360 px
 * (PHONE) checks the width of what it opens: public pages signed out and account pages signed
 * in; here the rest, the public pages signed in (a member's header and pages differ). 360 px is
 * the narrowest width the site promises; the shell's own tests also check 390 px.
 */
export function overflowSweep() {
  setUp();
  describe.each(LOCALES)("no horizontal overflow at 360 px, public pages signed in (%s)", (locale) => {
    const pages = PAGES.filter((p) => !p.signedIn);
    test(`${pages.length} pages`, { timeout: 600_000 }, async () => {
      const failures = await sweep({ locale, theme: "light", viewport: PHONE, signedIn: true }, pages, (_w, _p, page) => overflow(page));
      expect(failures, failures.join("\n")).toEqual([]);
    });
  });
}
