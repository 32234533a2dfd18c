/**
 * The answer page's two forms (alert me, report wrong data) sent from Chromium, with JavaScript
 * (the browser's check with the server's schema runs first, hidden flat code included) and
 * without (the server alone answers).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import { baseUrl, CONSENT_COOKIE, gotoHydrated, msg, until, useBrowser } from "./helpers";

const { newPage, browser } = useBrowser();
const STEP_MS = 90_000;
const test = (name: string, fn: () => Promise<void>) => it(name, fn, STEP_MS);
const demo = createDemoSource();

/** Demo flats without fiber and without a free port on copper: the alert is offered there. */
async function flatsWithoutFiber(count: number): Promise<number[]> {
  const found: number[] = [];
  for (let k = 0; found.length < count; k++) {
    const bbk = 200_000_000 + 1000 * 1728 + k;
    const answer = await demo.query(bbk);
    if (!answer) continue;
    const technologies = answer.technologies;
    const has = (pred: (t: (typeof technologies)[number]) => boolean) => technologies.some((t) => t.available && pred(t));
    if (!has((t) => t.technology === "FIBER") && !has((t) => t.freePort === true) && has(() => true)) found.push(bbk);
  }
  return found;
}

const answerPath = (bbk: number) => `/internet-altyapi-hiz-sorgulama/daire/${bbk}`;

/** Fills and sends both forms on an answer page, checking each success message. */
async function sendBothForms(page: Page, email: string, waitForStatus: (id: string, text: string) => Promise<void>) {
  await page.locator("#alert-email").fill(email);
  await page.locator("#alert-consent").check();
  await page.locator("#alert-title").locator("xpath=..").getByRole("button", { name: msg("tr", "infrastructure.alert.submit") }).click();
  await waitForStatus("alert", msg("tr", "infrastructure.alert.sent"));
  await page.locator("#report-actualTechnology").selectOption("ADSL");
  await page.locator("#report-actualDownMbps").fill("8");
  await page.locator("#report-title").locator("xpath=..").getByRole("button", { name: msg("tr", "infrastructure.report.submit") }).click();
  await waitForStatus("report", msg("tr", "infrastructure.report.sent"));
}

const statusIn = (page: Page, id: string) => page.locator(`#${id}-title`).locator("xpath=..").locator('[role="status"]');

describe("the answer page's forms", () => {
  test("with JavaScript: the browser's check passes a filled form (hidden flat code included) and both are sent", async () => {
    const [bbk] = await flatsWithoutFiber(1);
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, answerPath(bbk));
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });
    // An empty alert is refused in the browser, before anything is sent.
    await page.locator("#alert-title").locator("xpath=..").getByRole("button", { name: msg("tr", "infrastructure.alert.submit") }).click();
    const summary = page.locator("#alert-title").locator("xpath=..").locator('[role="alert"]');
    await until(async () => (await summary.count()) === 1, "the alert form's error summary");
    const text = await summary.innerText();
    expect(text).toContain(msg("tr", "validation.email.required"));
    expect(text).toContain(msg("tr", "infrastructure.validation.alert.consent"));
    expect(text).not.toContain(msg("tr", "infrastructure.validation.code"));
    expect(posts).toEqual([]);
    await sendBothForms(page, "js.alert@example.com", async (id, expected) => {
      await until(async () => (await statusIn(page, id).count()) === 1, `the ${id} form's success message`, 15_000);
      await expect(statusIn(page, id).innerText()).resolves.toBe(expected);
    });
    // Both went to the server, as data requests of the answer page.
    expect(posts.map((p) => p.replace(/\.data$/, ""))).toEqual([answerPath(bbk), answerPath(bbk)]);
  });

  test("without JavaScript: both forms are sent by the browser and answered by the page", async () => {
    const [, bbk] = await flatsWithoutFiber(2);
    const context = await browser()!.newContext({ javaScriptEnabled: false, locale: "tr-TR", baseURL: baseUrl() });
    try {
      await context.addCookies([{ name: CONSENT_COOKIE, value: "1", url: baseUrl() }]);
      const page = await context.newPage();
      await page.goto(answerPath(bbk));
      await sendBothForms(page, "nojs.alert@example.com", async (id, expected) => {
        await page.waitForLoadState("load");
        await expect(statusIn(page, id).innerText()).resolves.toBe(expected);
      });
    } finally {
      await context.close();
    }
  });
});
