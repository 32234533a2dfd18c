// `npm run bench:js`: the JavaScript each page type ships, as a phone on a first visit downloads
// it. The production build is started as the e2e suite starts it (tests/e2e/site.ts: free port,
// fresh DATA_DIR with the demo data) unless a URL is given; each page is opened in Chromium in a
// fresh context (nothing cached), scrolled to its end so that what waits for the first scroll or
// for idle time loads too, and every script response is counted: files, bytes as sent, and
// gzip -6 of each (the figure Lighthouse and the issue use, whatever the server compressed with).
//
//   npm run bench:js                       all page types
//   npm run bench:js -- --pages=/,/blog-yazilari http://localhost:3000
//   npm run bench:js -- --pages=/ --files     also each file of each page, largest first
//
// Prints a table per page type and, for the blog, the post page against the home page (budget:
// home + 10 KB). Exits 1 when a page type ships more than 130 KB of gzipped JavaScript.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { startOwnSite } from "../scripts/start-own-site.mjs";

const BUDGET_KB = 130;
const POST_OVER_HOME_KB = 10;
const MEMBER = { email: "demo.bireysel@genisbant.com.tr", password: "Demo12345!" };
const ADMIN = { email: "demo.admin@genisbant.com.tr", password: "Demo12345!" };
const CORPORATE = { email: "demo.kurumsal@genisbant.com.tr", password: "Demo12345!" };

/** One page per page type (the demo data's stable addresses); `as` signs in first. */
const PAGE_TYPES = [
  { type: "home", path: "/" },
  { type: "home (en)", path: "/en" },
  { type: "faq", path: "/sikca-sorulan-sorular" },
  { type: "contact", path: "/iletisim" },
  { type: "sign in", path: "/giris" },
  { type: "register", path: "/hesap-olustur" },
  { type: "company list", path: "/isletmeler" },
  { type: "company profile", path: "/kablolu-internet/pusula-fiber-demo" },
  { type: "package list", path: "/paketler" },
  { type: "package", path: "/kablolu-internet/pusula-fiber-demo/paket/eko-fiber-1000-mbps-taahhutsuz" },
  { type: "compare", path: "/paketler/karsilastir?p=1,2,3" },
  { type: "infrastructure query", path: "/internet-altyapi-hiz-sorgulama" },
  { type: "infrastructure answer", path: "/internet-altyapi-hiz-sorgulama/daire/200000000" },
  { type: "province", path: "/internet-altyapi-hiz-sorgulama/izmir" },
  { type: "speed test", path: "/internet-hiz-testi" },
  { type: "blog list", path: "/blog-yazilari" },
  { type: "blog category", path: "/blog-yazilari/kategori/telekomunikasyon" },
  { type: "blog post", path: null },
  { type: "search results", path: "/arama/fiber" },
  { type: "settings (member)", path: "/ayarlar", as: MEMBER },
  { type: "dashboard (corporate)", path: "/ozet", as: CORPORATE },
  { type: "blog editor (administrator)", path: "/blog/yeni", as: ADMIN },
];

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith("--pages="))?.slice("--pages=".length);
const givenUrl = args.find((a) => !a.startsWith("--"));
const listFiles = args.includes("--files");

async function signIn(base, account) {
  const form = await fetch(`${base}/giris`);
  const csrf = /gb_csrf=([^;]+)/.exec(form.headers.getSetCookie().join("\n"))?.[1];
  const res = await fetch(`${base}/giris`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: `gb_csrf=${csrf}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, ...account }),
  });
  const session = /gb_session=([^;]+)/.exec(res.headers.getSetCookie().join("\n"))?.[1];
  if (!session) throw new Error(`${account.email} could not sign in (${res.status})`);
  const domain = new URL(base).hostname;
  return [
    { name: "gb_session", value: session, domain, path: "/" },
    { name: "gb_csrf", value: csrf, domain, path: "/" },
  ];
}

async function measure(browser, base, path, cookies) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: "gb_consent", value: "1", domain: new URL(base).hostname, path: "/" }, ...(cookies ?? [])]);
  const page = await context.newPage();
  const pending = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(res.body().then((body) => ({ url: res.url(), raw: body.length, gz: gzipSync(body, { level: 6 }).length })).catch(() => null));
  });
  const res = await page.goto(path, { waitUntil: "networkidle" });
  if (!res || res.status() >= 400) throw new Error(`${path}: ${res?.status()}`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
  const files = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  const unique = new Map(files.map((f) => [f.url, f]));
  const sum = (k) => [...unique.values()].reduce((a, f) => a + f[k], 0);
  if (listFiles) {
    for (const f of [...unique.values()].sort((a, b) => b.gz - a.gz)) console.log(`  ${path}  ${(f.gz / 1024).toFixed(1).padStart(6)} KB gz  ${new URL(f.url).pathname}`);
  }
  return { files: unique.size, rawKb: sum("raw") / 1024, gzKb: sum("gz") / 1024 };
}

let site;
let browser;
let failed = false;
try {
  let base = givenUrl;
  if (!base) {
    console.log("Starting the site…");
    site = await startOwnSite();
    base = site.baseUrl;
  }
  // A blog post's address from the demo data (the newest Turkish post).
  const posts = await (await fetch(`${base}/api/v1/blog/posts`)).json();
  const postPath = posts.posts?.[0]?.path;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  const sessions = new Map();
  for (const p of PAGE_TYPES) {
    const path = p.path ?? postPath;
    if (!path || (only && !only.split(/,(?=\/)/).includes(path))) continue;
    let cookies;
    if (p.as) {
      if (!sessions.has(p.as.email)) sessions.set(p.as.email, await signIn(base, p.as));
      cookies = sessions.get(p.as.email);
    }
    const m = await measure(browser, base, path, cookies);
    const pass = m.gzKb <= BUDGET_KB;
    if (!pass) failed = true;
    rows.push({ "page type": p.type, path, files: m.files, "KB raw": +m.rawKb.toFixed(1), "KB gzip": +m.gzKb.toFixed(1), budget: BUDGET_KB, pass });
  }
  console.table(rows);
  const home = rows.find((r) => r["page type"] === "home");
  const post = rows.find((r) => r["page type"] === "blog post");
  if (home && post) {
    const over = post["KB gzip"] - home["KB gzip"];
    console.log(`blog post vs home: ${over >= 0 ? "+" : ""}${over.toFixed(1)} KB gzip (budget +${POST_OVER_HOME_KB} KB): ${over <= POST_OVER_HOME_KB ? "pass" : "FAIL"}`);
    if (over > POST_OVER_HOME_KB) failed = true;
  }
} finally {
  await browser?.close();
  await site?.stop();
}
process.exit(failed ? 1 : 0);
