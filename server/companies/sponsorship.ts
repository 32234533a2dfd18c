import { and, gt, inArray, lte } from "drizzle-orm";
import type { Database } from "../db/client";
import { companySponsorships } from "./schema";

/** Of these companies, the ones sponsored right now (a label only: never a filter or an order). */
export async function sponsoredNow(db: Database, companyIds: readonly number[], now = new Date()): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ companyId: companySponsorships.companyId })
    .from(companySponsorships)
    .where(and(inArray(companySponsorships.companyId, [...companyIds]), lte(companySponsorships.startsAt, now), gt(companySponsorships.endsAt, now)));
  return new Set(rows.map((r) => r.companyId));
}
