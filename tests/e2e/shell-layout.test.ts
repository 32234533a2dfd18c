// The shell's layout on phones and wide screens: the header fits a
// 360 px phone, the footer's link columns hold their words at 1024-1440 px, the cookie banner
// stays compact on a phone and hides nothing for good, and no placeholder store link is shown.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { gotoHydrated, msg, useBrowser, type Locale } from "./helpers";

const { newPage } = useBrowser();
const PHONE_360 = { width: 360, height: 780 };
const PHONE_390 = { width: 390, height: 844 };

describe("header on a 360 px phone", () => {
  for (const locale of ["tr", "en"] as Locale[]) {
    test(`${locale}: the page is no wider than the screen and every header button is fully on it`, async () => {
      const { page } = await newPage({ locale, viewport: PHONE_360 });
      for (const path of ["/", "/iletisim"]) {
        await gotoHydrated(page, path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} page width`).toBeLessThanOrEqual(PHONE_360.width);
        const outside = await page.$$eval("header a, header button", (els) =>
          els
            .map((el) => ({ label: el.getAttribute("aria-label") ?? el.textContent?.trim(), box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > document.documentElement.clientWidth))
            .map(({ label, box }) => `${label} ${Math.round(box.left)}-${Math.round(box.right)}`),
        );
        expect(outside, `${path}: header controls cut off`).toEqual([]);
        await expect(page.getByRole("button", { name: msg(locale, "nav.openMenu") }).isVisible()).resolves.toBe(true);
      }
    });
  }
});

/** Pairs of footer columns whose boxes overlap, and texts wider than their column. */
async function footerProblems(page: Page) {
  return page.$$eval("footer [data-footer-column]", (columns) => {
    const boxes = columns.map((c) => c.getBoundingClientRect());
    const problems: string[] = [];
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b, j) => {
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) problems.push(`columns ${i} and ${i + 1 + j} overlap`);
      }),
    );
    columns.forEach((column, i) => {
      const box = boxes[i];
      for (const el of column.querySelectorAll<HTMLElement>("h2, a")) {
        // A text node's own extent: a range around it, not the inline box it may overflow.
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        if (r.right > box.right + 0.5 || r.left < box.left - 0.5) problems.push(`"${el.textContent}" runs out of column ${i}`);
      }
    });
    return problems;
  });
}

describe("footer columns", () => {
  for (const width of [1024, 1280, 1440]) {
    test(`${width} px: the link columns do not overlap and every word stays in its column (tr and en)`, async () => {
      for (const locale of ["tr", "en"] as Locale[]) {
        const { page } = await newPage({ locale, viewport: { width, height: 900 } });
        await gotoHydrated(page, "/hakkimizda");
        expect(await page.locator("footer [data-footer-column]").count()).toBe(4);
        expect(await footerProblems(page), `${locale} at ${width} px`).toEqual([]);
      }
    });
  }
});

describe("cookie banner on a phone", () => {
  test("compact, everything it covers scrolls clear of it, open menus stay above it, no ad script before consent", async () => {
    const adRequests: string[] = [];
    const { page, context } = await newPage({ consent: false, viewport: PHONE_390 });
    page.on("request", (r) => {
      if (/googlesyndication|doubleclick|adsbygoogle/.test(r.url())) adRequests.push(r.url());
    });
    await gotoHydrated(page, "/");
    const banner = page.getByTestId("cookie-consent");
    const box = (await banner.boundingBox())!;
    expect(box.height / PHONE_390.height, "share of the screen the banner takes").toBeLessThanOrEqual(0.3);

    // Scrolled to the end, the footer's last controls sit above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    for (const target of [
      page.locator("footer").getByLabel(msg("tr", "newsletter.consent")),
      page.locator("footer").getByRole("link", { name: msg("tr", "languages.en") }),
      page.locator("footer nav a").last(),
    ]) {
      const r = (await target.boundingBox())!;
      const top = (await banner.boundingBox())!.y;
      expect(r.y + r.height, "bottom of a footer control vs. top of the banner").toBeLessThanOrEqual(top);
    }

    // An open menu and its overlay are above the banner.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: msg("tr", "nav.openMenu") }).click();
    await page.locator("#mobile-menu").waitFor({ state: "visible" });
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute("data-testid"), {
      x: box.x + 20,
      y: box.y + box.height / 2,
    });
    expect(onTop).toBe("menu-overlay");
    await page.keyboard.press("Escape");

    // "Save my choice" without ticking AdSense: consent kept, advertising refused.
    await banner.getByRole("button", { name: msg("tr", "consent.save") }).click();
    await banner.waitFor({ state: "detached", timeout: 3000 });
    const jar = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(jar.gb_consent).toBe("1");
    expect(jar.gb_ads).toBe("0");
    expect(adRequests).toEqual([]);
  });

  test("the banner's services: AdSense optional and unticked, the other four named as required; no readonly box", async () => {
    const { page, context } = await newPage({ consent: false, locale: "en" });
    await gotoHydrated(page, "/");
    const banner = page.getByTestId("cookie-consent");
    const boxes = await banner.locator("input[type=checkbox]").evaluateAll((els) =>
      els.map((el) => ({ id: el.id, checked: (el as HTMLInputElement).checked, readonly: el.hasAttribute("readonly"), disabled: el.hasAttribute("disabled") })),
    );
    expect(boxes).toEqual([{ id: "consent-adsense", checked: false, readonly: false, disabled: false }]);
    const text = await banner.innerText();
    for (const s of ["cloudflare", "ip-address", "user-agent", "cookies"]) expect(text).toContain(msg("en", `consent.services.${s}`));
    expect(text).toContain(msg("en", "consent.optional"));

    await banner.getByRole("button", { name: msg("en", "consent.acceptAll") }).click();
    await banner.waitFor({ state: "detached", timeout: 3000 });
    const jar = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect([jar.gb_consent, jar.gb_ads]).toEqual(["1", "1"]);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("gb.consent")))!) as { services: string[] };
    expect(stored.services).toContain("adsense");
  });
});

describe("store and social links", () => {
  test("no placeholder App Store listing is linked; every store and social link has a real target", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/");
    const hrefs = await page.$$eval("footer a[href^='http']", (links) => links.map((a) => a.getAttribute("href")!));
    expect(hrefs.some((h) => h.includes("id0000000000"))).toBe(false);
    expect(hrefs.every((h) => /^https:\/\/[^/]+\/\S+/.test(h))).toBe(true);
    // The App Store and AppGallery badges, without a listing yet, are text rather than links.
    await expect(page.locator("footer [aria-disabled=true]").allInnerTexts()).resolves.toEqual([msg("tr", "footer.appStoreSoon"), msg("tr", "footer.appGallery")]);
  });
});
