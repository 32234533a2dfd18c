/**
 * A subscription request from the infrastructure answer page, in Chromium, with JavaScript (the
 * browser's check with the server's schema runs first, the hidden flat code included) and
 * without: the card's request button opens the package page for the flat, the form shows the
 * flat's address and the call-back slot, the request is sent, and the company's inbox (an
 * administrator's view) shows the flat's address and the chosen slot.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { flatAddressText } from "../../common/infrastructure/types";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import { baseUrl, CONSENT_COOKIE, formatAxe, gotoHydrated, msg, seriousAxeViolations, sessionCookies, until, useBrowser } from "./helpers";

const { newPage, browser } = useBrowser();
const STEP_MS = 120_000;
const test = (name: string, fn: () => Promise<void>) => it(name, fn, STEP_MS);
const demo = createDemoSource();
const ADMIN = { email: "demo.admin@genisbant.com.tr", password: "Demo12345!" };
const REFERENCE = /GB-[2-9A-Z]{4}-[2-9A-Z]{4}/;

interface FlatWithPackage {
  bbk: number;
  address: string;
  /** The first package the answer page lists for the flat: its page and its company. */
  path: string;
  companyId: number;
}

/** Demo flats with fiber that the answer page lists packages for, `skip` of them passed over. */
async function flatWithPackage(skip: number): Promise<FlatWithPackage> {
  let seen = 0;
  for (let k = 0; k < 400; k++) {
    const bbk = 200_000_000 + 1000 * 1728 + k;
    const answer = await demo.query(bbk);
    if (!answer?.technologies.some((t) => t.technology === "FIBER" && t.available)) continue;
    // The answer page's own search (the same service over the API).
    const res = await fetch(`${baseUrl()}/api/v1/packages/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "internet", flat: bbk, sort: "average" }),
    });
    const body = (await res.json()) as { items?: { path: string; company: { id: number } }[] };
    const first = body.items?.[0];
    if (!first) continue;
    if (seen++ < skip) continue;
    return { bbk, address: flatAddressText(answer), path: first.path, companyId: first.company.id };
  }
  throw new Error("no demo flat with a package found");
}

const answerPath = (bbk: number) => `/internet-altyapi-hiz-sorgulama/daire/${bbk}`;
/** A mobile number of this run, so that no earlier run's request is a duplicate of it. */
const phone = (n: number) => `0532 ${String((Date.now() + n) % 10_000_000).padStart(7, "0")}`;
const e164 = (national: string) => `+90${national.replace(/\D/g, "").slice(1)}`;

/** Opens the request link of the flat's first package on the answer page and checks the form names the flat. */
async function openRequestFromAnswer(page: Page, flat: FlatWithPackage) {
  const button = page.locator(`a[data-testid="card-request"][href^="${flat.path}?"]`).first();
  expect(await button.getAttribute("href")).toBe(`${flat.path}?flat=${flat.bbk}#lead-subscribe-title`);
  await button.click();
  await page.waitForURL((u) => u.pathname === flat.path && u.searchParams.get("flat") === String(flat.bbk));
  const box = page.getByTestId("lead-subscribe-flat");
  await until(async () => (await box.count()) === 1, "the flat's address on the form", 20_000);
  expect(await box.innerText()).toContain(msg("tr", "packages.leads.flat.for", { address: flat.address }));
}

/** Fills and sends the subscription form; answers the reference the page shows. */
async function sendRequest(page: Page, number: string, slot: "morning" | "evening", afterSubmit: () => Promise<void>): Promise<string> {
  const form = page.getByTestId("lead-subscribe-form");
  await form.getByLabel(msg("tr", "packages.leads.firstName"), { exact: true }).fill("Daire");
  await form.getByLabel(msg("tr", "packages.leads.lastName"), { exact: true }).fill("Uçtan");
  await form.getByRole("textbox", { name: msg("tr", "packages.leads.phone") }).fill(number);
  await form.getByLabel(msg("tr", "packages.leads.slot")).selectOption(slot);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: msg("tr", "packages.leads.send") }).click();
  await afterSubmit();
  const success = page.getByTestId("lead-subscribe-success");
  await until(async () => (await success.count()) === 1, "the request's success message", 30_000);
  const text = await success.innerText();
  expect(text).toMatch(REFERENCE);
  return REFERENCE.exec(text)![0];
}

/** The company's inbox, as an administrator sees it: the request with the flat's address and the slot. */
async function expectInInbox(flat: FlatWithPackage, reference: string, number: string, slot: "morning" | "evening") {
  const { page, context } = await newPage({ locale: "tr" });
  await context.addCookies(await sessionCookies(ADMIN));
  await gotoHydrated(page, `/isletme/talepler/${flat.companyId}`);
  const card = page.getByRole("listitem").filter({ hasText: reference });
  await until(async () => (await card.count()) === 1, "the request in the inbox", 20_000);
  expect(await card.getByTestId("lead-flat").innerText()).toBe(`${flat.address} (${msg("tr", "packages.inbox.flatCode", { code: flat.bbk })})`);
  expect(await card.getByTestId("lead-callback").innerText()).toBe(msg("tr", `packages.leads.slots.${slot}`));
  expect(await card.innerText()).toContain(e164(number));
}

describe("a request from the answer page names the flat", () => {
  test("with JavaScript: the answer page's button, the flat on the form, the request sent through the browser's check", async () => {
    const flat = await flatWithPackage(0);
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, answerPath(flat.bbk));
    await openRequestFromAnswer(page, flat);
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    if (process.env.LEAD_FLAT_SCREENSHOT) await page.getByTestId("lead-subscribe-form").screenshot({ path: process.env.LEAD_FLAT_SCREENSHOT });
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });
    // An empty form is refused in the browser; the hidden flat code is not among its problems.
    const form = page.getByTestId("lead-subscribe-form");
    await form.getByRole("button", { name: msg("tr", "packages.leads.send") }).click();
    const summary = form.locator('[role="alert"]');
    await until(async () => (await summary.count()) === 1, "the form's error summary");
    expect(await summary.innerText()).not.toContain(msg("tr", "packages.leads.validation.flat"));
    expect(posts).toEqual([]);
    const number = phone(1);
    const reference = await sendRequest(page, number, "evening", async () => {});
    // Sent once, as a data request of the package page.
    expect(posts.map((p) => p.replace(/\.data$/, ""))).toEqual([flat.path]);
    await expectInInbox(flat, reference, number, "evening");
  });

  test("without JavaScript: the same from plain links and a plain form post; the address can be taken off", async () => {
    const flat = await flatWithPackage(1);
    const context = await browser()!.newContext({ javaScriptEnabled: false, locale: "tr-TR", baseURL: baseUrl() });
    try {
      await context.addCookies([{ name: CONSENT_COOKIE, value: "1", url: baseUrl() }]);
      const page = await context.newPage();
      await page.goto(answerPath(flat.bbk));
      await openRequestFromAnswer(page, flat);
      // "Remove the address" is a link to the page without the flat; back again to send it with the flat.
      await page.getByTestId("lead-subscribe-flat-remove").click();
      await page.waitForURL((u) => u.pathname === flat.path && !u.searchParams.has("flat"));
      expect(await page.getByTestId("lead-subscribe-flat").count()).toBe(0);
      await page.goBack();
      await until(async () => (await page.getByTestId("lead-subscribe-flat").count()) === 1, "the flat's address again");
      const number = phone(2);
      const reference = await sendRequest(page, number, "morning", () => page.waitForLoadState("load"));
      await expectInInbox(flat, reference, number, "morning");
    } finally {
      await context.close();
    }
  });
});
