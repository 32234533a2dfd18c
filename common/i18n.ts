import { createInstance, type i18n as I18n, type Resource } from "i18next";
import type trMessages from "../locales/tr";
import type { Locale } from "./format";

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
/** Dotted paths to every text of a message tree: { a: { b: "…" } } → "a.b". */
type LeafPaths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : LeafPaths<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A plural form's key is called by its base ("items_one" → "items", with `count`). */
type CallableKey<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/**
 * Every key `t` accepts, derived from the Turkish locale files (locale-files.test.ts holds the
 * English ones to the same keys): a typo in `t("…")` or in an AppError's key fails `tsc`.
 */
export type MessageKey = CallableKey<LeafPaths<typeof trMessages>>;

/** The "a.b" of every key "a.b.leaf" whose group holds all of `Leaf`: field helpers take such prefixes. */
type PrefixOf<K, Leaf extends string> = K extends `${infer P}.${Leaf}` ? P : never;
export type MessageGroup<Leaf extends string> = {
  [P in PrefixOf<MessageKey, Leaf>]: `${P}.${Leaf}` extends MessageKey ? P : never;
}[PrefixOf<MessageKey, Leaf>];

/** Interpolation values, or i18next's own options (count, defaultValue …). */
export type TranslateOptions = Record<string, unknown>;

/**
 * The site's translate function: a known key (and its values) to the text in one language.
 * `has` is the checked cast for a key only known at run time (built from stored data): true,
 * and the key typed as a MessageKey, when this language holds a text for it.
 */
export interface Translate {
  (key: MessageKey, options?: TranslateOptions): string;
  has(key: string): key is MessageKey;
}

export const LOCALE_COOKIE = "gb_lng";
export const THEME_COOKIE = "gb_theme";
export const CONSENT_COOKIE = "gb_consent";
/** "1" when the visitor allowed advertising (AdSense) cookies in the consent banner, else "0". */
export const ADS_CONSENT_COOKIE = "gb_ads";

export function isLocale(v: unknown): v is Locale {
  return v === "tr" || v === "en";
}

/** An i18next instance, initialised synchronously from bundled resources. */
export function createI18n(lng: Locale, resources: Resource): I18n {
  const i18n = createInstance();
  void i18n.init({
    lng,
    fallbackLng: "tr",
    supportedLngs: ["tr", "en"],
    resources,
    defaultNS: "translation",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return i18n;
}

/** A text with `{{name}}` placeholders only: the pieces between them and the names in order. */
interface Template {
  pieces: string[];
  names: string[];
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
/** Anything else i18next would have to interpret: formats, unescaped or nested values, nesting. */
const NEEDS_I18NEXT = /\{\{(?!\s*\w+\s*\}\})|\$t\(/;
/** Options that change how i18next picks or shapes a text: such calls always go to i18next. */
const I18NEXT_OPTIONS = new Set(["count", "context", "lng", "lngs", "ns", "defaultValue", "replace", "ordinal", "returnObjects", "joinArrays", "postProcess", "interpolation", "keyPrefix", "fallbackLng"]);

function compile(text: string): string | Template | null {
  if (NEEDS_I18NEXT.test(text)) return null;
  const pieces = text.split(PLACEHOLDER);
  if (pieces.length === 1) return text;
  // split() with a capturing group alternates text, name, text, name, …, text.
  return { pieces: pieces.filter((_, i) => i % 2 === 0), names: pieces.filter((_, i) => i % 2 === 1) };
}

function collectTexts(node: unknown, prefix: string, into: Map<string, string | Template>, keys: Set<string>) {
  if (typeof node === "string") {
    keys.add(prefix).add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
    const compiled = compile(node);
    if (compiled !== null) into.set(prefix, compiled);
    return;
  }
  if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) collectTexts(value, prefix ? `${prefix}.${key}` : key, into, keys);
  }
}

/** The template filled in, or null when the options are not exactly its placeholders' plain values. */
function fill(template: Template, options: unknown): string | null {
  if (!options || typeof options !== "object") return null;
  const values = options as Record<string, unknown>;
  const keys = Object.keys(values);
  for (const key of keys) if (I18NEXT_OPTIONS.has(key) || !template.names.includes(key)) return null;
  let out = template.pieces[0]!;
  for (let i = 0; i < template.names.length; i++) {
    const value = values[template.names[i]!];
    if (typeof value !== "string" && typeof value !== "number") return null;
    out += String(value) + template.pieces[i + 1]!;
  }
  return out;
}

/**
 * A sentence ending in a value that ends in a full stop ("Şirket: {{company}}." with "Örnek A.Ş.")
 * keeps one full stop: the value's abbreviation dot ends the sentence too. An ellipsis is left alone.
 */
export function oneFullStop(text: string, options: unknown): string {
  if (!options || typeof options !== "object") return text;
  let out = text;
  for (const value of Object.values(options as Record<string, unknown>)) {
    if (typeof value !== "string" || !value.endsWith(".") || value.endsWith("..")) continue;
    out = out.split(`${value}.`).reduce((acc, part, i) => (i === 0 ? part : /^\./.test(part) ? `${acc}${value}.${part}` : `${acc}${value}${part}`), "");
  }
  return out;
}

/**
 * i18next's `t` for the instance's language, with a fast path for the common calls: a key with
 * no options whose text needs no interpolation, or a key whose `{{name}}` placeholders are
 * exactly the options given, as plain strings or numbers. Those texts are compiled once; every
 * other call (plurals, context, formats, nesting, missing keys, objects) goes to i18next
 * unchanged. A page makes a few hundred calls per render, and i18next's full resolution of each
 * was ~15% of a server render's CPU (decision 007).
 */
export function fastT(i18n: I18n): Translate {
  const texts = new Map<string, string | Template>();
  const keys = new Set<string>();
  collectTexts(i18n.getResourceBundle(i18n.language, "translation"), "", texts, keys);
  const full = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const t = (key: unknown, ...rest: unknown[]) => {
    if (typeof key === "string" && rest.length <= 1) {
      const text = texts.get(key);
      if (typeof text === "string") {
        if (rest.length === 0) return text;
      } else if (text !== undefined && rest.length === 1) {
        const filled = fill(text, rest[0]);
        if (filled !== null) return oneFullStop(filled, rest[0]);
      }
    }
    const out = full(key, ...rest);
    return typeof out === "string" ? oneFullStop(out, rest[0]) : out;
  };
  const has = (key: string): key is MessageKey => keys.has(key);
  return Object.assign(t, { has }) as Translate;
}
