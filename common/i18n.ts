import { createInstance, type i18n as I18n, type Resource } from "i18next";
import type { Locale } from "./format";

export const LOCALE_COOKIE = "gb_lng";
export const THEME_COOKIE = "gb_theme";
export const CONSENT_COOKIE = "gb_consent";

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
