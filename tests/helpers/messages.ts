// The interface text of a locale key, as a person reads it, in either language. Tests state the
// expected key and check the words, so a message in the wrong language or a missing key fails.
import enMessages from "../../locales/en";
import trMessages from "../../locales/tr";

export type Locale = "tr" | "en";
export const LOCALES: Locale[] = ["tr", "en"];

type Messages = { [key: string]: string | Messages };
const messages: Record<Locale, Messages> = { tr: trMessages as Messages, en: enMessages as Messages };

/**
 * The text of `key` in `locale`, with {{param}} filled in: for a plural key ("key_one",
 * "key_other" …), the form the language's plural rules choose for `params.count`. Throws for a
 * missing key, and for a plural key without a numeric count.
 */
export function msg(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const parts = key.split(".");
  let parent: string | Messages | undefined = messages[locale];
  for (const part of parts.slice(0, -1)) parent = typeof parent === "object" ? parent[part] : undefined;
  const leaf = parts.at(-1)!;
  let node = typeof parent === "object" ? parent[leaf] : undefined;
  if (node === undefined && typeof parent === "object" && typeof parent[`${leaf}_other`] === "string") {
    if (typeof params.count !== "number") throw new Error(`the plural message ${locale}:${key} needs a numeric count`);
    node = parent[`${leaf}_${new Intl.PluralRules(locale).select(params.count)}`];
  }
  if (typeof node !== "string") throw new Error(`no message ${locale}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** How React escapes text in server-rendered HTML. */
export function htmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
