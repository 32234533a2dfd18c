import type { Locale } from "../../../common/format";

const formatters = new Map<string, Intl.NumberFormat>();

/** A figure with at most `digits` decimals in the page's language: "94,6" / "94.6". */
export function formatDecimal(value: number, locale: Locale, digits = 1): string {
  const key = `${locale}:${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === "tr" ? "tr-TR" : "en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    formatters.set(key, f);
  }
  return f.format(value);
}
