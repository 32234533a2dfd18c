import { createContext, useContext } from "react";
import type { Locale } from "../../common/format";
import type { Translate } from "../../common/i18n";

export interface I18nValue {
  t: Translate;
  locale: Locale;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * Hands the page's translate function to every component. One value per locale, made once:
 * components read it from context, with none of react-i18next's per-call wrapping (which cost
 * a noticeable share of every server render).
 */
export function I18nProvider({ value, children }: { value: I18nValue; children: React.ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useTranslation outside I18nProvider");
  return value;
}
