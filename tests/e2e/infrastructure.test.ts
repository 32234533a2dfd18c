/**
 * The infrastructure query in Chromium: from the home page's query box down to a flat
 * with the comboboxes (Turkish-aware typing, the levels loaded from the API in the browser), by
 * landline and by address code (from the home box and from the query page), then the same with
 * JavaScript turned off (GET forms into the query page, one level per submit). Every answer page
 * is axe-checked, and the home box with its levels open in both languages and themes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { INFRA_LEVELS, LEVEL_PARAM, type InfraLevel } from "../../common/infrastructure/types";
import { demoLandline } from "../../server/infrastructure/demo-addresses";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import { baseUrl, CONSENT_COOKIE, formatAxe, gotoHydrated, msg, seriousAxeViolations, until, useBrowser, type Locale } from "./helpers";

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
  expect(await section.locator('[data-testid="flat-packages-all"]').getAttribute("href")).toMatch(/^\/paketler\?kind=internet&flat=\d+$/);
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

/**
 * The home box's combobox of `level`: types, takes the first match with Enter, and waits until
 * the box has loaded what comes next (the next level, chosen by itself or to choose) or opened
 * the flat's answer.
 */
async function chooseOnHome(page: Page, level: InfraLevel, text: string | null) {
  const box = page.locator(`#home-level-${level}`);
  await box.waitFor({ state: "visible", timeout: 20_000 });
  await until(async () => (await box.getAttribute("role")) === "combobox", `the home box's ${level} combobox`, 20_000);
  await box.click();
  if (text) await page.keyboard.type(text);
  await until(async () => (await box.getAttribute("aria-expanded")) === "true", `the ${level} list is open`);
  await page.keyboard.press("Enter");
  const next = INFRA_LEVELS[INFRA_LEVELS.indexOf(level) + 1];
  const form = page.locator('[data-way="adres"] form');
  await until(
    async () =>
      ANSWER.test(new URL(page.url()).pathname) ||
      (next !== undefined &&
        (await form.getAttribute("aria-busy")) === "false" &&
        (await page.locator(`#home-level-${next}, [data-way="adres"] input[type=hidden][name="${LEVEL_PARAM[next]}"]`).count()) > 0),
    `choosing a ${level} on the home page moved on`,
    20_000,
  );
}

