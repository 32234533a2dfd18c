import { createHash } from "node:crypto";
import { lt } from "drizzle-orm";
import { dayInTurkey } from "../../common/reminders";
import type { Database } from "../db/client";
import { countMarks } from "./schema";

/** How long a mark is kept: today's, and yesterday's while a day turns over. */
const KEEP_DAYS = 2;

/**
 * True the first time this (hashed) address is counted for `subject` on this day in Turkey,
 * false afterwards: a public count (how often a neighbourhood's answers are looked at) moves at
 * most once per address and day, whatever a script sends. Without an address hash nothing is
 * counted. Only sha256(address hash, subject, day) is stored, so the table says nothing about
 * who looked at what.
 */
export async function countOnce(db: Pick<Database, "insert">, opts: { ipHash: string | null; subject: string; now?: Date }): Promise<boolean> {
  if (!opts.ipHash) return false;
  const day = dayInTurkey(opts.now ?? new Date());
  const key = createHash("sha256").update(`${opts.ipHash}\u0000${opts.subject}\u0000${day}`).digest("base64url");
  const rows = await db.insert(countMarks).values({ key, day }).onConflictDoNothing().returning({ key: countMarks.key });
  return rows.length > 0;
}

/** Erases the marks of days that can no longer be counted again (the clean-up job). */
export async function eraseOldCountMarks(db: Pick<Database, "delete">, now: Date): Promise<number> {
  const oldest = dayInTurkey(new Date(now.getTime() - (KEEP_DAYS - 1) * 86_400_000));
  const erased = await db.delete(countMarks).where(lt(countMarks.day, oldest)).returning({ key: countMarks.key });
  return erased.length;
}
