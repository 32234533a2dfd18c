import type { TFunction } from "i18next";
import en from "../locales/en";
import tr from "../locales/tr";
import { createI18n } from "../common/i18n";
import type { Locale } from "../common/format";
import type { Message } from "./platform/app-error";

const instances = {
  tr: createI18n("tr", { tr: { translation: tr }, en: { translation: en } }),
  en: createI18n("en", { tr: { translation: tr }, en: { translation: en } }),
};

export function getT(locale: Locale): TFunction {
  return instances[locale].t;
}

export function translate(locale: Locale, msg: Message): string {
  return getT(locale)(msg.key, msg.params ?? {}) as string;
}
