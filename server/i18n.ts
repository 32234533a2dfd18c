import en from "../locales/en";
import tr from "../locales/tr";
import { createI18n, fastT, type Translate } from "../common/i18n";
import type { Locale } from "../common/format";
import type { Message } from "./platform/app-error";

const resources = { tr: { translation: tr }, en: { translation: en } };
const translators: Record<Locale, Translate> = {
  tr: fastT(createI18n("tr", resources)),
  en: fastT(createI18n("en", resources)),
};

export function getT(locale: Locale): Translate {
  return translators[locale];
}

export function translate(locale: Locale, msg: Message): string {
  return getT(locale)(msg.key, msg.params ?? {});
}
