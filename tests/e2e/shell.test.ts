// The page shell as a user meets it in the browser (spec §2 "Page shell"): header and menus,
// language, search overlay, theme, cookie consent, newsletter, contact form, navigation, 404.
import { describe, expect, test } from "vitest";
import {
  baseUrl,
  CONSENT_COOKIE,
  DESKTOP,
  gotoHydrated,
  htmlHasDark,
  LOCALE_COOKIE,
  MOBILE,
  msg,
  THEME_COOKIE,
  tinyPng,
  until,
  useBrowser,
  waitForHydration,
  type Locale,
} from "./helpers";
import type { Page } from "playwright-core";

const { newPage } = useBrowser();

const MAIN_NAV = [
  { href: "/internet-altyapi-hiz-sorgulama", label: "nav.infrastructure" },
  { href: "/blog-yazilari", label: "nav.blogs" },
  { href: "/isletmeler", label: "nav.corporates" },
  { href: "/paketler", label: "nav.packages" },
];
const CONSENT_SERVICES = ["cloudflare", "adsense", "ip-address", "user-agent", "cookies"];

async function navEntries(page: Page, selector: string) {
  return page.$$eval(`${selector} a`, (links) =>
    links.map((a) => ({ href: a.getAttribute("href"), text: a.textContent?.trim(), visible: (a as HTMLElement).offsetParent !== null })),
  );
}

const expectedNav = (locale: Locale) =>
  MAIN_NAV.map((n) => ({ href: locale === "en" ? `/en${n.href}` : n.href, text: msg(locale, n.label), visible: true }));

async function reloadHydrated(page: Page) {
  await page.reload({ waitUntil: "load" });
  await waitForHydration(page);
}

