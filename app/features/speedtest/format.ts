import { formatDecimal, type Locale } from "../../../common/format";

/** A figure with at most `digits` decimals in the page's language: "94,6" / "94.6". */
export { formatDecimal };

/** The provider and package a result names, as one label ("Ege Fiber · Fiber 100"); null when neither. */
export function choiceLabel(provider: string | null, packageTitle: string | null): string | null {
  const parts = [provider, packageTitle].filter((p): p is string => !!p);
  return parts.length ? parts.join(" · ") : null;
}

/** "%87 / %95" (tr) or "87% / 95%" (en); a dash for a share unknown. */
export function shareText(down: number | null | undefined, up: number | null | undefined, locale: Locale): string {
  const one = (v: number | null | undefined) => {
    if (v === null || v === undefined) return "—";
    const n = formatDecimal(v * 100, locale, 0);
    return locale === "tr" ? `%${n}` : `${n}%`;
  };
  return down == null && up == null ? "—" : `${one(down)} / ${one(up)}`;
}
