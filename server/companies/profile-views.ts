import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { companyProfileViews } from "../db/schema";

/** Counts one view of a profile for today (UTC). Nothing about the visitor is stored. */
export async function countProfileView(db: Database, companyId: number, now = new Date()): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(companyProfileViews)
    .values({ companyId, day, views: 1 })
    .onConflictDoUpdate({ target: [companyProfileViews.companyId, companyProfileViews.day], set: { views: sql`${companyProfileViews.views} + 1` } });
}
