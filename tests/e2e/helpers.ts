// Shared browser plumbing of the end-to-end tests: one Chromium per test file, pages with the
// preference cookies set, and a collector that fails the test on any console error, uncaught
// page error or failed same-origin request (unless the test declared that answer on purpose).

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { createRequire } from "node:module";
import type { AxeResults, Result as AxeResult } from "axe-core";
import { chromium, type Browser, type BrowserContext, type Cookie, type Page, type Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject, it } from "vitest";

export type Locale = "tr" | "en";
export type Theme = "light" | "dark";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

export const LOCALE_COOKIE = "gb_lng";
export const THEME_COOKIE = "gb_theme";
export const CONSENT_COOKIE = "gb_consent";

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** The interface text of a locale key (one helper for both suites). */
export { msg } from "../helpers/messages";

export function baseUrl(): string {
  return inject("baseUrl");
}

export function url(pathname: string): string {
  return new URL(pathname, baseUrl()).href;
}

/** An answer of the site that a test provokes on purpose (a 404 document, a refused upload). */
export interface AllowedResponse {
  status: number;
  /** Path of the request; its data request (`<path>.data`) and its English twin (`/en<path>`) match too. */
  path: string | RegExp;
  method?: string;
}

export interface PageOptions {
  locale?: Locale;
  theme?: Theme;
  /** true: the consent cookie is set and the banner stays hidden. Default true. */
  consent?: boolean;
  viewport?: { width: number; height: number };
  allow?: AllowedResponse[];
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Declares one more deliberate answer for this page. */
  allow(rule: AllowedResponse): void;
  /** What went wrong so far (console errors, page errors, failed requests). */
  problems: string[];
}

function pathMatches(rule: AllowedResponse, pathname: string): boolean {
  const page = pathname.replace(/\.data$/, "");
  // A rule for a Turkish path covers its English twin under /en too.
  const twin = page === "/en" ? "/" : page.replace(/^\/en(?=\/)/, "");
  const candidates = [pathname, page, twin, pathname === "/_root.data" ? "/" : pathname];
  return candidates.some((p) => (typeof rule.path === "string" ? p === rule.path : rule.path.test(p)));
}

/**
 * Registers the browser hooks of one test file and returns its page factory. Every page made in
 * a test is checked and closed after that test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  let open: TestPage[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    const pages = open;
    open = [];
    const problems = pages.flatMap((p) => p.problems);
    await Promise.all(pages.map((p) => p.context.close().catch(() => undefined)));
    if (problems.length) {
      throw new Error(`The browser reported ${problems.length} problem(s):\n  - ${problems.join("\n  - ")}`);
    }
  });

  async function newPage(opts: PageOptions = {}): Promise<TestPage> {
    if (!browser) throw new Error("browser not launched");
    const { locale = "tr", theme = "light", consent = true, viewport = DESKTOP } = opts;
    const base = baseUrl();
    const origin = new URL(base).origin;
    const context = await browser.newContext({ viewport, baseURL: base, locale: locale === "en" ? "en-US" : "tr-TR" });
    const cookies: { name: string; value: string; url: string }[] = [
      { name: LOCALE_COOKIE, value: locale, url: base },
      { name: THEME_COOKIE, value: theme, url: base },
    ];
    if (consent) cookies.push({ name: CONSENT_COOKIE, value: "1", url: base });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const allowed: AllowedResponse[] = [...(opts.allow ?? [])];
    const problems: string[] = [];
    const requestsByUrl = new Map<string, string>();
    const isAllowed = (status: number, method: string, href: string) => {
      const u = new URL(href);
      return allowed.some((r) => r.status === status && (!r.method || r.method === method) && pathMatches(r, u.pathname));
    };

    page.on("console", (m) => {
      if (m.type() !== "error") return;
      const where = m.location().url;
      // Chromium logs every 4xx/5xx resource; a deliberate one is allowed with its response.
      const failed = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(m.text());
      if (failed && where && where.startsWith(origin)) {
        if (isAllowed(Number(failed[1]), requestsByUrl.get(where) ?? "GET", where)) return;
      }
      problems.push(`console.error: ${m.text()}${where ? ` (at ${where}:${m.location().lineNumber})` : ""}`);
    });
    page.on("pageerror", (err) => problems.push(`page error: ${err.stack ?? err.message}`));
    // A blocked script, style or eval probe is a problem too (Chromium does not log a caught one).
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`),
      ),
    );
    page.on("request", (r) => requestsByUrl.set(r.url(), r.method()));
    page.on("requestfailed", (r) => {
      if (!r.url().startsWith(origin)) return;
      const error = r.failure()?.errorText ?? "unknown";
      // A request cut short because the page moved on (a reload, a navigation) is not a failure.
      if (error === "net::ERR_ABORTED") return;
      problems.push(`request failed: ${r.method()} ${r.url()} (${error})`);
    });
    page.on("response", (res: Response) => {
      if (!res.url().startsWith(origin) || res.status() < 400) return;
      const method = res.request().method();
      if (isAllowed(res.status(), method, res.url())) return;
      const at = problems.push(`HTTP ${res.status()} for ${method} ${res.url()} (${res.request().resourceType()})`) - 1;
      // What the server said, so a failure in CI names its cause (a refusal's message, a field's error).
      res
        .text()
        .then((body) => {
          if (body) problems[at] += `: ${body.replace(/\s+/g, " ").slice(0, 600)}`;
        })
        .catch(() => undefined);
    });

    const tp: TestPage = { page, context, problems, allow: (rule) => void allowed.push(rule) };
    open.push(tp);
    return tp;
  }

  return { newPage, browser: () => browser };
}

/**
 * Opens a path and waits until React has hydrated the document and the network has settled, so
 * that clicks reach the app's handlers rather than the server-rendered fallbacks.
 */