describe("header", () => {
  test("the back button is absent on Home and present elsewhere", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/");
    await expect(page.getByRole("link", { name: msg("tr", "nav.back"), exact: true }).count()).resolves.toBe(0);
    await gotoHydrated(page, "/iletisim");
    await expect(page.getByRole("link", { name: msg("tr", "nav.back"), exact: true }).isVisible()).resolves.toBe(true);
  });

  test("desktop menu at 1280 px and burger menu at 390 px show the same four entries", async () => {
    const desktop = await newPage({ viewport: DESKTOP });
    await gotoHydrated(desktop.page, "/");
    const mainMenu = `nav[aria-label="${msg("tr", "nav.mainMenu")}"]`;
    expect(await navEntries(desktop.page, mainMenu)).toEqual(expectedNav("tr"));
    await expect(desktop.page.getByRole("button", { name: msg("tr", "nav.openMenu") }).isVisible()).resolves.toBe(false);

    const mobile = await newPage({ viewport: MOBILE });
    await gotoHydrated(mobile.page, "/");
    await expect(mobile.page.locator(mainMenu).isVisible()).resolves.toBe(false);
    await expect(mobile.page.locator("#mobile-menu").count()).resolves.toBe(0);
    const burger = mobile.page.getByRole("button", { name: msg("tr", "nav.openMenu") });
    await burger.click();
    await mobile.page.locator("#mobile-menu").waitFor({ state: "visible" });
    expect(await navEntries(mobile.page, "#mobile-menu")).toEqual(expectedNav("tr"));
    await expect(mobile.page.getByTestId("menu-overlay").isVisible()).resolves.toBe(true);
  });

  test("the language menu lists EN and TR with flags; EN reloads in English and survives a reload", async () => {
    const { page, context } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/iletisim");
    await page.getByRole("button", { name: msg("tr", "nav.language", { code: "TR" }) }).click();
    const menu = page.locator("#language-menu");
    await menu.waitFor({ state: "visible" });
    const options = await menu.locator("a").evaluateAll((buttons) =>
      buttons.map((b) => {
        const svg = b.querySelector("svg");
        const box = svg?.getBoundingClientRect();
        return {
          lang: b.getAttribute("lang"),
          code: b.querySelector(".font-semibold")?.textContent,
          flag: svg?.getAttribute("viewBox") ?? null,
          flagShown: !!box && box.width > 0 && box.height > 0,
        };
      }),
    );
    expect(options).toEqual([
      { lang: "en", code: "EN", flag: "0 0 60 30", flagShown: true },
      { lang: "tr", code: "TR", flag: "0 0 30 20", flagShown: true },
    ]);

    // Each entry is a link to this page's twin (crawlable, shareable; decision 025).
    await expect(menu.locator('a[lang="en"]').getAttribute("href")).resolves.toBe("/en/iletisim?lng=en");
    await menu.locator('a[lang="en"]').click();
    await page.waitForFunction(() => document.documentElement.lang === "en", undefined, { timeout: 15_000 });
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/en/iletisim");
    expect(await navEntries(page, `nav[aria-label="${msg("en", "nav.mainMenu")}"]`)).toEqual(expectedNav("en"));
    await expect(page.locator("h1").innerText()).resolves.toBe("Contact us"); // server/content/contact.ts, en
    const lng = (await context.cookies()).filter((c) => c.name === LOCALE_COOKIE).map((c) => c.value);
    expect(lng).toEqual(["en"]);

    await reloadHydrated(page);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
    await expect(page.getByRole("button", { name: msg("en", "nav.language", { code: "EN" }) }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: msg("en", "nav.infrastructure") }).first().isVisible()).resolves.toBe(true);
  });

  test("menus close on a click on the dark overlay and on Escape", async () => {
    const { page } = await newPage({ viewport: DESKTOP });
    await gotoHydrated(page, "/iletisim");
    const overlay = page.getByTestId("menu-overlay");
    const menus = [
      { button: msg("tr", "nav.language", { code: "TR" }), panel: "#language-menu" },
      { button: msg("tr", "nav.userMenu"), panel: "#user-menu" },
    ];
    for (const { button, panel } of menus) {
      await page.getByRole("button", { name: button }).click();
      await page.locator(panel).waitFor({ state: "visible" });
      await expect(overlay.isVisible(), `overlay while ${panel} is open`).resolves.toBe(true);
      await page.mouse.click(40, DESKTOP.height - 60); // outside the menu, on the overlay
      await page.locator(panel).waitFor({ state: "detached", timeout: 3000 });
      await expect(overlay.count()).resolves.toBe(0);

      await page.getByRole("button", { name: button }).click();
      await page.locator(panel).waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await page.locator(panel).waitFor({ state: "detached", timeout: 3000 });
      await expect(overlay.count()).resolves.toBe(0);
    }

    const mobile = await newPage({ viewport: MOBILE });
    await gotoHydrated(mobile.page, "/iletisim");
    const burger = mobile.page.getByRole("button", { name: msg("tr", "nav.openMenu") });
    await burger.click();
    await mobile.page.locator("#mobile-menu").waitFor({ state: "visible" });
    await mobile.page.mouse.click(20, MOBILE.height - 40);
    await mobile.page.locator("#mobile-menu").waitFor({ state: "detached", timeout: 3000 });
    await burger.click();
    await mobile.page.locator("#mobile-menu").waitFor({ state: "visible" });
    await mobile.page.keyboard.press("Escape");
    await mobile.page.locator("#mobile-menu").waitFor({ state: "detached", timeout: 3000 });
    await expect(mobile.page.getByTestId("menu-overlay").count()).resolves.toBe(0);
  });

  test("the guest user menu shows the placeholder name and e-mail with Login and Register", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: msg("tr", "nav.userMenu") }).click();
    const menu = page.locator("#user-menu");
    await menu.waitFor({ state: "visible" });
    const text = await menu.innerText();
    expect(text).toContain(msg("tr", "nav.guestName"));
    expect(text).toContain(msg("tr", "nav.guestEmail"));
    await expect(menu.getByRole("link", { name: msg("tr", "nav.login") }).getAttribute("href")).resolves.toBe("/giris");
    await expect(menu.getByRole("link", { name: msg("tr", "nav.register") }).getAttribute("href")).resolves.toBe("/hesap-olustur");
  });
});

