/**
 * The infrastructure query in Chromium (issue 12): from Home down to a flat with the comboboxes
 * (Turkish-aware typing), by landline and by address code, then the same three with JavaScript
 * turned off (GET forms, one level per submit). Every answer page is axe-checked.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createDemoSource, demoLandline } from "../../server/infrastructure/demo-source";
import { baseUrl, CONSENT_COOKIE, formatAxe, gotoHydrated, msg, seriousAxeViolations, until, useBrowser } from "./helpers";

const { newPage, browser } = useBrowser();
const STEP_MS = 90_000;
const test = (name: string, fn: () => Promise<void>) => it(name, fn, STEP_MS);
const demo = createDemoSource();
const ANSWER = /\/internet-altyapi-hiz-sorgulama\/daire\/(\d+)$/;

/** On an answer page: its heading and demo label; axe where scripts run (it is a script itself). */
async function expectAnswer(page: Page, bbk?: number, axe = true) {
  await until(() => ANSWER.test(new URL(page.url()).pathname), `an answer page (at ${page.url()})`, 20_000);
  const code = Number(ANSWER.exec(new URL(page.url()).pathname)![1]);
  if (bbk !== undefined) expect(code).toBe(bbk);
  // The URL changes as the navigation commits; the new page's heading follows in the next render.
  const heading = msg("tr", "infrastructure.answer.heading");
  await until(async () => (await page.locator("h1").innerText()) === heading, `the answer's heading (h1: ${await page.locator("h1").innerText()})`, 10_000);
  await expect(page.locator("main").innerText()).resolves.toContain(msg("tr", "infrastructure.answer.demoLabel"));
  if (axe) {
    const violations = await seriousAxeViolations(page);
    expect(violations, formatAxe(violations)).toEqual([]);
  }
  return code;
}

/**
 * The answer's "packages that reach this flat": at least one card (the demo catalogue has them
 * for the flats chosen below), the link to all of them; then the first card opens its package page.
 */
async function openReachingPackage(page: Page) {
  const section = page.locator('[data-testid="flat-packages"]');
  await expect(section.locator("h2").innerText()).resolves.toBe(msg("tr", "infrastructure.packages.title"));
  const cards = section.locator('[data-testid="package-card"]');
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await section.locator('[data-testid="flat-packages-all"]').getAttribute("href")).toMatch(/^\/paketler\?kind=internet&flat=\d+&sort=total$/);
  const link = cards.first().locator("h3 a");
  const title = await link.innerText();
  await link.click();
  await until(() => /\/paket\/[a-z0-9-]+$/.test(new URL(page.url()).pathname), `a package page (at ${page.url()})`, 20_000);
  await until(async () => (await page.locator("h1").innerText()) === title, `the package's heading "${title}"`, 10_000);
}

/** Types into a level's combobox and takes the first match with Enter. */
async function choose(page: Page, level: string, text: string | null) {
  const box = page.locator(`#level-${level}`);
  await box.waitFor({ state: "visible", timeout: 20_000 });
  await until(async () => (await box.getAttribute("role")) === "combobox", `the ${level} combobox`, 20_000);
  const before = page.url();
  await box.click();
  if (text) await page.keyboard.type(text);
  await until(async () => (await box.getAttribute("aria-expanded")) === "true", `the ${level} list is open`);
  await page.keyboard.press("Enter");
  await until(() => page.url() !== before, `choosing a ${level} moved on`, 20_000);
}

