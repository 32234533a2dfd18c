/** The rows of `db.execute` on either driver (PGlite gives `{ rows }`, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (
    Array.isArray(result) ? result : (result as { rows: T[] }).rows
  ) as T[];
}
