import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { FOLD_FROM, FOLD_TO, SEARCH_TEXT_MAX, containsPattern } from "../../common/search-text";

/**
 * The SQL side of common/search-text.ts: translate() with the same table as foldSearchText,
 * so a column folds in the database exactly as a text folds in JavaScript, on PGlite and on
 * PostgreSQL alike (no extension, no dependence on the collation).
 */
export function foldedSql(column: SQLWrapper): SQL {
  return sql`translate(${column}, ${FOLD_FROM}::text, ${FOLD_TO}::text)`;
}

/**
 * "The column, folded, contains the search, folded", matched literally (LIKE's wildcards in the
 * search are escaped); undefined for an empty search, so `and(…)` drops the condition.
 */
export function foldedContains(column: SQLWrapper, search: string, max = SEARCH_TEXT_MAX): SQL | undefined {
  const pattern = containsPattern(search, max);
  if (!pattern) return undefined;
  return sql`${foldedSql(column)} LIKE ${pattern}::text ESCAPE '\\'`;
}