describe("search overlay", () => {
  const dialogOpen = (page: Page) => page.evaluate(() => !!document.querySelector("dialog[open]"));
  const inputFocused = (page: Page) => page.evaluate(() => document.activeElement?.id === "search-input");

  async function openWithSlash(page: Page) {
    await page.keyboard.press("/");
    await until(() => dialogOpen(page), "search dialog open after '/'", 3000);
  }

  test("opens with '/' and with the search button; the hint names '/'; focus; Escape and backdrop close it", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/iletisim");
    expect(await dialogOpen(page)).toBe(false);

    await openWithSlash(page);
    await until(() => inputFocused(page), "search input focused after opening", 1000);
    const hint = await page.locator("#search-hint").innerText();
    expect(hint).toBe(msg("tr", "search.hintOther"));
    expect(hint).toContain("/");
    await expect(page.locator("#search-input").inputValue()).resolves.toBe(""); // "/" was not typed into it
    await page.keyboard.press("Escape");
    await until(async () => !(await dialogOpen(page)), "dialog closed by Escape", 3000);

    await page.getByRole("button", { name: msg("tr", "nav.openSearch"), exact: true }).click();
    await until(() => dialogOpen(page), "search dialog open after the button", 3000);
    await until(() => inputFocused(page), "search input focused after opening", 1000);
    const box = await page.locator("dialog[open]").boundingBox();
    expect(box).not.toBeNull();
    // A click on the backdrop: above the dialog box.
    await page.mouse.click(box!.x + box!.width / 2, Math.max(2, box!.y / 2));
    await until(async () => !(await dialogOpen(page)), "dialog closed by a click on the backdrop", 3000);
  });

  test("validation: min length 3, letters/digits only, max length 60", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/");
    await openWithSlash(page);
    const input = page.locator("#search-input");
    await until(() => inputFocused(page), "search input focused", 1000);

    await input.pressSequentially("ab");
    await page.keyboard.press("Enter");
    await expect(page.locator("#search-error").innerText()).resolves.toBe(msg("tr", "validation.search.min", { min: 3 }));
    expect(await page.locator("#search-error").innerText()).toContain("3");
    expect(await dialogOpen(page)).toBe(true);

    await input.fill("");
    await input.pressSequentially("a$b%");
    await page.keyboard.press("Enter");
    await expect(page.locator("#search-error").innerText()).resolves.toBe(msg("tr", "validation.search.alphanumeric"));

    await input.fill("");
    await input.pressSequentially("x".repeat(61));
    expect(await input.inputValue()).toHaveLength(60);
    expect(await input.getAttribute("maxlength")).toBe("60");
  });

  test("'Türk Telekom' + Enter closes and clears the box and goes to /arama/turk-telekom", async () => {
    const { page } = await newPage();
    await gotoHydrated(page, "/iletisim");
    await openWithSlash(page);
    await until(() => inputFocused(page), "search input focused", 1000);
    await page.locator("#search-input").pressSequentially("Türk Telekom");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/arama/turk-telekom", { timeout: 10_000 });
    await until(async () => !(await dialogOpen(page)), "dialog closed after a valid search", 3000);
    await page.waitForLoadState("networkidle");
    // The results page has a search button of its own: the header's is the one that opens the box.
    await page.getByRole("banner").getByRole("button", { name: msg("tr", "nav.openSearch"), exact: true }).click();
    await until(() => dialogOpen(page), "search dialog open again", 3000);
    await expect(page.locator("#search-input").inputValue()).resolves.toBe("");
  });
});

