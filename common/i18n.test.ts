import { describe, expect, it } from "vitest";
import en from "../locales/en";
import tr from "../locales/tr";
import { getT } from "../server/i18n";
import { createI18n, fastT, type Translate } from "./i18n";

/** These tests use their own message trees, whose keys are not the site's MessageKey. */
const untyped = (t: Translate) => t as unknown as (key: string, options?: object) => string;

const resources = {
  tr: {
    translation: {
      nav: { home: "Ana sayfa" },
      greeting: "Merhaba {{name}}",
      nested: "$t(nav.home) sayfası",
      item_one: "{{count}} öğe",
      item_other: "{{count}} öğeler",
      word: "kelime",
      word_other: "kelimeler",
    },
  },
};

describe("fastT", () => {
  const i18n = createI18n("tr", resources);
  const t = untyped(fastT(i18n));
  const keys = ["nav.home", "greeting", "nested", "item", "word", "missing.key", "nav"];

  it("answers every key without options exactly as i18next does", () => {
    for (const key of keys) expect(t(key)).toEqual(i18n.t(key));
  });

  it("leaves calls with options to i18next: interpolation and plurals", () => {
    expect(t("greeting", { name: "Ayşe" })).toBe("Merhaba Ayşe");
    expect(t("item", { count: 1 })).toBe("1 öğe");
    expect(t("item", { count: 3 })).toBe("3 öğeler");
    expect(t("word", { count: 2 })).toBe("kelimeler");
    expect(t("greeting", { name: "Ayşe", lng: "tr" })).toBe("Merhaba Ayşe");
    expect(t("greeting", {})).toBe(i18n.t("greeting", {}));
    expect(t("greeting", { name: { toString: () => "obj" } })).toBe("Merhaba obj");
  });

  it("gives the same text as i18next for every key of the site's own locale files", () => {
    for (const [locale, translation] of [["tr", tr], ["en", en]] as const) {
      const real = createI18n(locale, { [locale]: { translation } });
      const fast = untyped(fastT(real));
      const leaves: string[] = [];
      const walk = (node: unknown, prefix: string) => {
        if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
        else leaves.push(prefix);
      };
      walk(translation, "");
      expect(leaves.length).toBeGreaterThan(300);
      let templates = 0;
      for (const key of leaves) {
        expect(fast(key), `${locale} ${key}`).toEqual(real.t(key));
        // Every text with placeholders, filled with its own names' values, as i18next fills it.
        const names = [...String(real.t(key)).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
        if (names.length === 0) continue;
        templates++;
        const options = Object.fromEntries(names.map((n, i) => [n, i % 2 ? i * 7 : `«${n}»`]));
        expect(fast(key, options), `${locale} ${key}`).toEqual(real.t(key, options));
      }
      expect(templates).toBeGreaterThan(10);
    }
  }, 60_000); // thousands of keys, two i18next instances: seconds on a busy machine
});

describe("a sentence ending in a name that ends in a full stop", () => {
  it("keeps one full stop, on both paths of t, and leaves an ellipsis and other dots alone", () => {
    for (const locale of ["tr", "en"] as const) {
      const t = getT(locale);
      const line = t("packages.dashboard.form.companyLine", { company: "Örnek Telekom A.Ş." });
      expect(line).toBe(locale === "tr" ? "Şirket: Örnek Telekom A.Ş." : "Company: Örnek Telekom A.Ş.");
      expect(t("packages.dashboard.form.companyLine", { company: "Örnek Telekom" })).toMatch(/Örnek Telekom\.$/);
    }
    // The i18next path (a plural with count) too.
    const plural = untyped(fastT(createI18n("tr", { tr: { translation: { by_one: "{{count}} paket: {{company}}.", by_other: "{{count}} paket: {{company}}." } } })));
    expect(plural("by", { count: 2, company: "Örnek Ltd. Şti." })).toBe("2 paket: Örnek Ltd. Şti.");
    const t = untyped(fastT(createI18n("tr", { tr: { translation: { s: "{{a}}. {{b}}..." } } })));
    expect(t("s", { a: "A.Ş.", b: "B.V." })).toBe("A.Ş. B.V....");
  });
});

describe("typed keys", () => {
  const t = getT("en");

  it("accept the site's keys and reject a typo at compile time", () => {
    expect(t("nav.home")).toBe("Home");
    // @ts-expect-error: a misspelt key does not compile (tsc fails if this line ever compiles).
    expect(t("nav.hom")).toBe("nav.hom");
    // @ts-expect-error: a key is never any string.
    expect(t(String("nav.home"))).toBe("Home");
  });

  it("check a key only known at run time", () => {
    const action: string = "admin_grant";
    const key = `admin.audit.actions.${action}`;
    // @ts-expect-error: a run-time string is not a key until checked.
    expect(t(key)).toBe("Administrator rights granted");
    expect(t.has(key)).toBe(true);
    if (t.has(key)) expect(t(key)).toBe("Administrator rights granted");
    expect(t.has("admin.audit.actions.admin_grant_x")).toBe(false);
    // A group of texts is not a text.
    expect(t.has("admin.audit.actions")).toBe(false);
  });

  it("know plural forms by their base key", () => {
    const plural = fastT(createI18n("tr", { tr: { translation: { item_one: "{{count}} öğe", item_other: "{{count}} öğe" } } }));
    expect(plural.has("item")).toBe(true);
    expect(plural.has("item_one")).toBe(true);
    expect(plural.has("items")).toBe(false);
  });
});
