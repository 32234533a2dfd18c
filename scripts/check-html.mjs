// `npm run check:html`: the W3C HTML checker (vnu-jar, Java) over every page of the production
// build: every sitemap URL (in the language of its URL), the auth and code pages (both languages,
// as a first-time guest with the cookie banner and as someone who has accepted cookies), the
// account and dashboard pages signed in as each demo user, in both languages. Fails on any error
// (`--errors-only`). Run by .ci/run.
//
//   node scripts/check-html.mjs                         starts the site (tests/e2e/site.ts)
//   node scripts/check-html.mjs http://127.0.0.1:3000   checks a site already running there
//                                                       (with the demo users: SEED_DEMO=1)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const VNU = path.join(root, "node_modules/vnu-jar/build/dist/vnu.jar");
const JAVA = process.env.JAVA ?? "java";
const LOCALES = ["tr", "en"];
const DEMO_PASSWORD = "Demo12345!";
const DEMO_USERS = ["demo.admin@genisbant.com.tr", "demo.kurumsal@genisbant.com.tr", "demo.bireysel@genisbant.com.tr"];
/** Pages that are not in the sitemap: forms for guests, pages reached by a mailed code, errors. */
const GUEST_PAGES = [
  "/giris", "/hesap-olustur", "/sifirla/sifre", "/sifirla/sifre/0000invalidcode", "/dogrula/mail/0000invalidcode", "/404", "/no-such-page",
  // Infrastructure query: the tabs, a cascade state, an invalid lookup, a demo flat's answer, an unknown alert link.
  "/internet-altyapi-hiz-sorgulama?sekme=telefon", "/internet-altyapi-hiz-sorgulama?sekme=uavt&uavt=123", "/internet-altyapi-hiz-sorgulama?il=6&ilce=606",
  "/internet-altyapi-hiz-sorgulama/daire/200000000", "/altyapi-uyari/0000invalidlink",
  // Packages: an unknown commitment reminder link.
  "/taahhut-hatirlatma/0000invalidlink",
  // The site search (not indexed, so not in the sitemap): the form, results, a group's page, nothing found, a refused search.
  "/arama", "/arama/fiber", "/arama/veri-merkezi?group=company", "/arama/hpstnig", "/arama?q=ab",
];
/** Pages for a signed-in person (a non-administrator gets the forbidden page on /kullanicilar). */
const ACCOUNT_PAGES = [
  "/kullanici/profil",
  "/teknik-destek/profil",
  "/ayarlar",
  // The commitment reminders and outage alerts tabs.
  "/ayarlar?sekme=hatirlatmalar",
  "/ayarlar?sekme=kesinti-uyarilari",
  "/ozet",
  "/kullanicilar",
  // The company dashboard: an individual member gets the forbidden page, the
  // corporate member the 404 page for a company it does not own, the administrator every page.
  "/isletme/liste",
  "/isletme/yeni-isletme",
  "/isletme/duzenle/1",
  "/isletme/onay",
  // Packages and requests of a company, the same way.
  "/isletme/paketler",
  "/isletme/paketler/liste/1",
  "/isletme/paketler/yeni-paket/1",
  "/isletme/talepler",
  "/isletme/talepler/1",
  "/yorumlar",
  "/yorumlar?sekme=blog",
  "/altyapi-bildirimleri",
  "/internet-hiz-testi/rapor",
];

const cookieHeader = (jar) => Object.entries(jar).map(([k, v]) => `${k}=${v}`).join("; ");
function remember(jar, res) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    jar[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
}

/** Signs in through the login form (CSRF token included) and returns the cookie jar. */
async function signIn(base, email) {
  const jar = {};
  const form = await fetch(`${base}/giris`);
  remember(jar, form);
  const html = await form.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error("no CSRF field on /giris");
  const res = await fetch(`${base}/giris`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin: base },
    body: new URLSearchParams({ csrf, email, password: DEMO_PASSWORD }),
  });
  remember(jar, res);
  if (!jar.gb_session) throw new Error(`signing in as ${email} failed (${res.status})`);
  return jar;
}

