// The commitment-end reminder, in Chromium on a 360 px phone: a guest sets a commitment-end reminder on a
// package page (the form fits, axe is clean in both themes), the confirmation mail reaches the
// suite's SMTP server, its link's page confirms it; a signed-in member sees and deletes a reminder
// on the settings page's reminders tab. Steps run in order; once one fails the later ones are skipped.
import type { Page } from "playwright-core";
import { describe, expect, inject } from "vitest";
import { baseUrl, formatAxe, gotoHydrated, msg, seriousAxeViolations, sessionCookies, storySteps, useBrowser, type Theme } from "./helpers";
import { waitForMail } from "./mailbox";

const { newPage } = useBrowser();
const STEP_MS = 90_000;
const PHONE = { width: 360, height: 780 };
const stamp = Date.now().toString(36);
const GUEST = `e2e.hatirlatma.${stamp}@example.com`;
const MEMBER = { email: "demo.bireysel@genisbant.com.tr", password: "Demo12345!" };

const state = { broken: false, packagePath: "", link: "", since: 0 };
const step = storySteps(state, STEP_MS);

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("commitment reminder: package page to mail to settings", () => {
  step("a demo package with a 24-month commitment shows the form, which fits a phone and passes axe in both themes", async () => {
    const res = await fetch(`${baseUrl()}/api/v1/packages/search`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ commitment: "24", kind: "internet" }) });
    const { items } = (await res.json()) as { items: { path: string }[] };
    state.packagePath = items[0]!.path;
    for (const theme of ["light", "dark"] as Theme[]) {
      const { page } = await newPage({ locale: "tr", theme, viewport: PHONE });
      await gotoHydrated(page, state.packagePath);
      await expect.poll(() => page.getByRole("heading", { name: msg("tr", "packages.reminder.title") }).isVisible()).toBe(true);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    }
  });

  step("a guest's empty address and missing consent are named; then the reminder is asked and the confirmation mail arrives", async () => {
    const { page } = await newPage({ locale: "tr", viewport: PHONE });
    await gotoHydrated(page, state.packagePath);
    const form = page.getByTestId("reminder-form");
    await form.locator("#reminder-provinceCode").selectOption("35");
    await form.getByRole("button", { name: msg("tr", "packages.reminder.submit") }).click();
    await expect.poll(() => form.getByText(msg("tr", "validation.email.required")).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => form.getByText(msg("tr", "packages.reminder.validation.consent")).first().isVisible()).toBe(true);
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    state.since = Date.now() - 1000;
    await form.locator("#reminder-email").fill(GUEST);
    await form.locator("#reminder-consent").check();
    await form.getByRole("button", { name: msg("tr", "packages.reminder.submit") }).click();
    await expect.poll(() => page.getByTestId("reminder-success").isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId("reminder-success").innerText()).toContain(msg("tr", "packages.reminder.sentGuest"));
    const mail = await waitForMail(inject("mailDir"), GUEST, new RegExp(msg("tr", "packages.reminder.mail.confirmSubject").slice(0, 20)), state.since, 60_000);
    const link = /https?:\/\/[^\s]+\/taahhut-hatirlatma\/[\w-]{32}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    state.link = new URL(link!).pathname;
  });

  step("the confirmation link's page confirms the reminder (axe clean, fits a phone)", async () => {
    const { page } = await newPage({ locale: "tr", viewport: PHONE });
    await gotoHydrated(page, state.link);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    await page.getByRole("button", { name: msg("tr", "packages.reminder.link.confirm") }).click();
    await expect.poll(() => page.getByTestId("reminder-state").innerText(), { timeout: 20_000 }).toContain(msg("tr", "packages.reminder.link.active", { date: "" }).slice(0, 20));
    await expect.poll(() => page.getByRole("button", { name: msg("tr", "packages.reminder.link.confirm") }).count()).toBe(0);
  });

  step("a member sets one from the package page and deletes it on the settings page's reminders tab", async () => {
    const { page, context } = await newPage({ locale: "tr", viewport: PHONE });
    await context.addCookies(await sessionCookies(MEMBER));
    await gotoHydrated(page, state.packagePath);
    const form = page.getByTestId("reminder-form");
    await form.locator("#reminder-provinceCode").selectOption("6");
    await form.getByRole("button", { name: msg("tr", "packages.reminder.submit") }).click();
    await expect.poll(() => page.getByTestId("reminder-success").isVisible(), { timeout: 20_000 }).toBe(true);
    await gotoHydrated(page, "/ayarlar?sekme=hatirlatmalar");
    const list = page.getByTestId("reminder-list");
    await expect.poll(() => list.locator("li").count()).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    const before = await list.locator("li").count();
    await list.locator("li").first().getByRole("button", { name: msg("tr", "packages.reminder.account.delete") }).click();
    await expect.poll(() => page.getByText(msg("tr", "packages.reminder.account.deleted")).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (before === 1 ? page.getByTestId("reminders-empty").count() : list.locator("li").count())).toBe(before === 1 ? 1 : before - 1);
  });
});
