/**
 * Turkish-aware text matching, the same in the browser (combobox filtering), in services and in
 * SQL (server/db/search.ts applies FOLD_FROM/FOLD_TO with PostgreSQL's translate()).
 *
 * Folding maps every letter to what a person typing on any keyboard would write: Turkish
 * capitals and small letters to ASCII (İ I ı i → i, Ç ç → c, Ğ ğ → g, Ö ö → o, Ş ş → s,
 * Ü ü → u), other accented Latin letters to their base letter (â → a, é → e), A–Z to a–z, and
 * combining accents (text stored decomposed) dropped. So "istanbul" finds "İSTANBUL",
 * "cankaya" finds "ÇANKAYA" and "IĞDIR" finds "igdir". Folding is one character to at most one
 * character, which translate() can do; it needs no extension and no collation, so PGlite (C
 * collation) and PostgreSQL (any collation) agree with this file character for character.
 * Greek and Cyrillic capitals become small letters; anything else (ß, æ, other scripts) stays.
 */

/** Longest search text, in characters, unless a caller gives its own bound. */
export const SEARCH_TEXT_MAX = 100;

/** The escape character of the LIKE patterns built here (SQL: `ESCAPE '\'`). */
export const LIKE_ESCAPE = "\\";

/** Letters whose decomposition gives no ASCII base letter, folded by hand. */
const EXTRA_FOLDS: Record<string, string> = { ı: "i", Ø: "o", ø: "o", Đ: "d", đ: "d", Ł: "l", ł: "l", Ħ: "h", ħ: "h", Ŧ: "t", ŧ: "t" };

function buildFoldTable(): { from: string; to: string } {
  let from = "";
  let to = "";
  for (let c = 0x41; c <= 0x5a; c++) {
    from += String.fromCharCode(c);
    to += String.fromCharCode(c + 0x20);
  }
  // Latin-1 Supplement, Latin Extended-A and B: every letter that decomposes to an ASCII letter.
  for (let c = 0xc0; c <= 0x24f; c++) {
    const ch = String.fromCharCode(c);
    const base = EXTRA_FOLDS[ch] ?? ch.normalize("NFD").replace(/\p{M}/gu, "");
    if (/^[A-Za-z]$/.test(base)) {
      from += ch;
      to += base.toLowerCase();
    }
  }
  // Greek and Cyrillic: capitals to small letters (each one character to one).
  for (let c = 0x370; c <= 0x52f; c++) {
    const ch = String.fromCharCode(c);
    const lower = ch.toLowerCase();
    if (lower !== ch && lower.length === 1) {
      from += ch;
      to += lower;
    }
  }
  // Combining diacritical marks (U+0300–U+036F) come last with no counterpart: translate()
  // deletes such characters, and foldSearchText does the same.
  for (let c = 0x300; c <= 0x36f; c++) from += String.fromCharCode(c);
  return { from, to };
}

const table = buildFoldTable();
/** translate()'s second argument: the characters folded (all in the BMP, one UTF-16 unit each). */
export const FOLD_FROM: string = table.from;
/** translate()'s third argument: what each folds to; FOLD_FROM's extra tail is deleted. */
export const FOLD_TO: string = table.to;

const foldMap = new Map<string, string>();
for (let i = 0; i < FOLD_FROM.length; i++) foldMap.set(FOLD_FROM[i]!, FOLD_TO[i] ?? "");

/** The folded form of a text, as translate(text, FOLD_FROM, FOLD_TO) gives it in SQL. */
export function foldSearchText(value: string): string {
  let out = "";
  for (const ch of value) {
    const folded = foldMap.get(ch);
    out += folded ?? ch;
  }
  return out;
}

/**
 * A search text made safe to use: anything but a string is "", the text becomes well-formed
 * Unicode in NFC, control characters (NUL cannot even reach PostgreSQL) become spaces, runs of
 * white space collapse to one space, ends are trimmed, and the result is cut to `max` characters
 * (code points, so a cut never splits a letter's surrogate pair).
 */
export function normaliseSearch(value: unknown, max = SEARCH_TEXT_MAX): string {
  if (typeof value !== "string") return "";
  const prepared = value
    // Bounded before the work: a huge value costs no more than a long one.
    .slice(0, max * 4)
    .toWellFormed()
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(prepared).slice(0, max).join("").trim();
}

/** The text with LIKE's wildcards (% and _) and the escape character escaped, to match literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
}

/**
 * The LIKE pattern for "the folded text contains this search", to compare with a folded column
 * (`translate(column, FOLD_FROM, FOLD_TO) LIKE pattern ESCAPE '\'`). The search is normalised
 * first; an empty search gives "" (callers skip the condition).
 */
export function containsPattern(search: string, max = SEARCH_TEXT_MAX): string {
  const query = normaliseSearch(search, max);
  return query ? `%${escapeLike(foldSearchText(query))}%` : "";
}

/**
 * True when `text` contains the search, both folded: the browser's twin of the SQL condition
 * (a combobox narrowing its options as the person types). An empty search matches everything.
 */
export function matchesSearch(text: string, search: string, max = SEARCH_TEXT_MAX): boolean {
  const query = normaliseSearch(search, max);
  return query === "" || foldSearchText(text).includes(foldSearchText(query));
}

/** The items whose label contains the search (see matchesSearch), in their original order. */
export function filterBySearch<T>(items: readonly T[], search: string, label: (item: T) => string): T[] {
  const query = foldSearchText(normaliseSearch(search));
  if (query === "") return [...items];
  return items.filter((item) => foldSearchText(label(item)).includes(query));
}