describe("with JavaScript", () => {
  test("from Home, a province down to a flat with Turkish-aware typing", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/");
    await page.locator("#home-query-il").selectOption({ label: "ANKARA" });
    await page.getByRole("button", { name: msg("tr", "home.queryCta") }).click();
    await until(() => new URL(page.url()).searchParams.get("il") === "6", "the query page for ANKARA");
    // "cankaya" finds ÇANKAYA; the one sub-district and village are chosen by themselves.
    const districts = page.locator("#level-district");
    await districts.waitFor();
    await choose(page, "district", "cankaya");
    // The URL moves as the navigation commits; the next level's render follows.
    await until(async () => (await page.locator("main").innerText()).includes(msg("tr", "infrastructure.query.auto")), "the single choices chosen by themselves", 10_000);
    await choose(page, "neighbourhood", "cukurambar");
    await expect(page.locator("#level-neighbourhood").inputValue()).resolves.toBe("ÇUKURAMBAR MAH");
    await choose(page, "street", null);
    // NO: 4 has VDSL and ADSL (the first building only a slow ADSL line, which no package fits).
    await choose(page, "building", "no: 4");
    if (!ANSWER.test(new URL(page.url()).pathname)) await choose(page, "flat", null);
    const bbk = await expectAnswer(page);
    expect((await demo.flatByCode(bbk))!.address.map((a) => a.value)).toContain("ÇUKURAMBAR MAH");
    await openReachingPackage(page);
    // Remembered on the device.
    await gotoHydrated(page, "/internet-altyapi-hiz-sorgulama");
    await expect(page.locator("main").innerText()).resolves.toContain("ÇUKURAMBAR MAH");
  });

  test("by landline and by address code", async () => {
    const { page } = await newPage({ locale: "tr" });
    const bbk = 200_000_000 + 1000 * 1728;
    const flat = (await demo.flatByCode(bbk))!;
    const line = demoLandline(bbk)!;
    await gotoHydrated(page, "/internet-altyapi-hiz-sorgulama?sekme=telefon");
    await page.locator("#query-telefon").fill(`0${line.slice(0, 3)} ${line.slice(3)}`);
    await page.getByRole("button", { name: msg("tr", "infrastructure.query.submit") }).click();
    await expectAnswer(page, bbk);
    await gotoHydrated(page, "/internet-altyapi-hiz-sorgulama?sekme=uavt");
    await page.locator("#query-uavt").fill(String(flat.uavt));
    await page.getByRole("button", { name: msg("tr", "infrastructure.query.submit") }).click();
    await expectAnswer(page, bbk);
  });
});

describe("without JavaScript", () => {
  async function noJsPage() {
    const context = await browser()!.newContext({ javaScriptEnabled: false, locale: "tr-TR", baseURL: baseUrl() });
    await context.addCookies([{ name: CONSENT_COOKIE, value: "1", url: baseUrl() }]);
    return { context, page: await context.newPage() };
  }

  test("the cascade, one level per submit, from Home", async () => {
    const { context, page } = await noJsPage();
    try {
      await page.goto("/");
      await page.locator("#home-query-il").selectOption({ label: "İZMİR" });
      await page.getByRole("button", { name: msg("tr", "home.queryCta") }).click();
      await page.waitForURL(/il=35/);
      for (const level of ["district", "neighbourhood", "street", "building", "flat"]) {
        if (ANSWER.test(new URL(page.url()).pathname)) break;
        const select = page.locator(`select#level-${level}`);
        // Each submit adds one level (sub-district and village have one choice each, chosen by themselves).
        await expect(select.count()).resolves.toBe(1);
        const options = await select.locator("option").allTextContents();
        await select.selectOption({ label: options[Math.min(2, options.length - 1)] });
        await page.locator("main form button[type=submit]").first().click();
        await page.waitForLoadState("load");
      }
      await expectAnswer(page, undefined, false);
      await openReachingPackage(page);
    } finally {
      await context.close();
    }
  });

  test("by landline and by address code", async () => {
    const { context, page } = await noJsPage();
    try {
      const bbk = 200_000_000 + 2000 * 1728 + 12;
      const flat = (await demo.flatByCode(bbk))!;
      await page.goto("/internet-altyapi-hiz-sorgulama");
      await page.getByRole("link", { name: msg("tr", "infrastructure.query.byLandline") }).click();
      await page.locator("#query-telefon").fill(demoLandline(bbk)!);
      await page.getByRole("button", { name: msg("tr", "infrastructure.query.submit") }).click();
      await expectAnswer(page, bbk, false);
      await page.goto("/internet-altyapi-hiz-sorgulama?sekme=uavt");
      await page.locator("#query-uavt").fill("12345");
      await page.getByRole("button", { name: msg("tr", "infrastructure.query.submit") }).click();
      await expect(page.locator("main").innerText()).resolves.toContain(msg("tr", "infrastructure.validation.uavt.format"));
      await page.locator("#query-uavt").fill(String(flat.uavt));
      await page.getByRole("button", { name: msg("tr", "infrastructure.query.submit") }).click();
      await expectAnswer(page, bbk, false);
    } finally {
      await context.close();
    }
  });
});
