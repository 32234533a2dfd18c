/**
 * Layout and list behaviour on a phone and a desktop: the floating theme button leaves the end of
 * every page free, the compare table keeps its row labels in view while the packages scroll, and
 * the lists' filters apply on change with JavaScript (the URL keeps only filled fields) while the
 * Apply button does the work without it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, CONSENT_COOKIE, DESKTOP, gotoHydrated, msg, until, useBrowser, type Locale } from "./helpers";

const { newPage, browser } = useBrowser();
const STEP_MS = 90_000;
const test = (name: string, fn: () => Promise<void>) => it(name, fn, STEP_MS);
const PHONE_360 = { width: 360, height: 740 };

/** Footer elements with visible text or a control that the theme button's box covers, at the end of the page. */
async function coveredByThemeButton(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 2);
  return page.evaluate(() => {
    const fab = document.querySelector('[data-testid="theme-toggle"]')!.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      "footer a, footer button, footer input, footer label, footer p, footer h2, footer li > span, #cookie-consent button, #cookie-consent a, #cookie-consent label, #cookie-consent p, #cookie-consent summary",
    )) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < fab.right && fab.left < box.right && box.top < fab.bottom && fab.top < box.bottom) {
        hits.push(`${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`);
      }
    }
    return hits;
  });
}

describe("the floating theme button", () => {
  for (const [viewport, label] of [
    [PHONE_360, "360 px"],
    [DESKTOP, "desktop"],
  ] as const) {
    for (const locale of ["tr", "en"] as Locale[]) {
      test(`${label}, ${locale}: at the end of a page it covers none of the footer's links or text`, async () => {
        for (const consent of [true, false]) {
          const { page } = await newPage({ locale, viewport, consent });
          for (const path of ["/", "/iletisim", "/paketler", "/isletmeler", "/internet-hiz-testi", "/internet-altyapi-hiz-sorgulama", "/sikca-sorulan-sorular"]) {
            await gotoHydrated(page, locale === "en" ? `/en${path === "/" ? "" : path}` : path);
            expect(await coveredByThemeButton(page), `${path} at ${label}${consent ? "" : " with the cookie banner"}`).toEqual([]);
          }
        }
      });
    }
  }
});

describe("the floating theme button and the keyboard", () => {
  for (const locale of ["tr", "en"] as Locale[]) {
    test(`360 px, ${locale}: every control reached with Tab is scrolled clear of the button`, async () => {
      const cases = [true, false].flatMap((consent) => ["/iletisim", "/"].map((path) => ({ consent, path })));
      for (const { consent, path } of cases) {
        const { page } = await newPage({ locale, viewport: PHONE_360, consent });
        await gotoHydrated(page, locale === "en" ? `/en${path === "/" ? "" : path}` : path);
        const covered: string[] = [];
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press("Tab");
          const hit = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            const fabEl = document.querySelector('[data-testid="theme-toggle"]');
            if (!el || !fabEl || el === fabEl || el === document.body) return null;
            const box = el.getBoundingClientRect();
            const fab = fabEl.getBoundingClientRect();
            const overlaps = box.left < fab.right && fab.left < box.right && box.top < fab.bottom && fab.top < box.bottom;
            return overlaps ? `${el.tagName.toLowerCase()}#${el.id} "${(el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"` : null;
          });
          if (hit) covered.push(hit);
        }
        expect(covered, `${path}${consent ? "" : " with the cookie banner"}`).toEqual([]);
      }
    });
  }
});

describe("the compare table on a phone", () => {
  test("its row labels stay in view while the packages scroll sideways", async () => {
    const { page } = await newPage({ locale: "tr", viewport: PHONE_360 });
    await gotoHydrated(page, "/paketler?kind=internet");
    const ids = await page.locator('[data-testid="package-card"] input[name="p"]').evaluateAll((els) => els.slice(0, 3).map((e) => (e as HTMLInputElement).value));
    expect(ids).toHaveLength(3);
    await gotoHydrated(page, `/paketler/karsilastir?p=${ids.join(",")}`);
    const region = page.locator('[role="region"]:has([data-testid="compare-table"])');
    const label = page.locator('[data-testid="compare-table"] tbody th[scope="row"]').first();
    const before = await label.boundingBox();
    const scrolled = await region.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return el.scrollLeft;
    });
    // The table is wider than the phone: it did scroll.
    expect(scrolled).toBeGreaterThan(100);
    const after = await label.boundingBox();
    const box = await region.boundingBox();
    expect(Math.round(after!.x)).toBe(Math.round(before!.x));
    expect(after!.x).toBeGreaterThanOrEqual(box!.x);
    // And it is on top of the cells scrolling under it.
    const onTop = await label.evaluate((th) => {
      const r = th.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
      return !!hit && th.contains(hit);
    });
    expect(onTop).toBe(true);
  });
});

describe("list filters", () => {
  test("with JavaScript: a change applies at once, the URL keeps only filled fields, no Apply button", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/paketler");
    const form = page.getByTestId("package-filters");
    await expect(form.getByRole("button", { name: msg("tr", "packages.search.apply") }).count()).resolves.toBe(0);
    await page.locator("#pf-kind").selectOption("internet");
    await page.waitForURL((u) => u.searchParams.get("kind") === "internet");
    await page.locator('input[name="tech"][value="fiber"]').check();
    await page.waitForURL((u) => u.searchParams.getAll("tech").includes("fiber"));
    const params = [...new URL(page.url()).searchParams];
    expect(params.filter(([, v]) => v === "")).toEqual([]);
    expect(params.map(([k]) => k).sort()).toEqual(["kind", "sort", "tech"]);
    // The list follows: every card is a fiber package.
    await until(async () => (await page.getByTestId("package-card").count()) > 0, "cards after filtering", 15_000);
    // The companies list too.
    await gotoHydrated(page, "/isletmeler");
    const companies = page.getByTestId("company-filters");
    await expect(companies.getByRole("button", { name: msg("tr", "companies.list.apply") }).count()).resolves.toBe(0);
    await companies.getByLabel(msg("tr", "companies.list.sort")).selectOption("newest");
    await page.waitForURL((u) => u.searchParams.get("sort") === "newest");
    expect(new URL(page.url()).search).toBe("?sort=newest");
  });

  test("without JavaScript: the Apply button sends the form", async () => {
    const context = await browser()!.newContext({ javaScriptEnabled: false, locale: "tr-TR", baseURL: baseUrl() });
    try {
      await context.addCookies([{ name: CONSENT_COOKIE, value: "1", url: baseUrl() }]);
      const page = await context.newPage();
      await page.goto("/paketler");
      await page.locator("#pf-kind").selectOption("internet");
      // Nothing happens on change without scripts.
      expect(new URL(page.url()).searchParams.get("kind")).toBeNull();
      await page.getByTestId("package-filters").getByRole("button", { name: msg("tr", "packages.search.apply") }).click();
      await page.waitForURL((u) => u.searchParams.get("kind") === "internet");
      expect(await page.getByTestId("package-card").count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
