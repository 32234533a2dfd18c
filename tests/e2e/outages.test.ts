/**
 * Issue 23, item 2: a guest reports an outage on a provider's "is it down?" page, with JavaScript
 * (the browser's check first, the districts offered for the chosen province) and without (the
 * page answers the form); with the other networks' reports (sent through the API, the site
 * trusting its loopback proxy) the third network declares an incident (OUTAGE_MIN_NETWORKS=3 on
 * the test site), which the page then shows, in both languages. Axe in both themes at 360 px.
 * The member's alerts are then turned off in Settings, with JavaScript and without.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { waitForMail } from "./mailbox";
import {
  baseUrl,
  CONSENT_COOKIE,
  formatAxe,
  gotoHydrated,
  MOBILE,
  msg,
  seriousAxeViolations,
  sessionCookies,
  until,
  useBrowser,
  type Locale,
} from "./helpers";

const MEMBER = {
  email: "demo.bireysel@genisbant.com.tr",
  password: "Demo12345!",
};

/** How many mails to `to` whose subject holds `subject` the mailbox has. */
async function mailsTo(to: string, subject: string): Promise<number> {
  const dir = inject("mailDir");
  let found = 0;
  for (const name of readdirSync(dir)) {
    const raw = readFileSync(path.join(dir, name), "utf8");
    if (
      raw.startsWith(`X-Envelope-To: ${to}`) &&
      ((await simpleParser(raw)).subject ?? "").includes(subject)
    )
      found++;
  }
  return found;
}

const { newPage, browser } = useBrowser();
const STEP_MS = 90_000;
const test = (name: string, fn: () => Promise<void>) => it(name, fn, STEP_MS);

/** Two reports from other networks, as the apps would send them. */
async function otherNetworksReport(
  slug: string,
  city: number,
  district: string,
  first: number,
): Promise<void> {
  for (const n of [first, first + 1]) {
    const res = await fetch(`${baseUrl()}/api/v1/companies/${slug}/outages`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": `203.0.${n}.9`,
      },
      body: JSON.stringify({ problem: "noConnection", city, district }),
    });
    expect(await res.json()).toMatchObject({ success: true, counted: true });
  }
}

async function fillReport(page: Page, locale: Locale, district: string) {
  await page.getByLabel(msg(locale, "outages.problems.noConnection")).check();
  await page.locator("#outage-city").selectOption("1");
  await page.locator("#outage-district").fill(district);
  await page
    .getByRole("button", { name: msg(locale, "outages.form.submit") })
    .click();
}