describe("theme toggle", () => {
  test("fixed bottom-right; a click turns dark at once; the server renders dark after a reload", async () => {
    const { page, context } = await newPage({ theme: "light" });
    await gotoHydrated(page, "/sikca-sorulan-sorular");
    const toggle = page.getByTestId("theme-toggle");
    const place = async () => {
      const box = await toggle.boundingBox();
      const vp = page.viewportSize()!;
      return box ? { right: vp.width - (box.x + box.width), bottom: vp.height - (box.y + box.height) } : null;
    };
    const before = await place();
    expect(before).not.toBeNull();
    expect(before!.right).toBeGreaterThanOrEqual(0);
    expect(before!.right).toBeLessThanOrEqual(32);
    expect(before!.bottom).toBeGreaterThanOrEqual(0);
    expect(before!.bottom).toBeLessThanOrEqual(32);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    expect(await place(), "same place after scrolling (fixed)").toEqual(before);
    expect(await toggle.getAttribute("aria-label")).toBe(msg("tr", "theme.toDark"));

    expect(await htmlHasDark(page)).toBe(false);
    await toggle.click();
    expect(await htmlHasDark(page), "html.dark right after the click").toBe(true);
    await until(async () => (await toggle.getAttribute("aria-label")) === msg("tr", "theme.toLight"), "toggle label switched");
    const themeCookie = (await context.cookies()).filter((c) => c.name === THEME_COOKIE).map((c) => c.value);
    expect(themeCookie).toEqual(["dark"]);

    await reloadHydrated(page);
    expect(await htmlHasDark(page)).toBe(true);

    // No flash: the server's own HTML already carries the class, before any script runs.
    const cookieHeader = (await context.cookies(baseUrl())).map((c) => `${c.name}=${c.value}`).join("; ");
    const html = await (await fetch(`${baseUrl()}/sikca-sorulan-sorular`, { headers: { cookie: cookieHeader } })).text();
    const htmlTag = /<html\b[^>]*>/.exec(html)?.[0] ?? "";
    expect(htmlTag).toMatch(/\bclass="(?:[^"]*\s)?dark(?:\s[^"]*)?"/);
  });
});

describe("cookie consent", () => {
  test("five services (AdSense optional), Accept all hides it for good and keeps the choice on the device", async () => {
    const { page, context } = await newPage({ consent: false });
    await gotoHydrated(page, "/");
    const banner = page.getByTestId("cookie-consent");
    await expect(banner.isVisible()).resolves.toBe(true);
    const text = await banner.innerText();
    for (const s of CONSENT_SERVICES) expect(text).toContain(msg("tr", `consent.services.${s}`));

    await banner.getByRole("button", { name: msg("tr", "consent.acceptAll") }).click();
    await banner.waitFor({ state: "detached", timeout: 3000 });
    const stored = await page.evaluate(() => localStorage.getItem("gb.consent"));
    expect(stored).not.toBeNull();
    expect((JSON.parse(stored!) as { services: string[] }).services).toEqual(CONSENT_SERVICES);
    const consentCookie = (await context.cookies()).filter((c) => c.name === CONSENT_COOKIE).map((c) => c.value);
    expect(consentCookie).toEqual(["1"]);

    await reloadHydrated(page);
    await expect(page.getByTestId("cookie-consent").count()).resolves.toBe(0);
    await gotoHydrated(page, "/hakkimizda");
    await expect(page.getByTestId("cookie-consent").count()).resolves.toBe(0);
  });
});