/** No horizontal scroll: the page is no wider than the viewport. */
async function expectNoSideScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("with JavaScript", () => {
  test("from the home page's box, a province down to a flat with Turkish-aware typing", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/");
    const requests: string[] = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    // "ankara" finds ANKARA, "cankaya" finds ÇANKAYA; the one sub-district and village are chosen by themselves.
    await chooseOnHome(page, "province", "ankara");
    await expect(page.locator("#home-level-province").inputValue()).resolves.toBe("ANKARA");
    await until(
      async () => (await page.locator('[data-way="adres"] [role="status"]').innerText()) === msg("tr", "infrastructure.query.levelReady", { level: msg("tr", "infrastructure.levels.district") }),
      "the next level announced",
    );
    await chooseOnHome(page, "district", "cankaya");
    await expect(page.locator('[data-way="adres"]').innerText()).resolves.toContain(msg("tr", "infrastructure.query.auto"));
    await chooseOnHome(page, "neighbourhood", "cukurambar");
    await expect(page.locator("#home-level-neighbourhood").inputValue()).resolves.toBe("ÇUKURAMBAR MAH");
    // Still the home page: the levels came from the API, not from page loads.
    expect(new URL(page.url()).pathname).toBe("/");
    expect(requests.filter((p) => p.startsWith("/api/v1/ttservice/"))).toEqual(
      expect.arrayContaining(["/api/v1/ttservice/districts", "/api/v1/ttservice/subdistricts", "/api/v1/ttservice/villages", "/api/v1/ttservice/neighbourhoods", "/api/v1/ttservice/streets"]),
    );
    const violations = await seriousAxeViolations(page);
    expect(violations, formatAxe(violations)).toEqual([]);
    await chooseOnHome(page, "street", null);
    // NO: 4 has VDSL and ADSL (the first building only a slow ADSL line, which no package fits).
    await chooseOnHome(page, "building", "no: 4");
    if (!ANSWER.test(new URL(page.url()).pathname)) await chooseOnHome(page, "flat", null);
    const bbk = await expectAnswer(page);
    expect((await demo.flatByCode(bbk))!.address.map((a) => a.value)).toContain("ÇUKURAMBAR MAH");
    await openReachingPackage(page);
    // Remembered on the device.
    await gotoHydrated(page, "/internet-altyapi-hiz-sorgulama");
    await expect(page.locator("main").innerText()).resolves.toContain("ÇUKURAMBAR MAH");
  });

  for (const [locale, theme] of [
    ["en", "dark"],
    ["tr", "dark"],
    ["en", "light"],
  ] as [Locale, "light" | "dark"][]) {
    test(`the home box on a 360 px phone (${locale}, ${theme}): its levels open, axe clean, no side scroll; then a landline from the box`, async () => {
      const { page } = await newPage({ locale, theme, viewport: { width: 360, height: 740 } });
      await gotoHydrated(page, locale === "en" ? "/en" : "/");
      await chooseOnHome(page, "province", "izmir");
      await chooseOnHome(page, "district", "karsiyaka");
      // The neighbourhood list open, as a person sees it while typing.
      const box = page.locator("#home-level-neighbourhood");
      await box.waitFor({ state: "visible", timeout: 20_000 });
      await box.click();
      await until(async () => (await box.getAttribute("aria-expanded")) === "true", "the neighbourhood list is open");
      await expectNoSideScroll(page);
      const violations = await seriousAxeViolations(page);
      expect(violations, formatAxe(violations)).toEqual([]);
      await page.keyboard.press("Escape");
      // The landline way in, from the same box.
      const bbk = 200_000_000 + 3000 * 1728 + 5;
      const field = page.locator("#home-query-telefon");
      await expect(field.isVisible()).resolves.toBe(false);
      await page.getByText(msg(locale, "infrastructure.query.byLandline"), { exact: true }).click();
      await field.waitFor({ state: "visible" });
      await expect(page.locator("#home-level-province").isVisible()).resolves.toBe(false);
      await expectNoSideScroll(page);
      const switched = await seriousAxeViolations(page);
      expect(switched, formatAxe(switched)).toEqual([]);
      await field.fill(`0${demoLandline(bbk)}`);
      await page.locator('[data-way="telefon"]').getByRole("button", { name: msg(locale, "infrastructure.query.submit") }).click();
      await until(() => ANSWER.test(new URL(page.url()).pathname.replace(/^\/en/, "")), `an answer page (at ${page.url()})`, 20_000);
      expect(new URL(page.url()).pathname).toBe(`${locale === "en" ? "/en" : ""}/internet-altyapi-hiz-sorgulama/daire/${bbk}`);
    });
  }

  test("the home box says so when a level cannot be loaded, and a new choice tries again", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/");
    // The connection drops on the districts call.
    await page.route("**/api/v1/ttservice/districts", (route) => route.abort("aborted"));
    const box = page.locator("#home-level-province");
    await box.click();
    await page.keyboard.type("bursa");
    await page.keyboard.press("Enter");
    const alert = page.locator('[data-way="adres"] [role="alert"]');
    await until(async () => (await alert.count()) === 1, "the box's error message");
    await expect(alert.innerText()).resolves.toBe(msg("tr", "infrastructure.query.loadFailed"));
    await expect(page.locator("#home-level-district").count()).resolves.toBe(0);
    // The button still hands the chosen province to the query page.
    await expect(page.locator('[data-way="adres"] input[type=hidden][name="il"]').getAttribute("value")).resolves.toBe("16");
    await page.unroute("**/api/v1/ttservice/districts");
    await chooseOnHome(page, "province", null);
    await expect(alert.count()).resolves.toBe(0);
    await expect(page.locator("#home-level-district").isVisible()).resolves.toBe(true);
  });

  test("the query page's own comboboxes, a province down to a flat", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/internet-altyapi-hiz-sorgulama");
    await choose(page, "province", "istanbul");
    await until(() => new URL(page.url()).searchParams.get("il") === "34", "the query page at İSTANBUL");
    await choose(page, "district", "kadikoy");
    await until(async () => (await page.locator("main").innerText()).includes(msg("tr", "infrastructure.query.auto")), "the single choices chosen by themselves", 10_000);
    for (const level of ["neighbourhood", "street", "building", "flat"]) {
      if (ANSWER.test(new URL(page.url()).pathname)) break;
      await choose(page, level, null);
    }
    const bbk = await expectAnswer(page, undefined, false);
    expect((await demo.flatByCode(bbk))!.address.map((a) => a.value)).toContain("KADIKÖY");
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

  test("the cascade from the home page's box into the query page, one level per submit", async () => {
    const { context, page } = await noJsPage();
    try {
      await page.goto("/");
      await page.locator("select#home-level-province").selectOption({ label: "İZMİR" });
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
      // The address code from the home page's box: its switch works without scripts (radio buttons and CSS).
      await page.goto("/");
      await expect(page.locator("#home-query-uavt").isVisible()).resolves.toBe(false);
      await page.getByText(msg("tr", "infrastructure.query.byUavt"), { exact: true }).click();
      await expect(page.locator("#home-query-uavt").isVisible()).resolves.toBe(true);
      await expect(page.locator("#home-level-province").isVisible()).resolves.toBe(false);
      await page.locator("#home-query-uavt").fill("12345");
      await page.locator('[data-way="uavt"]').getByRole("button", { name: msg("tr", "infrastructure.query.submit") }).click();
      // The query page's address-code tab says what is wrong and keeps what was typed.
      await page.waitForURL(/sekme=uavt/);
      await expect(page.locator("main").innerText()).resolves.toContain(msg("tr", "infrastructure.validation.uavt.format"));
      await expect(page.locator("#query-uavt").inputValue()).resolves.toBe("12345");
      await page.locator("#query-uavt").fill(String(flat.uavt));
      await page.getByRole("button", { name: msg("tr", "infrastructure.query.submit") }).click();
      await expectAnswer(page, bbk, false);
    } finally {
      await context.close();
    }
  });
});
