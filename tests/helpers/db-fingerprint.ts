// A fingerprint of every table of the database: a refused request must leave each one as it
// was, which a count of one table's rows cannot show (an update, or a row written elsewhere).
import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";

/**
 * Tables a refused request may rightly touch: a rate limit counts refusals too, and a session
 * records when it was last used.
 */
export const MAY_CHANGE_ON_REFUSAL = ["rate_limits", "sessions"];

/** md5 of each table's rows in a stable order, by table name (the exceptions left out). */
export async function dbFingerprint(db: Database, except: string[] = MAY_CHANGE_ON_REFUSAL): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((t) => t.name)
    .filter((name) => !except.includes(name) && !name.startsWith("__drizzle"));
  const out: Record<string, string> = {};
  for (const name of tables) {
    const [row] = rowsOf<{ n: number; h: string | null }>(
      await db.execute(sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.identifier(name)} t`),
    );
    out[name] = `${row?.n ?? 0}:${row?.h ?? ""}`;
  }
  return out;
}

/** The tables whose fingerprint differs between two readings. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);
}
