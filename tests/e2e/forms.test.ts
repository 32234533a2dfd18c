/**
 * Keyboard flows of the form kit and the messages after an action, in
 * Chromium: focus lands on the error summary, the consent box or the success message, never on
 * <body>; a stale server message goes once a field changes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatAxe, gotoHydrated, msg, seriousAxeViolations, until, useBrowser, type Locale } from "./helpers";

const { newPage } = useBrowser();
const STEP_MS = 60_000;
const test = (name: string, fn: () => Promise<void>) => it(name, fn, STEP_MS);

/** What has the focus: its id, role, and text (the first 300 characters). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { id: el?.id ?? "", tag: el?.tagName ?? "", role: el?.getAttribute("role") ?? "", text: (el as HTMLElement | null)?.innerText?.slice(0, 300) ?? "" };
  });

describe("contact form by keyboard", () => {
  test("an empty submit moves focus to the error summary, which lists each field as a link (Turkish)", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/iletisim");
    const submit = page.locator("main").getByRole("button", { name: msg("tr", "contact.submit"), exact: true });
    await submit.focus();
    await page.keyboard.press("Enter");
    await until(async () => (await focused(page)).role === "alert", "the error summary has the focus", 10_000);
    const summary = await focused(page);
    expect(summary.text).toContain(msg("tr", "forms.summaryTitle"));
    for (const key of ["validation.fullName.required", "validation.email.required", "validation.message.required"]) expect(summary.text).toContain(msg("tr", key));
    // The failed form, summary and field messages shown, holds to axe.
    const violations = await seriousAxeViolations(page);
    expect(violations, formatAxe(violations)).toEqual([]);
    // Each entry leads to its field.
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("href"))).resolves.toBe("#contact-fullName");
    await page.keyboard.press("Enter");
    await until(async () => (await focused(page)).id === "contact-fullName", "the link moved focus to its field");
  });

  test("a success moves focus to the success message (English)", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, "/iletisim");
    await page.locator("#contact-fullName").focus();
    await page.keyboard.type("Jane Keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type("jane.keyboard@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("A question about fibre in my street, thank you.");
    await page.locator("main").getByRole("button", { name: msg("en", "contact.submit"), exact: true }).focus();
    await page.keyboard.press("Enter");
    await until(async () => (await focused(page)).role === "status", "the success message has the focus", 15_000);
    await expect(focused(page)).resolves.toMatchObject({ text: msg("en", "contact.success") });
  });
});

describe("newsletter form by keyboard", () => {
  test("e-mail, consent, then the button in Tab order; a missing consent focuses the consent box; success is focused", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/hakkimizda");
    const footer = page.locator("footer");
    await footer.locator("#newsletter-email").focus();
    await page.keyboard.type(`klavye-${Date.now()}@example.com`);
    await page.keyboard.press("Tab");
    await expect(focused(page)).resolves.toMatchObject({ id: "newsletter-emailCheckbox" });
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.closest("form")?.getAttribute("action"))).resolves.toBe("/bulten");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("type"))).resolves.toBe("submit");

    await page.keyboard.press("Enter");
    await until(async () => (await focused(page)).id === "newsletter-emailCheckbox", "the consent box has the focus", 10_000);
    await expect(footer.locator("#newsletter-emailCheckbox-error").innerText()).resolves.toBe(msg("tr", "validation.newsletter.consent"));
    await expect(footer.getByRole("alert").innerText()).resolves.toContain(msg("tr", "validation.newsletter.consent"));

    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await until(async () => (await focused(page)).role === "status", "the success message has the focus", 15_000);
    await expect(focused(page)).resolves.toMatchObject({ text: msg("tr", "newsletter.success") });
  });
});

describe("login form: no stale server message", () => {
  test("after a wrong password, editing the e-mail removes the old message; an invalid e-mail shows only its own", async () => {
    const { page } = await newPage({ locale: "tr", allow: [{ status: 400, path: "/giris", method: "POST" }] });
    await gotoHydrated(page, "/giris");
    const main = page.locator("main");
    await main.getByLabel(msg("tr", "auth.fields.email"), { exact: true }).fill("kimse.yok@example.com");
    await main.getByLabel(msg("tr", "auth.fields.password"), { exact: true }).fill("Yanlis-Sifre-1");
    await main.getByRole("button", { name: msg("tr", "auth.login.submit"), exact: true }).press("Enter");
    const alert = main.getByRole("alert");
    await alert.waitFor({ state: "visible", timeout: 15_000 });
    await expect(alert.innerText()).resolves.toBe(msg("tr", "auth.login.invalid"));
    await until(async () => (await focused(page)).role === "alert", "the message has the focus after the failed submit");

    const email = main.getByLabel(msg("tr", "auth.fields.email"), { exact: true });
    await email.fill("gecersiz");
    await until(async () => !(await main.innerText()).includes(msg("tr", "auth.login.invalid")), "the old message is gone once the field changed");
    await main.getByRole("button", { name: msg("tr", "auth.login.submit"), exact: true }).press("Enter");
    await until(async () => (await page.locator("#login-email-error").count()) === 1, "the e-mail's own message");
    expect(await main.innerText()).not.toContain(msg("tr", "auth.login.invalid"));
    // The focus moves to the message once it is rendered (an effect after the render the count saw).
    await until(async () => (await focused(page)).role === "alert", "the e-mail's message has the focus");
  });
});

async function register(page: Page, locale: Locale, account: { name: string; email: string; password: string }) {
  await gotoHydrated(page, "/hesap-olustur");
  const main = page.locator("main");
  await main.getByLabel(msg(locale, "auth.fields.fullName"), { exact: true }).fill(account.name);
  await main.getByLabel(msg(locale, "auth.fields.email"), { exact: true }).fill(account.email);
  await main.getByLabel(msg(locale, "auth.fields.password"), { exact: true }).fill(account.password);
  await main.getByLabel(msg(locale, "auth.fields.passwordConfirm"), { exact: true }).fill(account.password);
  await page.locator("#register-membership").check();
  await page.locator("#register-kvkk").check();
  await main.getByRole("button", { name: msg(locale, "auth.register.submit"), exact: true }).click();
}

const notice = (page: Page) => page.locator("[data-notice] [role=status]");

describe("messages after register, resend, logout and deletion", () => {
  test("each action ends on a page that says what happened, with the focus on the message (English: the language cookie sends each bare path to its /en twin)", async () => {
    const { page } = await newPage({ locale: "en" });
    const account = { name: "Kim Keyboard", email: `notice-${Date.now()}@example.com`, password: "Guclu-Sifre-2024" };
    await register(page, "en", account);
    await page.waitForURL((u) => u.pathname === "/en" && u.search === "?bildirim=kayit", { timeout: 15_000 });
    await notice(page).waitFor({ state: "visible" });
    await expect(notice(page).innerText()).resolves.toBe(msg("en", "notices.registered", { email: account.email }));
    await until(async () => (await focused(page)).role === "status", "the notice has the focus");

    // The verification mail, once more, from the profile.
    await gotoHydrated(page, "/kullanici/profil");
    await page.locator("main").getByRole("button", { name: msg("en", "auth.verify.resend"), exact: true }).press("Enter");
    await until(async () => (await focused(page)).text === msg("en", "auth.verify.resent", { email: account.email }), "the resent message has the focus", 15_000);

    // Logout through the user menu (the API call), then home with its message.
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: `${msg("en", "nav.accountMenu")}: ${account.name}`, exact: true }).click();
    await page.locator("#user-menu").getByRole("button", { name: msg("en", "nav.logout"), exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/en" && u.search === "?bildirim=cikis", { timeout: 15_000 });
    await notice(page).waitFor({ state: "visible" });
    await expect(notice(page).innerText()).resolves.toBe(msg("en", "notices.signedOut"));

    // Sign in again and ask for deletion: home again, saying the request was received.
    await gotoHydrated(page, "/giris");
    const main = page.locator("main");
    await main.getByLabel(msg("en", "auth.fields.email"), { exact: true }).fill(account.email);
    await main.getByLabel(msg("en", "auth.fields.password"), { exact: true }).fill(account.password);
    await main.getByRole("button", { name: msg("en", "auth.login.submit"), exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/en" && u.search === "", { timeout: 15_000 });
    await gotoHydrated(page, "/ayarlar?sekme=silme");
    await page.locator("#settings-deletion-password").fill(account.password);
    await page.locator("#settings-deletion-confirm").check();
    await page.locator("main").getByRole("button", { name: msg("en", "settings.deletion.submit"), exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/en" && u.search === "?bildirim=silme", { timeout: 15_000 });
    await notice(page).waitFor({ state: "visible" });
    await expect(notice(page).innerText()).resolves.toBe(msg("en", "notices.deletionRequested"));
    await until(async () => (await focused(page)).role === "status", "the notice has the focus");
  });
});
