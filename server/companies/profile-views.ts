import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { companyProfileViews } from "./schema";
import { countOnce } from "../platform/count-once";
import { dayInTurkey } from "../../common/reminders";

/**
 * Counts a view of a profile for today in Turkey (the day countOnce counts by, so a view after
 * midnight in Istanbul and before it in UTC is one day's), at most once per visitor's (hashed)
 * address and day: the home page ranks companies by these views, so reloads and scripts must not move them.
 * Nothing about the visitor is stored with the count (count-once.ts keeps only a keyed hash).
 */
export async function countProfileView(db: Database, companyId: number, ipHash: string | null, now = new Date()): Promise<void> {
  if (!(await countOnce(db, { ipHash, subject: `company-profile:${companyId}`, now }))) return;
  const day = dayInTurkey(now);
  await db
    .insert(companyProfileViews)
    .values({ companyId, day, views: 1 })
    .onConflictDoUpdate({ target: [companyProfileViews.companyId, companyProfileViews.day], set: { views: sql`${companyProfileViews.views} + 1` } });
}
