import { createInstance, type Resource } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../locales/en";
import tr from "../locales/tr";
import { getT } from "../server/i18n";
import { createTranslate, type Messages, type Translate } from "./i18n";

/** These tests use their own message trees, whose keys are not the site's MessageKey. */
const untyped = (t: Translate) => t as unknown as (key: string, options?: object) => string;

/** i18next as the site configured it before createTranslate: the reference its texts are held to (a dev dependency only). */
function i18next(lng: "tr" | "en", resources: Resource) {
  const i18n = createInstance();
  void i18n.init({ lng, fallbackLng: "tr", supportedLngs: ["tr", "en"], resources, defaultNS: "translation", interpolation: { escapeValue: false }, initAsync: false, returnNull: false });
  return i18n;
}

const messages: Messages = {
  nav: { home: "Ana sayfa" },
  greeting: "Merhaba {{name}}",
  item_one: "{{count}} öğe",
  item_other: "{{count}} öğeler",
  word: "kelime",
  word_other: "kelimeler",
};

describe("createTranslate", () => {
  const t = untyped(createTranslate("tr", messages));
  const real = i18next("tr", { tr: { translation: messages } });

  it("answers texts and missing keys as i18next did; a group of texts is not a text (its key, where i18next answered a warning)", () => {
    for (const key of ["nav.home", "greeting", "item", "word", "missing.key"]) expect(t(key), key).toEqual(real.t(key));
    expect(t("nav")).toBe("nav");
  });

  it("fills placeholders, picks plural forms by count, and leaves a placeholder without a value as written", () => {
    expect(t("greeting", { name: "Ayşe" })).toBe("Merhaba Ayşe");
    expect(t("item", { count: 1 })).toBe("1 öğe");
    expect(t("item", { count: 3 })).toBe("3 öğeler");
    expect(t("word", { count: 2 })).toBe("kelimeler");
    expect(t("word", { count: 2 })).toBe(real.t("word", { count: 2 }));
    expect(t("greeting", {})).toBe(real.t("greeting", {}));
    expect(t("greeting", { name: { toString: () => "obj" } })).toBe("Merhaba obj");
  });

  it("on the server, English falls back to a Turkish text it lacks; `has` knows only the language's own keys", () => {
    const english = untyped(createTranslate("en", { greeting: "Hello {{name}}" }, messages));
    expect(english("greeting", { name: "Ann" })).toBe("Hello Ann");
    expect(english("nav.home")).toBe("Ana sayfa");
    expect(createTranslate("en", { greeting: "Hello" }, messages).has("nav.home")).toBe(false);
  });

  it("gives the same text as i18next for every key of the site's own locale files, and every plural form for several counts", () => {
    for (const [locale, translation] of [["tr", tr], ["en", en]] as const) {
      const reference = i18next(locale, { tr: { translation: tr }, en: { translation: en } });
      const ours = untyped(getT(locale));
      const leaves: string[] = [];
      const walk = (node: unknown, prefix: string) => {
        if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
        else leaves.push(prefix);
      };
      walk(translation, "");
      expect(leaves.length).toBeGreaterThan(300);
      expect(JSON.stringify(translation), "no nesting ($t) or formats: createTranslate does not read them").not.toMatch(/\$t\(|\{\{[^}]*,/);
      let templates = 0;
      let plurals = 0;
      for (const key of leaves) {
        expect(ours(key), `${locale} ${key}`).toEqual(reference.t(key));
        // Every text with placeholders, filled with its own names' values, as i18next fills it.
        const names = [...String(reference.t(key)).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
        if (names.length > 0) {
          templates++;
          const options = Object.fromEntries(names.filter((n) => n !== "count").map((n, i) => [n, i % 2 ? i * 7 : `«${n}»`]));
          expect(ours(key, options), `${locale} ${key}`).toEqual(reference.t(key, options));
        }
        // A plural's base with counts that pick each form.
        const base = /^(.*)_(one|other)$/.exec(key)?.[1];
        if (base && key.endsWith("_other")) {
          plurals++;
          for (const count of [0, 1, 2, 5, 21]) {
            const options = Object.fromEntries([...names.filter((n) => n !== "count").map((n) => [n, `«${n}»`]), ["count", count]]);
            expect(ours(base, options), `${locale} ${base} ${count}`).toEqual(reference.t(base, options));
          }
        }
      }
      expect(templates).toBeGreaterThan(10);
      expect(plurals).toBeGreaterThan(10);
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
    // A plural with count too.
    const plural = untyped(createTranslate("tr", { by_one: "{{count}} paket: {{company}}.", by_other: "{{count}} paket: {{company}}." }));
    expect(plural("by", { count: 2, company: "Örnek Ltd. Şti." })).toBe("2 paket: Örnek Ltd. Şti.");
    const t = untyped(createTranslate("tr", { s: "{{a}}. {{b}}..." }));
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
    const plural = createTranslate("tr", { item_one: "{{count}} öğe", item_other: "{{count}} öğe" });
    expect(plural.has("item")).toBe(true);
    expect(plural.has("item_one")).toBe(true);
    expect(plural.has("items")).toBe(false);
  });
});
