// Package reviews in Chromium: a guest on a package page is told to register;
// the demo member reviews the package and the review stays invisible; an administrator confirms
// it on the moderation page's packages tab; the package page then shows it and its count changes.
// Steps run in order; once one fails the later ones are skipped.
import { describe, expect } from "vitest";
import { formatAxe, gotoHydrated, msg, seriousAxeViolations, sessionCookies, storySteps, useBrowser } from "./helpers";

const { newPage } = useBrowser();
const STEP_MS = 90_000;
const MEMBER = { email: "demo.bireysel@genisbant.com.tr", password: "Demo12345!" };
const ADMIN = { email: "demo.admin@genisbant.com.tr", password: "Demo12345!" };
const TITLE = `E2E paket yorumu ${Date.now().toString(36)}`;

const state = { broken: false, packagePath: "" };
const step = storySteps(state, STEP_MS);

async function signedIn(account: { email: string; password: string }) {
  const tp = await newPage({ locale: "tr" });
  await tp.context.addCookies(await sessionCookies(account));
  return tp;
}

describe("package reviews: written, waiting, confirmed", () => {
  step("a guest on a package page is told to register, with the link; the package has no confirmed review", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/paketler");
    const href = await page.getByTestId("package-card").first().locator("h3 a").getAttribute("href");
    state.packagePath = href!;
    expect(state.packagePath).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+\/paket\/[a-z0-9-]+$/);
    await gotoHydrated(page, state.packagePath);
    const guest = page.getByTestId("review-guest");
    await expect(guest.innerText()).resolves.toContain(msg("tr", "companies.review.guest"));
    await expect(guest.getByRole("link", { name: msg("tr", "companies.review.register") }).getAttribute("href")).resolves.toBe("/hesap-olustur");
    await expect(page.getByTestId("review-summary").innerText()).resolves.toBe(msg("tr", "packages.reviews.noReviews"));
  });

  step("the signed-in member writes a review; it is not shown until confirmed", async () => {
    const { page } = await signedIn(MEMBER);
    await gotoHydrated(page, state.packagePath);
    await page.getByLabel(msg("tr", "companies.review.title")).fill(TITLE);
    await page.getByLabel(msg("tr", "companies.review.body")).fill("Kurulum hızlıydı, akşamları da hız düşmedi.");
    await page.getByLabel(msg("tr", "companies.review.score")).selectOption("5");
    await page.getByRole("button", { name: msg("tr", "companies.review.submit") }).click();
    await expect.poll(() => page.getByText(msg("tr", "companies.review.saved")).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.reload();
    await expect(page.getByTestId("reviews").locator('[data-testid="review"]', { hasText: TITLE }).count()).resolves.toBe(0);
    await expect(page.getByText(msg("tr", "companies.review.pendingOwn")).count()).resolves.toBe(1);
    await expect(page.getByTestId("review-summary").innerText()).resolves.toBe(msg("tr", "packages.reviews.noReviews"));
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
  });

  step("an administrator sees it in context on the packages tab and confirms it", async () => {
    const { page } = await signedIn(ADMIN);
    await gotoHydrated(page, "/yorumlar?sekme=paketler");
    const item = page.locator("li[data-review-id]", { hasText: TITLE });
    await expect(item.count()).resolves.toBe(1);
    await expect(item.locator(`a[href="${state.packagePath}"]`).count()).resolves.toBe(1);
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    await item.getByRole("button", { name: msg("tr", "companyAdmin.comments.actionFor", { action: msg("tr", "companyAdmin.comments.confirm"), title: TITLE }) }).click();
    await expect.poll(() => page.getByText(msg("tr", "companyAdmin.comments.done_confirm")).isVisible(), { timeout: 20_000 }).toBe(true);
  });

  step("the package page shows the review, and the count and score change", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, `/en${state.packagePath}`);
    await expect(page.getByTestId("reviews").locator('[data-testid="review"]', { hasText: TITLE }).count()).resolves.toBe(1);
    const summary = await page.getByTestId("review-summary").innerText();
    expect(summary).toContain("1 confirmed review");
    expect(summary).toContain(msg("en", "companies.profile.scoreSummary", { score: "5" }));
  });

  step("the package page with its reviews and the packages tab are axe clean in both languages and themes, with no horizontal scroll at 360 px", async () => {
    const checks = [
      { account: MEMBER, path: state.packagePath },
      { account: ADMIN, path: "/yorumlar?sekme=paketler&durum=tumu" },
    ];
    const failures: string[] = [];
    for (const { account, path } of checks) {
      const cookies = await sessionCookies(account);
      for (const locale of ["tr", "en"] as const) {
        for (const theme of ["light", "dark"] as const) {
          const viewport = { width: 360, height: 780 };
          const { page, context } = await newPage({ locale, theme, viewport });
          await context.addCookies(cookies);
          const target = locale === "en" ? `/en${path}` : path;
          const res = await page.goto(target, { waitUntil: "load" });
          const where = `${target} ${theme} 360px`;
          if (res?.status() !== 200) failures.push(`${where}: status ${res?.status()}`);
          const axe = formatAxe(await seriousAxeViolations(page));
          if (axe) failures.push(`${where}: ${axe}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) failures.push(`${where}: ${overflow}px horizontal overflow`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
