import slugifyLib from "slugify";
import { onFirstUse } from "./format";

/** Upper case with Turkish rules: "i" -> "İ", "ı" -> "I" ("izmir" -> "İZMİR"). */
export function toUpperTr(s: string): string {
  return s.toLocaleUpperCase("tr-TR");
}

const trCollator = onFirstUse(() => new Intl.Collator("tr-TR"));

/**
 * Compares two texts in Turkish alphabetical order (Ç after C, Ğ after G, I before İ, Ö after O,
 * Ş after S, Ü after U): `names.sort(compareTr)`.
 */
export function compareTr(a: string, b: string): number {
  return trCollator().compare(a, b);
}

/** Lower case with Turkish rules: "İ" -> "i", "I" -> "ı" ("IĞDIR" -> "ığdır"). */
export function toLowerTr(s: string): string {
  return s.toLocaleLowerCase("tr-TR");
}

// Apostrophes and dots join what they separate: "İstanbul'da" -> "istanbulda", "A.Ş." -> "as",
// "1.000" -> "1000".
const JOINING_MARKS = /['’‘ʼ`´.]/g;
// Any other punctuation or symbol separates words. It must not reach the slugify package,
// which spells symbols out in English ("&" -> "and", "%" -> "percent", "₺" -> "turkish-lira").
const SEPARATING_MARKS = /[\p{P}\p{S}]/gu;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * A URL slug: lower case, ASCII letters and digits, words joined by single hyphens, no leading
 * or trailing hyphen. Turkish letters map to ASCII (ç g ı/İ ö ş ü -> c g i o s u), other
 * accented Latin letters lose their accents, letters of other scripts are dropped.
 * "  çok   güzel -- site!! " -> "cok-guzel-site"; "KAHRAMANMARAŞ" -> "kahramanmaras".
 * May return "" when nothing sluggable is left.
 */
export function slugify(s: string): string {
  const prepared = toLowerTr(s)
    .replace(JOINING_MARKS, "")
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(SEPARATING_MARKS, (mark) => (mark === "-" ? "-" : " "));
  return slugifyLib(prepared, { locale: "tr", lower: true, strict: true, trim: true })
    .replace(/[^a-z0-9-]+/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** True when `s` is already a slug as produced by `slugify` (non-empty). */
export function isSlug(s: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s);
}
