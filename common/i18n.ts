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

/** Interpolation values; `count` also picks the plural form. */
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

/** A message tree as the locale files hold it: texts, and groups of texts. */
export interface Messages {
  [key: string]: string | Messages;
}

/** A text with `{{name}}` placeholders: the pieces between them and the names in order. */
interface Template {
  pieces: string[];
  names: string[];
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function compile(text: string): string | Template {
  const pieces = text.split(PLACEHOLDER);
  if (pieces.length === 1) return text;
  // split() with a capturing group alternates text, name, text, name, …, text.
  return { pieces: pieces.filter((_, i) => i % 2 === 0), names: pieces.filter((_, i) => i % 2 === 1) };
}

function collectTexts(node: unknown, prefix: string, into: Map<string, string | Template>) {
  if (typeof node === "string") {
    into.set(prefix, compile(node));
    return;
  }
  if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) collectTexts(value, prefix ? `${prefix}.${key}` : key, into);
  }
}

/** The template filled in; a placeholder without a value stays as written (as i18next leaves it). */
function fill(text: string | Template, values: Record<string, unknown> | undefined): string {
  if (typeof text === "string") return text;
  let out = text.pieces[0]!;
  for (let i = 0; i < text.names.length; i++) {
    const name = text.names[i]!;
    const value = values?.[name];
    out += (value === undefined || value === null ? `{{${name}}}` : String(value)) + text.pieces[i + 1]!;
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
 * The locale files (locales/{tr,en}/<namespace>.json). Each file but common.json holds one
 * top-level key, named as the file is (search.json holds `searchResults`); common.json holds
 * the site-wide groups. The browser downloads a namespace when a page needs it (decision 034).
 */
export const NAMESPACES = ["common", "admin", "auth", "blog", "companies", "companyAdmin", "infrastructure", "outages", "packages", "scorecard", "search", "settings", "speedtest"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Namespaces every page has: the shell's texts (header, search overlay, footer, forms). */
export const CORE_NAMESPACES: readonly Namespace[] = ["common", "search"];

const NAMESPACE_OF_GROUP: ReadonlyMap<string, Namespace> = new Map([
  ["admin", "admin"],
  ["auth", "auth"],
  ["blog", "blog"],
  ["companies", "companies"],
  ["companyAdmin", "companyAdmin"],
  ["infrastructure", "infrastructure"],
  ["outages", "outages"],
  ["packages", "packages"],
  ["scorecard", "scorecard"],
  ["searchResults", "search"],
  ["settings", "settings"],
  ["speedtest", "speedtest"],
]);

/** The namespace (locale file) that holds a key: its first segment names it, or it is common. */
export function namespaceOf(key: string): Namespace {
  const dot = key.indexOf(".");
  // A Map, not an object: a key from data ("constructor.x") must not find an inherited property.
  return NAMESPACE_OF_GROUP.get(dot < 0 ? key : key.slice(0, dot)) ?? "common";
}

/**
 * The site's `t` for one language, over a message tree that can grow (`add`): the browser adds
 * each namespace as it arrives. What the locale files use, and only that: `{{name}}`
 * placeholders, and plural forms (`key_one`, `key_other` …) chosen for `count` by the
 * language's plural rules (Intl.PluralRules). A missing key answers the key itself, after
 * telling `onMissing` (the browser then fetches the key's namespace). Each text is compiled once.
 * It gives the text i18next gave for every key of the site (i18n.test.ts compares them), in a
 * few hundred bytes instead of i18next's 16 KB of gzipped JavaScript on every page.
 */
export function createCatalog(locale: Locale, onMissing?: (key: string) => void): { t: Translate; add(messages: Messages): void } {
  const keys = new Set<string>();
  const texts = new Map<string, string | Template>();
  const plural = new Intl.PluralRules(locale);
  const t = (key: string, options?: TranslateOptions) => {
    let text = texts.get(key);
    const count = options?.count;
    if (typeof count === "number") text = texts.get(`${key}_${plural.select(count)}`) ?? text ?? texts.get(`${key}_other`);
    if (text === undefined) {
      onMissing?.(key);
      return key;
    }
    return oneFullStop(fill(text, options), options);
  };
  const has = (key: string): key is MessageKey => keys.has(key);
  const add = (messages: Messages) => {
    const own = new Map<string, string | Template>();
    collectTexts(messages, "", own);
    for (const [key, text] of own) {
      texts.set(key, text);
      keys.add(key).add(key.replace(PLURAL_SUFFIX, ""));
    }
  };
  return { t: Object.assign(t, { has }) as Translate, add };
}

/**
 * `t` over one whole message tree (and, on the server, the Turkish tree as the fallback for a
 * text the English one lacks: its keys are not the language's own, so `has` does not count them).
 */
export function createTranslate(locale: Locale, messages: Messages, fallback?: Messages): Translate {
  const catalog = createCatalog(locale);
  if (fallback) {
    const own = createCatalog(locale);
    own.add(messages);
    catalog.add(fallback);
    catalog.add(messages);
    return Object.assign((key: MessageKey, options?: TranslateOptions) => catalog.t(key, options), { has: own.t.has }) as Translate;
  }
  catalog.add(messages);
  return catalog.t;
}