export async function gotoHydrated(page: Page, pathname: string): Promise<Response | null> {
  const res = await page.goto(pathname, { waitUntil: "load" });
  await waitForHydration(page);
  return res;
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="theme-toggle"]');
      return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps$"));
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState("networkidle");
}

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe violations of impact serious or critical. */
export async function seriousAxeViolations(page: Page): Promise<AxeResult[]> {
  // A page change fades in (180 ms): colours measured mid-fade are the faded ones, so axe waits
  // until no finite animation runs. After a client-side navigation the URL can change a frame
  // before the new page (and its fade) is committed, so the page first lets two frames pass, and
  // then waits for every finite animation, twice over in case one started meanwhile.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 2; round++) {
      await frame();
      await frame();
      const finite = document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
      await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
  });
  // axe runs in the page itself, injected once per document: @axe-core/playwright's analyze()
  // runs each frame apart and finishes in a page of its own, 3.5× the time on a list page (3.5 s
  // against 1.0 s), and the swept pages have no frames (the video facade makes its frame on a
  // click). Only violations are wanted: axe then skips gathering every passing node.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    AXE_TAGS,
  );
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

export function formatAxe(violations: AxeResult[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `      target ${JSON.stringify(n.target)}\n        ${(n.failureSummary ?? "").replace(/\n/g, "\n        ")}`)
        .join("\n");
      const more = v.nodes.length > 8 ? `\n      … and ${v.nodes.length - 8} more node(s)` : "";
      return `  ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n");
}

export async function htmlHasDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains("dark"));
}

/** Waits for `fn` to return true (polling), failing with `message` after `timeout` ms. */
export async function until(fn: () => Promise<boolean> | boolean, message: string, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > end) throw new Error(`Timed out after ${timeout} ms: ${message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A valid 1×1 PNG made here (signature, IHDR, IDAT, IEND with real CRCs). */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  // compression, filter, interlace: 0
  // One scanline: filter byte 0, then R G B.
  const idat = deflateSync(Buffer.from([0, 0x1e, 0x40, 0xaf]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Steps of one story (a describe whose tests build on each other): once a step fails, the later
 * ones are skipped instead of failing for the same reason.
 */
export function storySteps(state: { broken: boolean }, stepMs: number) {
  return function step(name: string, fn: () => Promise<void>, timeout = stepMs) {
    it(name, async (ctx) => {
      if (state.broken) ctx.skip();
      ctx.onTestFailed(() => {
        state.broken = true;
      });
      await fn();
    }, timeout);
  };
}

/**
 * The session and CSRF cookies of an account for the browser, signed in through the login form
 * (no JavaScript needed) once per suite run and reused by every test file: the login form takes 20
 * attempts per address in 15 minutes (LOGIN_IP_LIMIT), and the suite, all from 127.0.0.1, needs
 * far more sessions than that. A kept session that has ended (a test signed it out) is replaced.
 */
export async function sessionCookies(account: { email: string; password: string }): Promise<Cookie[]> {
  const base = baseUrl();
  const file = path.join(tmpdir(), `genisbant-e2e-sessions-${new URL(base).port}.json`);
  const kept = (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, { session: string; csrf: string }>) : {})[account.email];
  let signedIn: { session: string; csrf: string } | undefined = kept;
  if (kept) {
    const me = await fetch(`${base}/api/v1/me`, { headers: { cookie: `gb_session=${kept.session}` } });
    if (me.status !== 200) signedIn = undefined;
  }
  if (!signedIn) {
    const form = await fetch(`${base}/giris`);
    const csrf = /gb_csrf=([^;]+)/.exec(form.headers.getSetCookie().join("\n"))?.[1];
    if (!csrf) throw new Error("no CSRF cookie on /giris");
    const res = await fetch(`${base}/giris`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `gb_csrf=${csrf}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, ...account }),
    });
    const session = /gb_session=([^;]+)/.exec(res.headers.getSetCookie().join("\n"))?.[1];
    if (res.status !== 302 || !session) throw new Error(`${account.email} could not sign in (${res.status})`);
    signedIn = { session, csrf };
    const all = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    writeFileSync(file, JSON.stringify({ ...all, [account.email]: signedIn }));
  }
  const domain = new URL(base).hostname;
  return [
    { name: "gb_session", value: signedIn.session, domain, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" },
    { name: "gb_csrf", value: signedIn.csrf, domain, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" },
  ];
}