async function main() {
  let base = process.argv[2]?.replace(/\/$/, "");
  let site;
  register();
  if (!base) {
    const { startSite } = await import("../tests/e2e/site.ts");
    console.log("Starting the production build…");
    site = await startSite();
    base = site.baseUrl;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "genisbant-html-"));
  try {
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    if (sitemapPaths.length === 0) throw new Error("the sitemap lists no page");
    // A speed test result's share page (not in the sitemap): one stored the way the page stores it.
    const { storeSampleResult } = await import("../tests/e2e/speedtest-sample.ts");
    const resultPage = `/internet-hiz-testi/sonuc/${await storeSampleResult(base)}`;
    const otherPaths = [...new Set([...GUEST_PAGES, resultPage, "/", "/en"])];
    const guestPaths = [...new Set([...sitemapPaths, ...otherPaths])];

    /**
     * [label, path, cookie jar] for every document to check. Every sitemap page once, in the
     * language of its URL, with cookies accepted; the pages outside the sitemap in both languages
     * (the language cookie decides a bare path), with and without the cookie banner (the banner
     * is one component: checking it on every page of the sitemap again would only repeat it).
     */
    const visits = [];
    for (const p of sitemapPaths) {
      const locale = p === "/en" || p.startsWith("/en/") ? "en" : "tr";
      visits.push([`guest ${locale}`, p, { gb_lng: locale, gb_consent: "1" }]);
    }
    for (const locale of LOCALES) {
      for (const consent of [false, true]) {
        const jar = { gb_lng: locale, ...(consent ? { gb_consent: "1" } : {}) };
        for (const p of otherPaths) visits.push([`guest ${locale}${consent ? "" : " (banner)"}`, p, jar]);
      }
      for (const email of DEMO_USERS) {
        const jar = { ...(await signIn(base, email)), gb_lng: locale, gb_consent: "1" };
        for (const p of [...ACCOUNT_PAGES, "/"]) visits.push([`${email.split("@")[0]} ${locale}`, p, jar]);
      }
    }

    const files = new Map();
    for (const [i, [label, p, jar]] of visits.entries()) {
      const res = await fetch(base + p, { headers: { cookie: cookieHeader(jar) }, redirect: "manual" });
      if (res.status >= 300 && res.status < 400) continue; // a redirect has no page to check
      if (!(res.headers.get("content-type") ?? "").startsWith("text/html")) throw new Error(`${p} (${label}) is not HTML`);
      const file = path.join(dir, `${String(i).padStart(4, "0")}.html`);
      writeFileSync(file, await res.text());
      files.set(file, `${p} [${label}, ${res.status}]`);
    }

    console.log(`Checking ${files.size} documents (${guestPaths.length} guest pages, ${ACCOUNT_PAGES.length} account pages × ${DEMO_USERS.length} users, ${LOCALES.length} languages)…`);
    const vnu = spawnSync(JAVA, ["-jar", VNU, "--errors-only", "--format", "gnu", ...files.keys()], { encoding: "utf8", maxBuffer: 64 << 20 });
    if (vnu.error) throw new Error(`could not run ${JAVA}: ${vnu.error.message}`);
    const lines = `${vnu.stdout}${vnu.stderr}`.split("\n").filter((l) => l.trim());
    const errors = lines.map((line) => {
      const file = [...files.keys()].find((f) => line.startsWith(`"file:${f}"`) || line.startsWith(f) || line.includes(f));
      return file ? `${files.get(file)}${line.slice(line.indexOf(file) + file.length).replace(/^"?/, " ")}` : line;
    });
    if (vnu.status !== 0 || errors.length > 0) {
      for (const e of errors) console.error(e);
      console.error(`HTML check FAILED: ${errors.length} error(s) in ${new Set(errors.map((e) => e.split(" [")[0])).size} page(s).`);
      process.exitCode = 1;
    } else {
      console.log(`HTML check passed: no error in ${files.size} documents.`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await site?.stop();
  }
}

await main();
