import { formatPriceParts } from "../../../common/format";
import { useTranslation } from "../../lib/i18n";

/** An amount kept in kuruş, in the page's currency: lira in tr; dollars with the lira beside them in en. */
export function Money({ kurus, usdPerTry }: { kurus: number; usdPerTry: number }) {
  const { locale } = useTranslation();
  const parts = formatPriceParts(kurus / 100, locale, usdPerTry);
  // A lira amount alone ("₺5.757,60") has no break opportunity; only the pair needs holding together.
  if (!parts.secondary) return parts.primary;
  return (
    <span className="whitespace-nowrap">
      {parts.primary}
      <span className="text-xs font-normal"> ({parts.secondary})</span>
    </span>
  );
}

/** The same as text (for tables and labels that need a string). */
export function moneyText(kurus: number, locale: "tr" | "en", usdPerTry: number): string {
  const parts = formatPriceParts(kurus / 100, locale, usdPerTry);
  return parts.secondary ? `${parts.primary} (${parts.secondary})` : parts.primary;
}
