/**
 * The company directory in Chromium (issue 10): the lists' filters and sorts with JavaScript off
 * (state in the URL, kept on reload, random order stable on page 2), and the review flow of a
 * signed-in user (invisible until confirmed) and a guest (told to register). Uses the demo
 * catalogue of SEED_DEMO.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, CONSENT_COOKIE, gotoHydrated, msg, until, useBrowser } from "./helpers";

const { newPage, browser } = useBrowser();
const STEP_MS = 60_000;
const test = (name: string, fn: () => Promise<void>) => it(name, fn, STEP_MS);

async function noJsPage() {
  const context = await browser()!.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
  await context.addCookies([{ name: CONSENT_COOKIE, value: "1", url: baseUrl() }]);
  return { context, page: await context.newPage() };
}

const slugs = (page: Page) => page.locator('[data-testid="company-card"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-slug")));

describe("company lists without JavaScript", () => {
  test("the filter form puts sub type and city in the path and the rest in the query; reload and page 2 keep it", async () => {
    const { context, page } = await noJsPage();
    try {
      await page.goto("/isletmeler");
      const form = page.getByTestId("company-filters");
      await form.getByLabel(msg("tr", "companies.list.subType")).selectOption("hosting-ve-sunucu");
      await form.getByLabel(msg("tr", "companies.list.sort")).selectOption("random");
      await form.getByRole("button", { name: msg("tr", "companies.list.apply") }).click();
      await page.waitForURL((u) => u.pathname === "/isletmeler/hosting-ve-sunucu" && u.searchParams.get("sort") === "random");
      const seed = new URL(page.url()).searchParams.get("seed");
      expect(seed).toMatch(/^[a-z0-9]{1,8}$/);
      const first = await slugs(page);
      expect(first.length).toBeGreaterThan(0);
      await page.reload();
      expect(await slugs(page)).toEqual(first);
      // The form shows the state it came from.
      await expect(form.getByLabel(msg("tr", "companies.list.sort")).inputValue()).resolves.toBe("random");
      await expect(form.getByLabel(msg("tr", "companies.list.subType")).inputValue()).resolves.toBe("hosting-ve-sunucu");
      // A city in the same form.
      await form.getByLabel(msg("tr", "companies.list.state")).selectOption("istanbul");
      await form.getByLabel(msg("tr", "companies.list.sort")).selectOption("newest");
      await form.getByRole("button", { name: msg("tr", "companies.list.apply") }).click();
      await page.waitForURL((u) => u.pathname === "/isletmeler/hosting-ve-sunucu/istanbul" && u.search === "?sort=newest");
      await expect(page.locator("h1").innerText()).resolves.toContain("İstanbul");
      // A shared link opens the same list.
      const shared = await (await context.newPage()).goto(page.url());
      expect(shared?.status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  test("random order on page 2 continues page 1 with the same seed", async () => {
    const { context, page } = await noJsPage();
    try {
      await page.goto("/isletmeler?sort=random&seed=e2e1");
      const p1 = await slugs(page);
      expect(p1).toHaveLength(20);
      await page.getByRole("link", { name: msg("tr", "companies.list.next") }).click();
      await page.waitForURL((u) => u.searchParams.get("page") === "2" && u.searchParams.get("seed") === "e2e1");
      const p2 = await slugs(page);
      expect(p2.length).toBeGreaterThan(0);
      expect(p2.filter((s) => p1.includes(s))).toEqual([]);
      await page.goto("/isletmeler?sort=random&seed=e2e1");
      expect(await slugs(page)).toEqual(p1);
    } finally {
      await context.close();
    }
  });
});

describe("reviews", () => {
  test("a guest is told to register", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, "/en/kablolu-internet/pusula-fiber-demo");
    await expect(page.getByTestId("review-guest").innerText()).resolves.toContain(msg("en", "companies.review.guest"));
    await expect(page.getByTestId("demo-notice").count()).resolves.toBe(1);
  });

  test("a signed-in user's review waits for moderation and is not shown", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/giris");
    const main = page.locator("main");
    await main.getByLabel(msg("tr", "auth.fields.email"), { exact: true }).fill("demo.bireysel@genisbant.com.tr");
    await main.getByLabel(msg("tr", "auth.fields.password"), { exact: true }).fill("Demo12345!");
    await main.getByRole("button", { name: msg("tr", "auth.login.submit"), exact: true }).click();
    await page.waitForURL((u) => u.pathname !== "/giris");
    await gotoHydrated(page, "/veri-merkezi/yakamoz-veri-merkezi-demo");
    const title = `E2E yorum ${Date.now()}`;
    await page.getByLabel(msg("tr", "companies.review.title")).fill(title);
    await page.getByLabel(msg("tr", "companies.review.body")).fill("Tarayıcıdan yazılmış bir deneme yorumu.");
    await page.getByLabel(msg("tr", "companies.review.score")).selectOption("4");
    await page.getByRole("button", { name: msg("tr", "companies.review.submit") }).click();
    await until(async () => (await page.getByText(msg("tr", "companies.review.saved")).count()) > 0, "the saved message shows", 15_000);
    await page.reload();
    await expect(page.getByTestId("reviews").locator('[data-testid="review"]', { hasText: title }).count()).resolves.toBe(0);
    await expect(page.getByText(msg("tr", "companies.review.pendingOwn")).count()).resolves.toBe(1);
  });
});
