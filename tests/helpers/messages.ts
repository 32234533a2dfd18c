// The interface text of a locale key, as a person reads it, in either language. Tests state the
// expected key and check the words, so a message in the wrong language or a missing key fails.
import enMessages from "../../locales/en";
import trMessages from "../../locales/tr";

export type Locale = "tr" | "en";
export const LOCALES: Locale[] = ["tr", "en"];

type Messages = { [key: string]: string | Messages };
const messages: Record<Locale, Messages> = { tr: trMessages as Messages, en: enMessages as Messages };

/** The text of `key` in `locale`, with {{param}} filled in. Throws for a missing key. */
export function msg(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = messages[locale];
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no message ${locale}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** How React escapes text in server-rendered HTML. */
export function htmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
