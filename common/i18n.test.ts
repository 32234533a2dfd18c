import { describe, expect, it } from "vitest";
import en from "../locales/en";
import tr from "../locales/tr";
import { createI18n, fastT } from "./i18n";

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
  const t = fastT(i18n);
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
      const fast = fastT(real);
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
  });
});
