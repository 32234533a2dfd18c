// Every public page of the shell in tr/en × light/dark: status, language and theme attributes,
// heading, SEO tags, a clean console and no serious or critical axe (WCAG 2.1 A/AA) violation.
// The consent banner is left open in the Turkish runs and accepted in the English ones, so axe
// sees the banner in both themes and the pages without it in both themes.
import { describe, expect, test } from "vitest";
import { formatAxe, gotoHydrated, htmlHasDark, msg, seriousAxeViolations, useBrowser, type Locale, type Theme } from "./helpers";

const UNKNOWN = "/bu-sayfa-yok-e2e";
const PAGES: { path: string; status: number }[] = [
  { path: "/", status: 200 },
  { path: "/iletisim", status: 200 },
  { path: "/sikca-sorulan-sorular", status: 200 },
  { path: "/reklam", status: 200 },
  { path: "/cerez", status: 200 },
  { path: "/gizlilik", status: 200 },
  { path: "/kisisel-verilerin-korunmasi", status: 200 },
  { path: "/hakkimizda", status: 200 },
  { path: "/bulten", status: 200 },
  { path: "/404", status: 404 },
  { path: UNKNOWN, status: 404 },
];
const VARIANTS: { locale: Locale; theme: Theme; consent: boolean }[] = [
  { locale: "tr", theme: "light", consent: false },
  { locale: "tr", theme: "dark", consent: false },
  { locale: "en", theme: "light", consent: true },
  { locale: "en", theme: "dark", consent: true },
];

const { newPage } = useBrowser();

describe.each(VARIANTS)("pages in $locale / $theme", ({ locale, theme, consent }) => {
  test.each(PAGES)("$path answers $status with the right attributes and no serious axe violation", async ({ path, status }) => {
    const { page } = await newPage({
      locale,
      theme,
      consent,
      allow: status === 404 ? [{ status: 404, path, method: "GET" }] : [],
    });
    const res = await gotoHydrated(page, path);
    expect(res?.status(), `HTTP status of ${path}`).toBe(status);

    const attrs = await page.evaluate(() => ({
      lang: document.documentElement.getAttribute("lang"),
      h1: Array.from(document.querySelectorAll("h1")).map((h) => h.textContent?.trim() ?? ""),
      canonical: Array.from(document.querySelectorAll('link[rel="canonical"]')).map((l) => l.getAttribute("href")),
      description: Array.from(document.querySelectorAll('meta[name="description"]')).map((m) => m.getAttribute("content")),
      title: document.title,
    }));
    expect(attrs.lang).toBe(locale);
    expect(await htmlHasDark(page), `html.dark on a ${theme} page`).toBe(theme === "dark");
    expect(attrs.h1.length, "an <h1>").toBeGreaterThanOrEqual(1);
    expect(attrs.h1[0]).not.toBe("");
    expect(attrs.canonical, "one canonical link").toHaveLength(1);
    expect(attrs.canonical[0]).toMatch(/^https?:\/\/[^/]+\//);
    expect(attrs.description, "one meta description").toHaveLength(1);
    expect(attrs.description[0]?.trim() ?? "").not.toBe("");
    expect(attrs.title).not.toBe("");
    await expect(page.getByTestId("cookie-consent").isVisible()).resolves.toBe(!consent);

    if (status === 404) {
      expect(attrs.h1[0]).toBe(msg(locale, "notFound.title"));
      await expect(page.getByRole("link", { name: msg(locale, "notFound.home") }).getAttribute("href")).resolves.toBe("/");
    }
    if (path === "/sikca-sorulan-sorular") {
      await expect(page.getByTestId("faq-entry").count()).resolves.toBe(15);
      const ld = await page.$$eval('script[type="application/ld+json"]', (els) => els.map((e) => e.textContent ?? ""));
      const faq = ld.map((t) => JSON.parse(t) as { "@type"?: string; mainEntity?: unknown[] }).find((j) => j["@type"] === "FAQPage");
      expect(faq, "FAQPage JSON-LD").toBeDefined();
      expect(faq?.mainEntity).toHaveLength(15);
    }

    const violations = await seriousAxeViolations(page);
    expect(violations.length, `axe violations on ${path} (${locale}, ${theme}):\n${formatAxe(violations)}`).toBe(0);
  });
});
