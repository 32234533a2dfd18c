import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { leads } from "./schema";

/**
 * Subscription and call-me requests (personal data: name, phone, consent) are erased this long
 * after they were made, as the privacy text says; their delivery records go with them.
 */
export const LEAD_RETENTION_DAYS = 365;

/** Erases the requests older than LEAD_RETENTION_DAYS; returns how many went. */
export async function eraseExpiredLeads(db: Database, now: Date): Promise<number> {
  const retainedSince = new Date(now.getTime() - LEAD_RETENTION_DAYS * 86_400_000);
  const erased = await db.delete(leads).where(lt(leads.createdAt, retainedSince)).returning({ id: leads.id });
  return erased.length;
}
