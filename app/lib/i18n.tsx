import { createContext, use, useContext } from "react";
import type { Locale } from "../../common/format";
import type { Namespace, Translate } from "../../common/i18n";

export interface I18nValue {
  t: Translate;
  locale: Locale;
  /**
   * The namespaces a component is about to use (decision 034). On the server this notes them
   * for the page's list; in the browser it answers a promise while one is still downloading.
   */
  need?: (names: readonly Namespace[]) => Promise<void> | undefined;
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

/**
 * Declares the locale namespaces a page or component uses beyond the shell's (common, search).
 * The server sends the page with the list of what its render used, so the first render in the
 * browser has every text; on a later client-side navigation the new page waits (suspends inside
 * the navigation's transition, so the old page stays) until its namespaces have arrived.
 */
export function useNamespaces(...names: Namespace[]): void {
  const pending = useTranslation().need?.(names);
  if (pending) use(pending);
}
