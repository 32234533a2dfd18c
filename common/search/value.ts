import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "../constants";

/** Letters of any script (Turkish included), digits, hyphen and white space (spec §5). */
export const SEARCH_PATTERN = /^[\p{L}\p{N}\s-]+$/u;

/** True when a search value passes the spec's rules (the browser's quick look before it asks for suggestions; the server checks again). */
export function isSearchValue(text: string): boolean {
  const v = text.trim();
  return v.length >= SEARCH_MIN_LENGTH && v.length <= SEARCH_MAX_LENGTH && SEARCH_PATTERN.test(v);
}
