// Packages end to end, in Chromium: a corporate user adds a package in the
// dashboard (with an image) and sets where requests go: a mail address and, as its webhook, a
// receiver this test starts (its "send a test" call arrives signed); a visitor filters /paketler
// (fiber, ≥ 100 Mbps, 12 months), opens the package and reads its whole cost, ticks three to
// compare, opens the compare URL in a new page, and sends a subscription request; the company's
// inbox shows it, the suite's SMTP server receives the mail and the receiver a call whose
// Standard Webhooks signature (id, timestamp, HMAC with the secret the dashboard showed once) the
// test verifies. Steps run in order; once one fails the later ones are skipped. Waits are for
// states (a URL, a text, a file, a call), never fixed delays.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { baseUrl, formatAxe, gotoHydrated, msg, seriousAxeViolations, sessionCookies, storySteps, useBrowser } from "./helpers";
import { waitForMail } from "./mailbox";
import { startWebhookReceiver, verifyStandardWebhook, type WebhookCall } from "./webhook-receiver";

const { newPage } = useBrowser();
const STEP_MS = 90_000;

const stamp = Date.now().toString(36);
const TITLE = `E2E Fiber Paket ${stamp}`;
const LEAD_MAIL = `e2e.talep.${stamp}@example.com`;
const CORPORATE = { email: "demo.kurumsal@genisbant.com.tr", password: "Demo12345!" };

const state: { broken: boolean; companyId: string; secret: string; packagePath: string; packageId: string; compareUrl: string; reference: string; since: number } = {
  broken: false,
  companyId: "",
  secret: "",
  packagePath: "",
  packageId: "",
  compareUrl: "",
  reference: "",
  since: 0,
};

const step = storySteps(state, STEP_MS);

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

