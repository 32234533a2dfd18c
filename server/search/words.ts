import { rowsOf } from "../db/rows";
import { sql } from "drizzle-orm";
import { foldSearchText } from "../../common/search-text";
import { toLowerTr } from "../../common/text";
import type { Database } from "../db/client";

// Words as the search keeps and compares them. Text is lower-cased the Turkish way here, in
// JavaScript (PostgreSQL's C locale lower-cases "I" to "i", never to "ı"), cut into words, and
// each word folded (ı, i, İ, I → i; ş → s …: common/search-text.ts) so that a person typing
// without Turkish letters, or with the other "i", finds the same thing. Stems come from
// PostgreSQL's Snowball dictionaries, applied to the Turkish-lower-cased word before folding
// ("hızları" → "hız" → "hiz"; folded first, "hizlari" would stem to "hizlar").

/** Longest word kept (longer ones are not words a person types). */
export const MAX_WORD_LENGTH = 40;
/** Words of a body kept in its document (the first ones; a post's words are mostly said early). */
export const MAX_BODY_WORDS = 4000;

/** A word as written (Turkish lower case) and as compared (folded). */
export interface Word {
  lower: string;
  folded: string;
}

/** The words of a text, in order: lower-cased the Turkish way, split at anything but letters and digits ("1.000" stays one number). */
export function wordsOf(text: string, max = Number.POSITIVE_INFINITY): Word[] {
  const out: Word[] = [];
  const lowered = toLowerTr(text.normalize("NFC")).replace(/(\d)[.,](?=\d)/g, "$1");
  const push = (lower: string) => {
    if (!lower || lower.length > MAX_WORD_LENGTH) return;
    const folded = foldSearchText(lower).replace(/[^\p{L}\p{N}]/gu, "");
    if (folded) out.push({ lower, folded });
  };
  for (const part of lowered.split(/[^\p{L}\p{N}-]+/u)) {
    const pieces = part.split("-");
    for (const piece of pieces) push(piece);
    // A hyphenated word is also found written as one ("wi-fi" by "wifi", "e-devlet" by "edevlet").
    if (pieces.filter(Boolean).length > 1) push(pieces.join(""));
    if (out.length >= max) break;
  }
  return out.slice(0, max);
}

/** The text lower-cased the Turkish way with its white space made single ("Türk  Telekom" → "türk telekom"). */
export function lowerName(text: string): string {
  return toLowerTr(text.normalize("NFC")).replace(/\s+/g, " ").trim();
}

/**
 * The folded Turkish and English stems of words (lower-cased, not folded), by word; a word whose
 * stems are only itself maps to none. One query for all of them.
 */
export async function stemsOf(db: Database, words: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const distinct = [...new Set(words)];
  if (!distinct.length) return out;
  const result = await db.execute<{ w: string; tr: string[] | null; en: string[] | null }>(
    sql`SELECT w, ts_lexize('turkish_stem', w) AS tr, ts_lexize('english_stem', w) AS en FROM json_array_elements_text(${JSON.stringify(distinct)}::json) AS w`,
  );
  for (const row of rowsOf<{ w: string; tr: string[] | null; en: string[] | null }>(result)) {
    const folded = foldSearchText(row.w);
    const stems = new Set<string>();
    for (const s of [...(row.tr ?? []), ...(row.en ?? [])]) {
      const f = foldSearchText(s).replace(/[^\p{L}\p{N}]/gu, "");
      if (f.length >= 2 && f !== folded) stems.add(f);
    }
    if (stems.size) out.set(row.w, [...stems]);
  }
  return out;
}


/**
 * Edit distance with adjacent swaps (optimal string alignment): "fibre"/"fiber" is 1, as a person
 * counts a typo. Stops early once every path is over `max` (returns max + 1).
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos allowed in a word of this length: none below 5 letters, one from 5, two from 9 (Meilisearch's rule). */
export function typosAllowed(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}