describe("newsletter (footer)", () => {
  test("required, min length 6, format, consent, success; the same address again also succeeds", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/hakkimizda");
    const footer = page.locator("footer");
    const email = footer.locator("#newsletter-email");
    const consent = footer.locator("#newsletter-emailCheckbox");
    const submit = footer.getByRole("button", { name: msg("tr", "newsletter.submit") });
    const emailError = footer.locator("#newsletter-email-error");
    const consentError = footer.locator("#newsletter-emailCheckbox-error");
    await email.scrollIntoViewIfNeeded();

    await submit.click();
    await expect(emailError.innerText()).resolves.toBe(msg("tr", "validation.newsletter.email.required"));
    await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");

    await email.fill("a@b");
    await submit.click();
    await until(async () => (await emailError.innerText()) === msg("tr", "validation.newsletter.email.min", { min: 6 }), "min-length message");
    expect(await emailError.innerText()).toContain("6");

    await email.fill("abcdef.example");
    await submit.click();
    await until(async () => (await emailError.innerText()) === msg("tr", "validation.newsletter.email.format"), "format message");

    const address = `e2e-${Date.now()}@example.com`;
    await email.fill(address);
    await submit.click();
    // The check runs once the schema module has loaded (it is fetched on the first submit).
    await until(async () => (await emailError.count()) === 0, "e-mail message gone");
    await expect(consentError.innerText()).resolves.toBe(msg("tr", "validation.newsletter.consent"));

    await consent.check();
    await submit.click();
    const success = footer.getByRole("status");
    await success.waitFor({ state: "visible", timeout: 10_000 });
    await expect(success.innerText()).resolves.toBe(msg("tr", "newsletter.success"));
    await expect(footer.locator("#newsletter-email").count()).resolves.toBe(0);

    // The same address once more, from a fresh page: still a success, no error.
    await reloadHydrated(page);
    await footer.locator("#newsletter-email").fill(address.toUpperCase());
    await footer.locator("#newsletter-emailCheckbox").check();
    await footer.getByRole("button", { name: msg("tr", "newsletter.submit") }).click();
    await footer.getByRole("status").waitFor({ state: "visible", timeout: 10_000 });
    await expect(footer.getByRole("status").innerText()).resolves.toBe(msg("tr", "newsletter.success"));
  });
});

describe("contact form", () => {
  /** Counts the form posts to /iletisim, to prove a refusal happened before any upload. */
  function countPosts(page: Page) {
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && /^(?:\/en)?\/iletisim/.test(new URL(r.url()).pathname)) posts++;
    });
    return () => posts;
  }

  async function fillValid(page: Page, name = "Ayşe Yılmaz") {
    await page.locator("#contact-fullName").fill(name);
    await page.locator("#contact-email").fill("ayse.e2e@example.com");
    await page.locator("#contact-message").fill("Fiber altyapı hakkında bilgi almak istiyorum, teşekkürler.");
  }

  test("an empty submit shows the three required messages (English)", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, "/iletisim");
    const posts = countPosts(page);
    await page.getByRole("button", { name: msg("en", "contact.submit"), exact: true }).click();
    await expect(page.locator("#contact-fullName-error").innerText()).resolves.toBe("Please enter your full name.");
    await expect(page.locator("#contact-email-error").innerText()).resolves.toBe("Please enter your e-mail address.");
    await expect(page.locator("#contact-message-error").innerText()).resolves.toBe("Please write your message.");
    for (const f of ["fullName", "email", "message"]) {
      await expect(page.locator(`#contact-${f}`).getAttribute("aria-invalid")).resolves.toBe("true");
    }
    expect(posts()).toBe(0);
  });

  test("a valid message with a small PNG attachment is sent", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/iletisim");
    await fillValid(page);
    await page.locator("#contact-attachments").setInputFiles({ name: "ekran.png", mimeType: "image/png", buffer: tinyPng() });
    await page.getByRole("button", { name: msg("tr", "contact.submit"), exact: true }).click();
    const success = page.locator("main").getByRole("status");
    await success.waitFor({ state: "visible", timeout: 15_000 });
    await expect(success.innerText()).resolves.toBe(msg("tr", "contact.success"));
    await expect(page.locator("#contact-fullName").inputValue()).resolves.toBe(""); // form reset
    await expect(page.locator("#contact-attachments-error").count()).resolves.toBe(0);
  });

  test("x.exe is refused in the browser, before any upload", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/iletisim");
    const posts = countPosts(page);
    await fillValid(page);
    await page.locator("#contact-attachments").setInputFiles({ name: "x.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ fake") });
    await page.getByRole("button", { name: msg("tr", "contact.submit"), exact: true }).click();
    const error = page.locator("#contact-attachments-error");
    await error.waitFor({ state: "visible", timeout: 3000 });
    await expect(error.innerText()).resolves.toBe(msg("tr", "validation.attachments.type", { name: "x.exe" }));
    await page.waitForTimeout(300);
    expect(posts()).toBe(0);
  });

  test("a text file named fake.pdf is refused by the server's content check: its content does not match its type (English)", async () => {
    const { page } = await newPage({ locale: "en", allow: [{ status: 415, path: "/iletisim", method: "POST" }] });
    await gotoHydrated(page, "/iletisim");
    const posts = countPosts(page);
    await fillValid(page, "Jane Doe");
    await page.locator("#contact-attachments").setInputFiles({
      name: "fake.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("This is plain text pretending to be a PDF.\n"),
    });
    await page.getByRole("button", { name: msg("en", "contact.submit"), exact: true }).click();
    const error = page.locator("#contact-attachments-error");
    await error.waitFor({ state: "visible", timeout: 15_000 });
    await expect(error.innerText()).resolves.toBe(msg("en", "validation.attachments.mismatch", { name: "fake.pdf" }));
    expect(posts()).toBe(1);
    await expect(page.locator("main").getByRole("status").count()).resolves.toBe(0);
  });
});

