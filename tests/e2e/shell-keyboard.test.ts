// The shell by keyboard alone (WCAG 2.2 AA): the cookie banner never hides
// the focused element and hands focus on when accepted, disclosure menus close on Escape and on
// tabbing out with focus back on their button, the search overlay keeps every typed character
// and closes on Escape, and a page change moves focus to the new page and announces it.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, gotoHydrated, MOBILE, msg, until, useBrowser } from "./helpers";

const { newPage } = useBrowser();

/** What has focus: tag, id, its text, and whether it is inside the banner or the main landmark. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      id: el?.id ?? "",
      text: el?.textContent?.trim().slice(0, 60) ?? "",
      inBanner: !!el?.closest("#cookie-consent"),
      inMain: !!el?.closest("#main"),
    };
  });

/** The focused element's box overlaps the banner's (0 when it is the banner's own). */
const overlapWithBanner = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const banner = document.getElementById("cookie-consent");
    if (!el || !banner || banner.contains(el) || el === document.body) return 0;
    const a = el.getBoundingClientRect();
    const b = banner.getBoundingClientRect();
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    return h > 0 && w > 0 ? h * w : 0;
  });

describe("cookie banner by keyboard", () => {
  for (const [name, viewport] of [["desktop 1280 px", DESKTOP], ["phone 390 px", MOBILE]] as const) {
    test(`${name}: the banner comes first in Tab order, no Tab stop is hidden behind it, accepting moves focus to the page`, async () => {
      const { page } = await newPage({ consent: false, viewport });
      await gotoHydrated(page, "/");
      await page.getByTestId("cookie-consent").waitFor({ state: "visible" });

      await page.keyboard.press("Tab");
      expect((await focused(page)).inBanner, "the first Tab stop is in the banner").toBe(true);

      // Walk 90 Tab stops (the whole page and round again): none is covered by the banner.
      const hidden: string[] = [];
      for (let i = 0; i < 90; i++) {
        await page.keyboard.press("Tab");
        if ((await overlapWithBanner(page)) > 0) hidden.push(JSON.stringify(await focused(page)));
      }
      expect(hidden, "Tab stops hidden behind the banner").toEqual([]);

      // Back to the banner's "Accept all" and press Enter: the banner goes, focus lands on the page's heading.
      await page.locator("#cookie-consent").getByRole("button", { name: msg("tr", "consent.acceptAll") }).focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("cookie-consent").waitFor({ state: "detached", timeout: 3000 });
      await until(async () => (await focused(page)).tag === "h1", "focus on the page's h1 after accepting", 2000);
      expect(await focused(page)).toMatchObject({ tag: "h1", inMain: true, text: msg("tr", "home.title") });
    });
  }
});

describe("disclosure menus by keyboard", () => {
  const menus = [
    { viewport: DESKTOP, button: msg("tr", "nav.language", { code: "TR" }), panel: "#language-menu" },
    { viewport: DESKTOP, button: msg("tr", "nav.userMenu"), panel: "#user-menu" },
    { viewport: MOBILE, button: msg("tr", "nav.openMenu"), panel: "#mobile-menu" },
  ];
  for (const { viewport, button, panel } of menus) {
    test(`${panel}: a disclosure button; Escape inside closes it and returns focus; tabbing past its end closes it`, async () => {
      const { page } = await newPage({ viewport });
      await gotoHydrated(page, "/iletisim");
      const opener = page.locator("header").getByRole("button", { name: button, exact: true });
      await expect(opener.getAttribute("aria-haspopup")).resolves.toBeNull();
      await expect(opener.getAttribute("aria-expanded")).resolves.toBe("false");

      await opener.focus();
      await page.keyboard.press("Enter");
      await page.locator(panel).waitFor({ state: "visible" });
      expect(await page.locator("header button[aria-expanded=true]").count()).toBe(1);
      await page.keyboard.press("Tab");
      expect(await page.evaluate((sel) => !!document.activeElement?.closest(sel), panel), "Tab goes into the open panel").toBe(true);
      await page.keyboard.press("Escape");
      await page.locator(panel).waitFor({ state: "detached", timeout: 3000 });
      expect(await opener.evaluate((el) => el === document.activeElement), "focus back on the menu's button").toBe(true);
      await expect(opener.getAttribute("aria-expanded")).resolves.toBe("false");

      // Open again and Tab through every item and one step beyond: the menu closes.
      await page.keyboard.press("Enter");
      await page.locator(panel).waitFor({ state: "visible" });
      const items = await page.locator(`${panel} a, ${panel} button`).count();
      for (let i = 0; i <= items; i++) await page.keyboard.press("Tab");
      await page.locator(panel).waitFor({ state: "detached", timeout: 3000 });
      await expect(page.getByTestId("menu-overlay").count()).resolves.toBe(0);
      expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    });
  }
});

describe("search overlay by keyboard", () => {
  const dialogOpen = (page: Page) => page.evaluate(() => !!document.querySelector("dialog[open]"));

  test("'/' opens it without landing in the box; keys typed at once are kept; Escape closes it with text in the box", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/iletisim");
    // No pause: "/" and the next keys within the first 100 ms after opening.
    await page.keyboard.press("/");
    await page.keyboard.type("Türk", { delay: 10 });
    await until(() => dialogOpen(page), "search dialog open", 3000);
    await until(() => page.evaluate(() => document.activeElement?.id === "search-input"), "search box focused", 2000);
    await expect(page.locator("#search-input").inputValue()).resolves.toBe("Türk");
    await page.keyboard.type(" Telekom");
    await expect(page.locator("#search-input").inputValue()).resolves.toBe("Türk Telekom");

    await page.keyboard.press("Escape");
    await until(async () => !(await dialogOpen(page)), "dialog closed by one Escape with text in the box", 2000);

    // Opened again after the focus delay: the box holds nothing typed by the opening key.
    await page.keyboard.press("/");
    await until(() => dialogOpen(page), "search dialog open again", 3000);
    await until(() => page.evaluate(() => document.activeElement?.id === "search-input"), "search box focused", 2000);
    await page.waitForTimeout(200);
    await expect(page.locator("#search-input").inputValue()).resolves.not.toContain("/");
  });
});

describe("focus after a page change", () => {
  test("following a footer link by keyboard moves focus to the new page's heading and announces its title", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, "/sikca-sorulan-sorular");
    await page.locator("footer").getByRole("link", { name: msg("en", "pages.contact"), exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/en/iletisim", { timeout: 10_000 });
    await until(async () => (await focused(page)).tag === "h1", "focus on the new page's h1", 3000);
    expect(await focused(page)).toMatchObject({ tag: "h1", inMain: true });
    const title = await page.title();
    await until(async () => (await page.getByTestId("route-announcer").innerText()) === title, "the live region says the new title", 3000);
    await expect(page.getByTestId("route-announcer").getAttribute("aria-live")).resolves.toBe("polite");
    // The heading is at the top of the visible page, not off-screen.
    const top = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(MOBILE.height);
  });
});
