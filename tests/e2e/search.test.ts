/**
 * The site search in Chromium: typing in the overlay shows suggestions (a combobox with its
 * listbox, announced), the arrow keys choose one and Enter opens it, Escape closes the overlay;
 * Enter without a choice goes to the results. The results page's form works without JavaScript
 * (its target sends on to the results), a group's show-more link lists the group alone. axe finds
 * nothing serious on the results page in both themes and languages, and nothing scrolls sideways
 * at 360 px. Uses the demo data of SEED_DEMO.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, formatAxe, gotoHydrated, msg, seriousAxeViolations, useBrowser, type Locale, type Theme } from "./helpers";

const { newPage, browser } = useBrowser();
const test = (name: string, fn: () => Promise<void>) => it(name, fn, 90_000);

async function noOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, "no sideways scroll").toBeLessThanOrEqual(widths.client);
}

describe("the overlay's suggestions", () => {
  test("typing shows suggestions; arrow keys choose, Enter opens the company; Escape closes", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/");
    await page.keyboard.press("/");
    const box = page.getByRole("combobox", { name: msg("tr", "search.label") });
    await box.waitFor();
    await box.focus();
    await page.keyboard.type("pusula fib", { delay: 30 });
    const list = page.locator("#search-suggestions");
    await expect(list.getAttribute("role")).resolves.toBe("listbox");
    await expect(list.getAttribute("aria-label")).resolves.toBe(msg("tr", "searchResults.suggestions"));
    await list.getByRole("option").first().waitFor();
    await expect(box.getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(list.getByRole("option").first().innerText()).resolves.toContain("Pusula Fiber Demo");
    await page.keyboard.press("ArrowDown");
    await expect(box.getAttribute("aria-activedescendant")).resolves.toBe("search-suggestion-0");
    await expect(list.getByRole("option").first().getAttribute("aria-selected")).resolves.toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/kablolu-internet/pusula-fiber-demo");
    // The router changes the address first, then the page.
    await page.locator("h1", { hasText: "Pusula Fiber Demo" }).waitFor();

    // Escape closes the overlay, whatever it shows.
    await page.keyboard.press("/");
    await box.waitFor();
    await box.focus();
    await page.keyboard.type("kumru", { delay: 30 });
    await list.getByRole("option").first().waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
  });

  test("Enter without a choice goes to the results, in English too", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, "/en");
    await page.getByRole("button", { name: msg("en", "nav.openSearch"), exact: true }).click();
    const box = page.getByRole("combobox", { name: msg("en", "search.label") });
    await box.waitFor();
    await box.fill("data center");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/en/arama/data-center");
    await page.getByTestId("search-group-company").getByTestId("search-hit").first().waitFor();
    await expect(page.getByTestId("search-group-post").innerText()).resolves.toContain("Data center tiers");
  });
});

describe("the results page", () => {
  test("without JavaScript: the form sends on to the results; show more lists a group alone", async () => {
    const context = await browser()!.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    try {
      await context.addCookies([{ name: "gb_consent", value: "1", url: baseUrl() }]);
      const page = await context.newPage();
      await page.goto("/arama");
      const form = page.getByTestId("search-page-form");
      await form.getByLabel(msg("tr", "searchResults.formLabel")).fill("kırlangıç");
      await form.getByRole("button", { name: msg("tr", "searchResults.formSubmit") }).click();
      await page.waitForURL((u) => u.pathname === "/arama/kirlangic");
      // The words shown in their Turkish form.
      await expect(page.locator("h1").innerText()).resolves.toContain("kırlangıç");
      const packages = page.getByTestId("search-group-package");
      await expect(packages.getByTestId("search-hit").count()).resolves.toBe(5);
      await packages.getByRole("link", { name: new RegExp(msg("tr", "searchResults.groups.package")) }).last().click();
      await page.waitForURL((u) => u.pathname === "/arama/kirlangic" && u.searchParams.get("group") === "package");
      expect(await page.getByTestId("search-hit").count()).toBeGreaterThan(5);
      // A refused search: the page with its message.
      await page.goto("/arama");
      await form.getByLabel(msg("tr", "searchResults.formLabel")).fill("ab");
      await form.getByRole("button", { name: msg("tr", "searchResults.formSubmit") }).click();
      await page.getByText(msg("tr", "validation.search.min", { min: 3 })).waitFor();
    } finally {
      await context.close();
    }
  });

  test("with JavaScript: the page's form goes to the results, nothing found says so and offers a near word", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/arama/fiber");
    const form = page.getByTestId("search-page-form");
    await form.getByLabel(msg("tr", "searchResults.formLabel")).fill("kolokazyno");
    await form.getByRole("button", { name: msg("tr", "searchResults.formSubmit") }).click();
    await page.waitForURL((u) => u.pathname === "/arama/kolokazyno");
    // Two typos in a 10-letter word are found; two in a 7-letter word are one too many, and the
    // page offers the word near it.
    await page.getByTestId("search-group-company").getByTestId("search-hit").first().waitFor();
    await gotoHydrated(page, "/arama/hpstnig");
    await page.getByText(msg("tr", "searchResults.didYouMean")).waitFor();
    await page.getByRole("link", { name: "hosting", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/arama/hosting");
    await page.getByTestId("search-group-company").getByTestId("search-hit").first().waitFor();
    await gotoHydrated(page, "/arama/hpstnig");
    for (const kind of ["company", "post", "package"]) await page.getByText(msg("tr", `searchResults.notFound.${kind}`)).waitFor();
  });

  for (const [locale, theme] of [["tr", "light"], ["en", "dark"], ["tr", "dark"], ["en", "light"]] as [Locale, Theme][]) {
    test(`axe finds nothing serious (${locale}, ${theme}); no sideways scroll at 360 px`, async () => {
      const { page } = await newPage({ locale, theme, viewport: { width: 360, height: 740 }, allow: [{ status: 400, path: "/arama" }] });
      const prefix = locale === "en" ? "/en" : "";
      for (const path of [`${prefix}/arama/fiber`, `${prefix}/arama/veri-merkezi?group=company`, `${prefix}/arama/qwxzv`, `${prefix}/arama`, `${prefix}/arama?q=ab`]) {
        if (path.endsWith("q=ab")) await page.goto(path);
        else await gotoHydrated(page, path);
        expect(await seriousAxeViolations(page).then(formatAxe), path).toBe("");
        await noOverflow(page);
      }
      // The overlay with its suggestions open.
      await page.keyboard.press("/");
      const box = page.getByRole("combobox");
      await box.waitFor();
      await box.focus();
      await page.keyboard.type("hosting", { delay: 20 });
      await page.getByRole("listbox").getByRole("option").first().waitFor();
      expect(await seriousAxeViolations(page).then(formatAxe), "overlay").toBe("");
      await noOverflow(page);
    });
  }
});