/** Waits for the receiver's first call whose JSON body passes `match`. */
async function waitForCall(match: (body: { type?: string; data?: Record<string, unknown> }) => boolean, timeoutMs = 30_000): Promise<WebhookCall> {
  let found: WebhookCall | undefined;
  await expect
    .poll(
      () => {
        found = receiver.calls.find((c) => {
          try {
            return match(JSON.parse(c.body) as { type?: string; data?: Record<string, unknown> });
          } catch {
            return false;
          }
        });
        return Boolean(found);
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
  return found!;
}

async function corporatePage() {
  const tp = await newPage({ locale: "tr" });
  await tp.context.addCookies(await sessionCookies(CORPORATE));
  return tp;
}

describe("packages: dashboard to visitor to inbox", () => {
  step("the corporate user opens a published company's packages from the dashboard menu", async () => {
    const { page } = await corporatePage();
    await gotoHydrated(page, "/isletme/liste");
    // A published demo company of the demo corporate account (the catalogue gives it every fourth one).
    const row = page.locator("tbody tr").filter({ hasText: msg("tr", "companyAdmin.states.published") }).first();
    await row.locator('a[href^="/isletme/paketler/liste/"]').click();
    await page.waitForURL(/\/isletme\/paketler\/liste\/\d+$/);
    state.companyId = /liste\/(\d+)$/.exec(page.url())![1]!;
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
  });

  step("sets where requests go, on the inbox page: a mail address and the test's webhook receiver; a test call arrives signed", async () => {
    const { page } = await corporatePage();
    await gotoHydrated(page, `/isletme/talepler/${state.companyId}`);
    await page.getByLabel(msg("tr", "packages.inbox.settings.mail")).fill(LEAD_MAIL);
    await page.getByLabel(msg("tr", "packages.inbox.settings.webhookUrl")).fill(receiver.url);
    await page.getByRole("button", { name: msg("tr", "packages.inbox.settings.submit") }).click();
    await expect.poll(() => page.getByText(msg("tr", "packages.inbox.settings.saved")).isVisible(), { timeout: 20_000 }).toBe(true);
    // The signing secret, shown this once.
    const secret = page.locator("section[aria-labelledby=delivery-title] code");
    await expect.poll(() => secret.count()).toBe(1);
    state.secret = (await secret.innerText()).trim();
    expect(state.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    // "Send a test": the receiver gets a signed lead.test call and the page shows its answer.
    await page.getByRole("button", { name: msg("tr", "packages.inbox.test.submit") }).click();
    await expect
      .poll(() => page.locator("section[aria-labelledby=webhook-test-title]").innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(msg("tr", "packages.inbox.test.answered", { status: 200, ms: "MS" }).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("MS", "\\d+")));
    // Only the status and the time: the receiver's body ("received") is not shown.
    expect(await page.locator("section[aria-labelledby=webhook-test-title]").innerText()).not.toContain("received");
    const call = await waitForCall((b) => b.type === "lead.test");
    expect(verifyStandardWebhook(state.secret, call)).toBeNull();
    expect(JSON.parse(call.body)).toMatchObject({ type: "lead.test", data: { companyId: Number(state.companyId) } });
    // Saved again unchanged, the page keeps the secret to itself.
    await gotoHydrated(page, `/isletme/talepler/${state.companyId}`);
    expect(await page.getByLabel(msg("tr", "packages.inbox.settings.webhookUrl")).inputValue()).toBe(receiver.url);
    expect(await page.content()).not.toContain(state.secret);
  });

  step("adds a fiber package of 100 Mbps with a 12-month commitment through the form", async () => {
    const { page } = await corporatePage();
    await gotoHydrated(page, `/isletme/paketler/yeni-paket/${state.companyId}`);
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
    const field = (key: string) => page.getByLabel(msg("tr", `packages.dashboard.fields.${key}`), { exact: false });
    // A failed submit first: the form says what is wrong and keeps what was typed.
    await page.locator("#package-title").fill(TITLE);
    await page.locator("#package-price").fill("abc");
    await page.getByRole("button", { name: msg("tr", "packages.dashboard.form.submitNew") }).click();
    await expect.poll(() => page.getByText(msg("tr", "packages.validation.money")).first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator("#package-title").inputValue()).toBe(TITLE);
    await field("serviceKind").selectOption("internet");
    await page.locator("#package-technology").selectOption("fiber");
    await page.locator("#package-downloadMbps").fill("100");
    await page.locator("#package-uploadMbps").fill("20");
    // The cheapest package of the catalogue, so it leads the list sorted by monthly price.
    await page.locator("#package-price").fill("19,90");
    await page.locator("#package-commitmentMonths").fill("12");
    await page.locator("#package-commitmentPrice").fill("9,90");
    await page.locator("#package-priceAfterCommitment").fill("29,90");
    await page.locator("#package-activationFee").fill("50");
    // An image with it (the form is multipart; the image is judged and re-encoded on the server).
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 90 } } }).jpeg().toBuffer();
    await page.locator("#package-image").setInputFiles({ name: "paket.jpg", mimeType: "image/jpeg", buffer: image });
    await page.getByRole("button", { name: msg("tr", "packages.dashboard.form.submitNew") }).click();
    await page.waitForURL(/\/isletme\/paketler\/duzenle\/\d+\/\d+\?sonuc=eklendi$/, { timeout: 30_000 });
    state.packageId = /\/(\d+)\?sonuc/.exec(page.url())![1]!;
    await expect.poll(() => page.getByText(msg("tr", "packages.dashboard.form.created")).isVisible()).toBe(true);
    const publicLink = page.getByRole("link", { name: msg("tr", "packages.dashboard.form.publicLink") });
    state.packagePath = new URL((await publicLink.getAttribute("href"))!, baseUrl()).pathname;
    expect(state.packagePath).toMatch(/\/paket\/e2e-fiber-paket-/);
  });

  step("a visitor filters /paketler by fiber, 100 Mbps or more and 12 months, and finds it first", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/paketler");
    await page.locator("#pf-kind").selectOption("internet");
    await page.locator('input[name="tech"][value="fiber"]').check();
    await page.locator("#pf-speed").selectOption("100");
    await page.locator("#pf-commitment").selectOption("12");
    await page.locator("#pf-sort").selectOption("price");
    // Every filter's navigation, the sort's (the last) included: a list still changing would drop a ticked compare box.
    await page.waitForURL((u) => u.searchParams.get("speed") === "100" && u.searchParams.get("commitment") === "12" && u.searchParams.getAll("tech").includes("fiber") && u.searchParams.get("sort") === "price");
    const cards = page.getByTestId("package-card");
    await expect.poll(() => cards.first().innerText(), { timeout: 20_000 }).toContain(TITLE);
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    // Three to compare: this one and the next two.
    for (let i = 0; i < 3; i++) await cards.nth(i).getByLabel(msg("tr", "packages.card.compare")).check();
    await page.getByRole("button", { name: msg("tr", "packages.card.compareSelected") }).click();
    await page.waitForURL((u) => u.pathname === "/paketler/karsilastir" && u.searchParams.getAll("p").length === 3);
    state.compareUrl = page.url();
    expect(new URL(state.compareUrl).searchParams.getAll("p")).toContain(state.packageId);
  });

  step("the same list opened directly (its cards sent once, as HTML: decision 040): two ticked are compared; a card's link navigates in the page and back renders the list", async () => {
    const { page } = await newPage({ locale: "tr" });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const listUrl = "/paketler?kind=internet&tech=fiber&speed=100&commitment=12&sort=price";
    const cards = page.getByTestId("package-card");
    // The cards as the server sent them, not hydrated: their compare boxes belong to a plain form.
    await gotoHydrated(page, listUrl);
    expect(await cards.first().innerText()).toContain(TITLE);
    const hydrated = (selector: string) => page.locator(selector).first().evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$")));
    expect(await hydrated('[data-testid="package-card"]')).toBe(false);
    expect(await hydrated("#pf-kind")).toBe(true);
    for (let i = 0; i < 2; i++) await cards.nth(i).getByLabel(msg("tr", "packages.card.compare")).check();
    await page.getByRole("button", { name: msg("tr", "packages.card.compareSelected") }).click();
    await page.waitForURL((u) => u.pathname === "/paketler/karsilastir" && u.searchParams.getAll("p").length === 2);
    expect(new URL(page.url()).searchParams.getAll("p")).toContain(state.packageId);
    // A click on a title is still a client-side navigation (the page's window stays).
    await gotoHydrated(page, listUrl);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await cards.first().getByRole("link", { name: TITLE }).click();
    await page.waitForURL((u) => u.pathname === state.packagePath);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), { timeout: 20_000 }).toContain(TITLE);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    // Back: the list is rendered in the browser from the navigation's data.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/paketler" && u.searchParams.get("sort") === "price");
    await expect.poll(() => cards.first().innerText(), { timeout: 20_000 }).toContain(TITLE);
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    expect(await hydrated('[data-testid="package-card"]')).toBe(true);
    expect(errors).toEqual([]);
  });

  step("the compare URL opened in a new page shows the three side by side", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, new URL(state.compareUrl).pathname + new URL(state.compareUrl).search);
    const table = page.getByTestId("compare-table");
    await expect.poll(() => table.innerText(), { timeout: 20_000 }).toContain(TITLE);
    expect(await page.getByTestId("compare-column").count()).toBe(3);
    expect(await table.innerText()).toContain(msg("tr", "packages.compare.cheapest"));
  });

  step("the visitor opens the package, reads its whole cost, and sends a subscription request", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, state.packagePath);
    const body = await page.locator("main").innerText();
    expect(body).toContain(TITLE);
    expect(body).toContain(msg("tr", "packages.detail.total", { count: 12 }));
    expect(body).toContain(msg("tr", "packages.detail.after"));
    // Its image, loaded (the box reserved by width and height, the alt text naming the package).
    const image = page.getByTestId("package-image");
    expect(await image.getAttribute("alt")).toBe(msg("tr", "packages.detail.imageAlt", { title: TITLE }));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(640);
    const form = page.getByTestId("lead-subscribe-form");
    await form.getByLabel(msg("tr", "packages.leads.firstName"), { exact: true }).fill("Ayşe");
    await form.getByLabel(msg("tr", "packages.leads.lastName"), { exact: true }).fill("Uçtan");
    await form.getByRole("textbox", { name: msg("tr", "packages.leads.phone") }).fill("0532 765 43 21");
    await form.getByRole("checkbox").check();
    state.since = Date.now() - 1000;
    await form.getByRole("button", { name: msg("tr", "packages.leads.send") }).click();
    await expect.poll(async () => /GB-[2-9A-Z]{4}-[2-9A-Z]{4}/.exec(await form.innerText())?.[0] ?? "", { timeout: 30_000 }).not.toBe("");
    state.reference = /GB-[2-9A-Z]{4}-[2-9A-Z]{4}/.exec(await form.innerText())![0];
  });

  step("its webhook receives the request once, signed after the Standard Webhooks scheme with the company's secret", async () => {
    const call = await waitForCall((b) => b.type === "lead.created" && b.data?.reference === state.reference, 60_000);
    expect(call.path).toBe(new URL(receiver.url).pathname);
    expect(call.headers["content-type"]).toBe("application/json");
    // Id, timestamp and HMAC, checked here apart from the site's code.
    const id = String(call.headers["webhook-id"]);
    expect(id).not.toBe("");
    const timestamp = Number(call.headers["webhook-timestamp"]);
    expect(Math.abs(timestamp - call.receivedAt / 1000)).toBeLessThan(60);
    expect(String(call.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyStandardWebhook(state.secret, call)).toBeNull();
    // The check can fail: another key, a changed body, another id, an old timestamp.
    expect(verifyStandardWebhook(`whsec_${Buffer.from("not-the-company-secret-24").toString("base64")}`, call)).toBe("bad signature");
    expect(verifyStandardWebhook(state.secret, { ...call, body: call.body.replace("Ayşe", "Ayse") })).toBe("bad signature");
    expect(verifyStandardWebhook(state.secret, { ...call, headers: { ...call.headers, "webhook-id": `${id}x` } })).toBe("bad signature");
    expect(verifyStandardWebhook(state.secret, call, call.receivedAt + 10 * 60_000)).toBe("stale timestamp");
    const body = JSON.parse(call.body) as { type: string; data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      reference: state.reference,
      kind: "subscribe",
      firstName: "Ayşe",
      lastName: "Uçtan",
      phone: "+905327654321",
      package: { id: Number(state.packageId), title: TITLE },
      company: { id: Number(state.companyId) },
    });
    expect(receiver.calls.filter((c) => c.headers["webhook-id"] === id)).toHaveLength(1);
  });

  step("the company's inbox shows the request and its SMTP server receives the mail", async () => {
    const mail = await waitForMail(inject("mailDir"), LEAD_MAIL, new RegExp(state.reference), state.since, 60_000);
    expect(mail.text).toContain("+905327654321");
    expect(mail.text).toContain(TITLE);
    const { page } = await corporatePage();
    await gotoHydrated(page, `/isletme/talepler/${state.companyId}`);
    const card = page.getByRole("listitem").filter({ hasText: state.reference });
    await expect.poll(() => card.count()).toBe(1);
    const text = await card.innerText();
    expect(text).toContain("Ayşe Uçtan");
    expect(text).toContain(TITLE);
    // Each delivery is marked delivered right after the SMTP server took the mail or the webhook answered: reload until both show.
    const delivered = (channel: "mail" | "webhook") => `${msg("tr", `packages.inbox.channels.${channel}`)}: ${msg("tr", "packages.inbox.deliveryStates.delivered")}`;
    await expect
      .poll(
        async () => {
          await gotoHydrated(page, `/isletme/talepler/${state.companyId}`);
          const text = await page.getByRole("listitem").filter({ hasText: state.reference }).innerText();
          return text.includes(delivered("mail")) && text.includes(delivered("webhook"));
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    // The owner marks it contacted.
    await card.getByLabel(msg("tr", "packages.inbox.state")).selectOption("contacted");
    await card.getByRole("button", { name: msg("tr", "packages.inbox.save") }).click();
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: state.reference }).innerText(), { timeout: 20_000 }).toContain(msg("tr", "packages.inbox.updated"));
    expect(await seriousAxeViolations(page).then(formatAxe)).toBe("");
  });

  step("the company raises the price in the dashboard: the package's history chart and table, the company's price changes and compare show it, in both languages", async () => {
    const { page } = await corporatePage();
    await gotoHydrated(page, `/isletme/paketler/duzenle/${state.companyId}/${state.packageId}`);
    await page.locator("#package-commitmentPrice").fill("12,90");
    await page.getByRole("button", { name: msg("tr", "packages.dashboard.form.submitEdit") }).click();
    await expect.poll(() => page.getByText(msg("tr", "packages.dashboard.form.saved")).first().isVisible(), { timeout: 20_000 }).toBe(true);
    const visitor = (await newPage({ locale: "tr" })).page;
    // The package page: the chart (two points now) and the table with the change.
    await gotoHydrated(visitor, state.packagePath);
    const history = visitor.getByTestId("price-history");
    await expect.poll(() => history.innerText(), { timeout: 20_000 }).toContain(msg("tr", "packages.history.kinds.changed"));
    expect(await history.innerText()).toContain("₺12,90");
    expect(await visitor.getByTestId("price-chart").count()).toBe(1);
    expect(await seriousAxeViolations(visitor).then(formatAxe)).toBe("");
    await gotoHydrated(visitor, `/en${state.packagePath}`);
    expect(await visitor.getByTestId("price-history").innerText()).toContain(msg("en", "packages.history.kinds.changed"));
    // The company's packages page lists the change with the price before.
    const companyPackages = state.packagePath.replace(/\/paket\/[^/]+$/, "/paketler");
    await gotoHydrated(visitor, companyPackages);
    const record = await visitor.getByTestId("price-record").innerText();
    expect(record).toContain(TITLE);
    expect(record).toContain("₺9,90");
    expect(record).toContain("₺12,90");
    expect(await seriousAxeViolations(visitor).then(formatAxe)).toBe("");
    await gotoHydrated(visitor, `/en${companyPackages}`);
    expect(await visitor.getByTestId("price-record").innerText()).toContain(TITLE);
    // Compare: its last change.
    await gotoHydrated(visitor, `/paketler/karsilastir?p=${state.packageId}`);
    expect(await visitor.getByTestId("compare-table").innerText()).toMatch(/₺9,90 → ₺12,90/);
    await gotoHydrated(visitor, `/en/paketler/karsilastir?p=${state.packageId}`);
    expect(await visitor.getByTestId("compare-table").innerText()).toContain(msg("en", "packages.history.lastChange"));
  });
});
