// English at its own URLs: the language menu moves between a page's Turkish and /en
// URL (with JavaScript, and the footer's selector without it), and links on an English page
// stay under /en as client-side navigations.
import { describe, expect, test } from "vitest";
import { baseUrl, CONSENT_COOKIE, gotoHydrated, LOCALE_COOKIE, msg, useBrowser, waitForHydration } from "./helpers";

const { newPage, browser } = useBrowser();

const pathAndQuery = (href: string) => {
  const u = new URL(href);
  return u.pathname + u.search;
};

describe("language URLs in the browser", () => {
  test("the language menu switches between /sikca-sorulan-sorular and /en/sikca-sorulan-sorular, query kept", async () => {
    const { page, context } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/sikca-sorulan-sorular?ref=e2e");
    await page.getByRole("button", { name: msg("tr", "nav.language", { code: "TR" }) }).click();
    await page.locator('#language-menu a[lang="en"]').click();
    await page.waitForURL((u) => u.pathname === "/en/sikca-sorulan-sorular", { timeout: 15_000 });
    await waitForHydration(page);
    expect(pathAndQuery(page.url())).toBe("/en/sikca-sorulan-sorular?ref=e2e");
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
    await expect(page.locator("h1").innerText()).resolves.toBe("Frequently asked questions");
    expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe("en");

    await page.getByRole("button", { name: msg("en", "nav.language", { code: "EN" }) }).click();
    await page.locator('#language-menu a[lang="tr"]').click();
    await page.waitForURL((u) => u.pathname === "/sikca-sorulan-sorular", { timeout: 15_000 });
    await waitForHydration(page);
    expect(pathAndQuery(page.url())).toBe("/sikca-sorulan-sorular?ref=e2e");
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("tr");
    expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe("tr");
  });

  test("without JavaScript the footer's language selector moves between the two URLs", async () => {
    const context = await browser()!.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    await context.addCookies([{ name: CONSENT_COOKIE, value: "1", url: baseUrl() }]);
    try {
      const page = await context.newPage();
      await page.goto("/sikca-sorulan-sorular");
      const footer = page.locator("footer");
      await footer.getByRole("link", { name: msg("tr", "languages.en") }).click();
      await page.waitForURL((u) => u.pathname === "/en/sikca-sorulan-sorular");
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
      expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe("en");
      // The remembered choice: a bare path now opens in English.
      await page.goto("/hakkimizda");
      expect(new URL(page.url()).pathname).toBe("/en/hakkimizda");
      await footer.getByRole("link", { name: msg("en", "languages.tr") }).click();
      await page.waitForURL((u) => u.pathname === "/hakkimizda");
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("tr");
    } finally {
      await context.close();
    }
  });

  test("a link on an English page leads to the English page, without reloading the document", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, "/en/iletisim");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator("footer").getByRole("link", { name: msg("en", "pages.about"), exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/en/hakkimizda");
    await page.locator("h1", { hasText: "About us" }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
    const hrefs = await page.locator("header nav a, footer a[data-discover]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(10);
    expect(hrefs.filter((h) => !h.startsWith("/en"))).toEqual([]);
  });
});