describe("the outage page", () => {
  test("with JavaScript: the browser's check, the province's districts offered, a report that completes an incident", async () => {
    const path = "/kablolu-internet/pusula-fiber-demo/kesinti";
    const { page } = await newPage({ locale: "tr", viewport: MOBILE });
    await gotoHydrated(page, path);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });
    // Nothing chosen: refused in the browser, nothing sent.
    await page
      .getByRole("button", { name: msg("tr", "outages.form.submit") })
      .click();
    const summary = page
      .locator("#outage-form-title")
      .locator("xpath=..")
      .locator('[role="alert"]');
    await until(async () => (await summary.count()) === 1, "the error summary");
    expect(await summary.innerText()).toContain(
      msg("tr", "outages.errors.problem"),
    );
    expect(posts).toEqual([]);
    // A member asks for an alert for Seyhan on the same page, confirms it from the mail.
    const since = Date.now();
    const member = await newPage({ locale: "tr", viewport: MOBILE });
    await member.context.addCookies(await sessionCookies(MEMBER));
    await gotoHydrated(member.page, path);
    await member.page.locator("#outage-alert-city").selectOption("1");
    await member.page.locator("#outage-alert-district").fill("Seyhan");
    await member.page
      .getByRole("button", { name: msg("tr", "outages.alert.submit") })
      .click();
    const alertStatus = member.page
      .locator("#outage-alert-title")
      .locator("xpath=..")
      .locator('[role="status"]');
    await until(
      async () => (await alertStatus.count()) === 1,
      "the alert's success message",
      15_000,
    );
    const confirmation = await waitForMail(
      inject("mailDir"),
      MEMBER.email,
      /kesinti uyarınızı onaylayın/,
      since,
      30_000,
    );
    const link = /http:\/\/127\.0\.0\.1:\d+(\/kesinti-uyari\/[\w.-]+)/.exec(
      confirmation.text,
    )![1]!;
    await gotoHydrated(member.page, link);
    await member.page
      .getByRole("button", { name: msg("tr", "outages.alert.confirm") })
      .click();
    await until(
      async () =>
        (await member.page
          .getByText(msg("tr", "outages.alert.active").split("{{")[0]!.trim(), {
            exact: false,
          })
          .count()) === 1,
      "the alert confirmed",
    );
    // Choosing Adana offers its districts.
    await page.locator("#outage-city").selectOption("1");
    await until(
      async () =>
        (await page
          .locator('#outage-districts option[value="Seyhan"]')
          .count()) === 1,
      "Adana's districts in the list",
    );
    await otherNetworksReport("pusula-fiber-demo", 1, "Seyhan", 10);
    await fillReport(page, "tr", "seyhan");
    const status = page
      .locator("#outage-form-title")
      .locator("xpath=..")
      .locator('[role="status"]');
    await until(
      async () => (await status.count()) === 1,
      "the success message",
      15_000,
    );
    expect(await status.innerText()).toBe(
      msg("tr", "outages.form.counted")
        .replace("{{district}}", "Seyhan")
        .replace("{{city}}", "Adana"),
    );
    expect(
      await page
        .getByText(
          msg("tr", "outages.form.incidentNow").replace("{{city}}", "Adana"),
        )
        .count(),
    ).toBe(1);
    expect(posts.map((p) => p.replace(/\.data$/, ""))).toEqual([path]);
    // The member gets one mail for the incident, and no second one for the reports that follow.
    const subject = "Pusula Fiber Demo: Seyhan bölgesinde kesinti";
    await waitForMail(
      inject("mailDir"),
      MEMBER.email,
      new RegExp(subject),
      since,
      30_000,
    );
    await otherNetworksReport("pusula-fiber-demo", 1, "Seyhan", 12);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await mailsTo(MEMBER.email, subject)).toBe(1);
    // The page (revalidated) shows the incident.
    await until(
      async () =>
        (
          await page.locator('[data-testid="outage-status"]').innerText()
        ).includes(
          msg("tr", "outages.status.ongoing").replace("{{city}}", "Adana"),
        ),
      "the incident on the page",
    );
    for (const theme of ["light", "dark"] as const) {
      const { page: view } = await newPage({
        locale: "en",
        theme,
        viewport: { width: 360, height: 780 },
      });
      await gotoHydrated(view, `/en${path}`);
      expect(
        await view.locator('[data-testid="outage-status"]').innerText(),
      ).toContain(
        msg("en", "outages.status.ongoing").replace("{{city}}", "Adana"),
      );
      expect(
        await view.locator('[data-testid="outage-incidents"]').innerText(),
      ).toContain("Seyhan");
      const violations = await seriousAxeViolations(view);
      expect(violations, formatAxe(violations)).toEqual([]);
      expect(
        await view.evaluate(
          () =>
            document.documentElement.scrollWidth -
            document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    }
  });

  test("without JavaScript: a refusal refills the form, a report is counted and completes an incident", async () => {
    const path = "/mobil-internet/marti-mobil-demo/kesinti";
    await otherNetworksReport("marti-mobil-demo", 1, "Çukurova", 20);
    const context = await browser()!.newContext({
      javaScriptEnabled: false,
      locale: "en-US",
      baseURL: baseUrl(),
      viewport: { width: 360, height: 780 },
    });
    try {
      await context.addCookies([
        { name: CONSENT_COOKIE, value: "1", url: baseUrl() },
      ]);
      const page = await context.newPage();
      await page.goto(`/en${path}?il=1`);
      // The province named by the link: its districts are in the page.
      expect(
        await page
          .locator('#outage-districts option[value="Çukurova"]')
          .count(),
      ).toBe(1);
      await fillReport(page, "en", "Kadıköy");
      await page.waitForLoadState("load");
      expect(
        await page
          .locator("#outage-form-title")
          .locator("xpath=..")
          .locator('[role="alert"]')
          .innerText(),
      ).toContain(msg("en", "outages.errors.districtUnknown"));
      expect(await page.locator("#outage-district").inputValue()).toBe(
        "Kadıköy",
      );
      await page.locator("#outage-district").fill("Çukurova");
      await page
        .getByRole("button", { name: msg("en", "outages.form.submit") })
        .click();
      await page.waitForLoadState("load");
      expect(
        await page
          .locator("#outage-form-title")
          .locator("xpath=..")
          .locator('[role="status"]')
          .innerText(),
      ).toBe(
        msg("en", "outages.form.counted")
          .replace("{{district}}", "Çukurova")
          .replace("{{city}}", "Adana"),
      );
      await page.goto(`/en${path}`);
      expect(
        await page.locator('[data-testid="outage-status"]').innerText(),
      ).toContain(
        msg("en", "outages.status.ongoing").replace("{{city}}", "Adana"),
      );
      // A guest is offered to sign in; the member asks for an alert, without JavaScript too.
      expect(
        await page
          .getByRole("link", { name: msg("en", "outages.alert.signIn") })
          .count(),
      ).toBe(1);
      await context.addCookies(await sessionCookies(MEMBER));
      await page.goto(`/en${path}`);
      await page.locator("#outage-alert-city").selectOption("1");
      await page.locator("#outage-alert-district").fill("Çukurova");
      await page
        .getByRole("button", { name: msg("en", "outages.alert.submit") })
        .click();
      await page.waitForLoadState("load");
      expect(
        await page
          .locator("#outage-alert-title")
          .locator("xpath=..")
          .locator('[role="status"]')
          .innerText(),
      ).toBe(
        msg("en", "outages.alert.pendingSent").replace(
          "{{email}}",
          MEMBER.email,
        ),
      );
    } finally {
      await context.close();
    }
  });
  test("the member's alerts in Settings: one turned off with JavaScript, the other without", async () => {
    const { page, context } = await newPage({ locale: "tr", viewport: MOBILE });
    await context.addCookies(await sessionCookies(MEMBER));
    await gotoHydrated(page, "/ayarlar?sekme=kesinti-uyarilari");
    const list = page.getByTestId("outage-alert-list");
    const seyhan = list.locator("li").filter({ hasText: "Seyhan, Adana" });
    await until(async () => (await seyhan.count()) === 1, "the Seyhan alert");
    expect(
      await list.locator("li").filter({ hasText: "Çukurova, Adana" }).count(),
    ).toBe(1);
    expect(
      await page.evaluate(
        () =>
          document.documentElement.scrollWidth -
          document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    const violations = await seriousAxeViolations(page);
    expect(violations, formatAxe(violations)).toEqual([]);
    await seyhan
      .getByRole("button", { name: msg("tr", "settings.outageAlerts.turnOff") })
      .click();
    await until(
      async () =>
        (await page
          .getByText(msg("tr", "settings.outageAlerts.turnedOff"))
          .count()) === 1,
      "the success message",
      15_000,
    );
    await until(async () => (await seyhan.count()) === 0, "Seyhan gone");

    const plain = await browser()!.newContext({
      javaScriptEnabled: false,
      locale: "en-US",
      baseURL: baseUrl(),
      viewport: { width: 360, height: 780 },
    });
    try {
      await plain.addCookies([
        { name: CONSENT_COOKIE, value: "1", url: baseUrl() },
        ...(await sessionCookies(MEMBER)),
      ]);
      const noJs = await plain.newPage();
      await noJs.goto("/en/ayarlar?sekme=kesinti-uyarilari");
      const cukurova = noJs
        .getByTestId("outage-alert-list")
        .locator("li")
        .filter({ hasText: "Çukurova, Adana" });
      expect(await cukurova.count()).toBe(1);
      expect(await cukurova.innerText()).toContain(
        msg("en", "settings.outageAlerts.states.pending"),
      );
      await cukurova
        .getByRole("button", {
          name: msg("en", "settings.outageAlerts.turnOff"),
        })
        .click();
      await noJs.waitForLoadState("load");
      expect(
        await noJs
          .getByText(msg("en", "settings.outageAlerts.turnedOff"))
          .count(),
      ).toBe(1);
      expect(await cukurova.count()).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
