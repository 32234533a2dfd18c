/**
 * The company directory in Chromium: the lists' filters and sorts with JavaScript off
 * (state in the URL, kept on reload, random order stable on page 2), and the review flow: a guest
 * told to register, a signed-in user's review invisible until an administrator confirms it on
 * /yorumlar, then the score and the count (singular/plural) changed. Uses the demo catalogue of
 * SEED_DEMO.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localizePath, paths } from "../../common/paths";
import { baseUrl, CONSENT_COOKIE, formatAxe, gotoHydrated, msg, seriousAxeViolations, sessionCookies, storySteps, until, useBrowser } from "./helpers";

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
      await page.getByRole("link", { name: msg("tr", "pagination.next") }).click();
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

/**
 * The review story on a demo company with one confirmed demo review (a 5; the seeded catalogue is
 * the same on every machine): a guest is told to register; a signed-in user's review (a 2) stays
 * out of the profile and its figures while unconfirmed; an administrator confirms it on
 * /yorumlar; the score goes from 5 to 3.5 and the count from "1 … review" to "2 … reviews", on
 * the profile and on the list's card.
 */
describe("reviews", () => {
  const PROFILE = "/veri-merkezi/ilgaz-veri-merkezi-demo";
  const SLUG = "ilgaz-veri-merkezi-demo";
  const LIST = "/isletmeler/veri-merkezi?sort=newest";
  const title = `E2E yorum ${Date.now().toString(36)}`;
  const story = { broken: false };
  const step = storySteps(story, STEP_MS);

  const summary = (page: Page) => page.getByTestId("review-summary").innerText();
  const card = (page: Page) => page.locator(`[data-testid="company-card"][data-slug="${SLUG}"]`).innerText();

  step("a guest is told to register, and reads the one confirmed review's score and count", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, `/en${PROFILE}`);
    const guest = page.getByTestId("review-guest");
    await expect(guest.innerText()).resolves.toContain(msg("en", "companies.review.guest"));
    await expect(guest.getByRole("link", { name: msg("en", "companies.review.register") }).getAttribute("href")).resolves.toBe(localizePath("en", paths.Register()));
    await expect(page.getByTestId("demo-notice").count()).resolves.toBe(1);
    const before = await summary(page);
    expect(before).toContain(msg("en", "companies.profile.scoreSummary", { score: "5" }));
    expect(before).toContain(msg("en", "companies.profile.reviewsCount_one", { count: 1 }));
    await gotoHydrated(page, `/en${LIST}`);
    expect(await card(page)).toContain(msg("en", "companies.card.reviews_one", { count: 1 }));
  });

  step("a signed-in user's review waits for moderation: not shown, the score and count unchanged", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/giris");
    const main = page.locator("main");
    await main.getByLabel(msg("tr", "auth.fields.email"), { exact: true }).fill("demo.bireysel@genisbant.com.tr");
    await main.getByLabel(msg("tr", "auth.fields.password"), { exact: true }).fill("Demo12345!");
    await main.getByRole("button", { name: msg("tr", "auth.login.submit"), exact: true }).click();
    await page.waitForURL((u) => u.pathname !== "/giris");
    await gotoHydrated(page, PROFILE);
    await page.getByLabel(msg("tr", "companies.review.title")).fill(title);
    await page.getByLabel(msg("tr", "companies.review.body")).fill("Tarayıcıdan yazılmış bir deneme yorumu.");
    await page.getByLabel(msg("tr", "companies.review.score")).selectOption("2");
    await page.getByRole("button", { name: msg("tr", "companies.review.submit") }).click();
    await until(async () => (await page.getByText(msg("tr", "companies.review.saved")).count()) > 0, "the saved message shows", 15_000);
    await page.reload();
    await expect(page.getByTestId("reviews").locator('[data-testid="review"]', { hasText: title }).count()).resolves.toBe(0);
    await expect(page.getByText(msg("tr", "companies.review.pendingOwn")).count()).resolves.toBe(1);
    const figures = await summary(page);
    expect(figures).toContain(msg("tr", "companies.profile.scoreSummary", { score: "5" }));
    expect(figures).toContain(msg("tr", "companies.profile.reviewsCount_one", { count: 1 }));
  });

  step("an administrator confirms it on /yorumlar", async () => {
    const { page, context } = await newPage({ locale: "tr" });
    await context.addCookies(await sessionCookies({ email: "demo.admin@genisbant.com.tr", password: "Demo12345!" }));
    // The company tab, unconfirmed reviews: the default view.
    await gotoHydrated(page, "/yorumlar");
    const item = page.locator("li[data-review-id]", { has: page.getByRole("heading", { name: title }) });
    await expect.poll(() => item.count()).toBe(1);
    const text = await item.innerText();
    expect(text).toContain("Ilgaz Veri Merkezi Demo");
    expect(text).toContain(msg("tr", "companyAdmin.reviewStates.unconfirmed"));
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    const confirm = msg("tr", "companyAdmin.comments.actionFor", { action: msg("tr", "companyAdmin.comments.confirm"), title });
    await item.getByRole("button", { name: confirm }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: msg("tr", "companyAdmin.comments.done_confirm") }).count(), { timeout: 20_000 }).toBe(1);
    // Gone from the unconfirmed queue, listed among the confirmed.
    await expect.poll(() => item.count()).toBe(0);
    await gotoHydrated(page, "/yorumlar?sekme=isletmeler&durum=confirmed");
    await expect.poll(() => page.locator("li[data-review-id]", { has: page.getByRole("heading", { name: title }) }).count()).toBe(1);
  });

  step("the profile shows it; the score and the count change, singular to plural, in both languages and on the card", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, `/en${PROFILE}`);
    await expect(page.getByTestId("reviews").locator('[data-testid="review"]', { hasText: title }).count()).resolves.toBe(1);
    const en = await summary(page);
    expect(en).toContain(msg("en", "companies.profile.scoreSummary", { score: "3.5" }));
    expect(en).toContain(msg("en", "companies.profile.reviewsCount_other", { count: 2 }));
    const { page: trPage } = await newPage({ locale: "tr" });
    await gotoHydrated(trPage, PROFILE);
    const tr = await summary(trPage);
    expect(tr).toContain(msg("tr", "companies.profile.scoreSummary", { score: "3,5" }));
    expect(tr).toContain(msg("tr", "companies.profile.reviewsCount_other", { count: 2 }));
    await gotoHydrated(page, `/en${LIST}`);
    expect(await card(page)).toContain(msg("en", "companies.card.reviews_other", { count: 2 }));
    // A guest is still told to register, not offered the form.
    await gotoHydrated(page, `/en${PROFILE}`);
    await expect(page.getByTestId("review-guest").innerText()).resolves.toContain(msg("en", "companies.review.guest"));
  });
});