describe("navigation", () => {
  test("a footer quick link changes the page client-side (no document reload) and scrolls to the top", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/sikca-sorulan-sorular");
    // Gone after a full document load; kept by a client-side navigation (app/lib/client-links.ts).
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await until(() => page.evaluate(() => window.scrollY > 300), "scrolled to the bottom");
    await page.locator("footer").getByRole("link", { name: msg("tr", "pages.about"), exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/hakkimizda", { timeout: 10_000 });
    await until(async () => (await page.locator("h1").innerText()).length > 0 && !(await page.locator("[data-testid=faq-entry]").count()), "about page shown");
    await until(() => page.evaluate(() => window.scrollY === 0), "window.scrollY === 0 after the page change", 3000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("the header's logo link goes home client-side; the main menu marks no entry current off its pages", async () => {
    const { page } = await newPage({ locale: "tr" });
    await gotoHydrated(page, "/hakkimizda");
    expect(await page.locator("header nav a[aria-current=page]").count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator("header").getByRole("link", { name: msg("tr", "nav.logoAlt") }).click();
    await page.waitForURL((u) => u.pathname === "/", { timeout: 10_000 });
    await until(async () => (await page.locator("h1").innerText()) === msg("tr", "home.title"), "the home page's heading", 5000);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("home opened directly (its sections sent once, as HTML: decision 040): a package tab changes client-side and the new tab renders", async () => {
    const { page } = await newPage({ locale: "en" });
    await gotoHydrated(page, "/en");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const tabs = page.getByRole("navigation", { name: msg("en", "packages.popular.tabs") });
    expect(await tabs.locator("a[aria-current=page]").innerText()).toBe(msg("en", "packages.kinds.internet"));
    await tabs.getByRole("link", { name: msg("en", "packages.kinds.hosting"), exact: true }).click();
    await page.waitForURL((u) => u.search === "?paket=hosting", { timeout: 10_000 });
    await until(async () => (await tabs.locator("a[aria-current=page]").innerText()) === msg("en", "packages.kinds.hosting"), "the hosting tab current");
    const all = msg("en", "packages.popular.all", { kind: msg("en", "packages.kinds.hosting") });
    expect(await page.getByRole("link", { name: all }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("the 404 page's home button leads to '/'", async () => {
    const { page } = await newPage({ allow: [{ status: 404, path: "/404", method: "GET" }] });
    const res = await gotoHydrated(page, "/404");
    expect(res?.status()).toBe(404);
    await page.getByRole("link", { name: msg("tr", "notFound.home") }).click();
    await page.waitForURL((u) => u.pathname === "/", { timeout: 10_000 });
    await until(async () => (await page.locator("h1").innerText()) === msg("tr", "home.title"), "the home page's heading", 5000);
  });
});

describe("content security policy", () => {
  test("the shell runs under its own CSP without a violation", async () => {
    const { page } = await newPage({ consent: false });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      );
    });
    const violations: string[] = [];
    for (const path of ["/", "/iletisim", "/sikca-sorulan-sorular", "/paketler"]) {
      await gotoHydrated(page, path);
      violations.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp).then((v) => v.map((x) => `${path}: ${x}`))));
    }
    expect(violations, `CSP violations:\n${violations.join("\n")}`).toEqual([]);
  });
});
