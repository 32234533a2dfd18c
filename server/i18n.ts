import en from "../locales/en";
import tr from "../locales/tr";
import { createTranslate, type Translate } from "../common/i18n";
import type { Locale } from "../common/format";
import type { Message } from "./platform/app-error";

// Turkish is the fallback for a text the English tree lacks (locale-files.test.ts keeps both whole).
const translators: Record<Locale, Translate> = {
  tr: createTranslate("tr", tr),
  en: createTranslate("en", en, tr),
};

export function getT(locale: Locale): Translate {
  return translators[locale];
}

export function translate(locale: Locale, msg: Message): string {
  return getT(locale)(msg.key, msg.params ?? {});
}
