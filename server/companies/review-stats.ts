import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { companies, companyReviews } from "../db/schema";

type Db = Pick<Database, "update">;

/**
 * Recomputes a company's confirmed review count and score sum (what lists, filters and the
 * profile show). Call it in the same transaction as any change of a review's state, score or
 * company (the moderation page does, as does writing a review).
 */
export async function refreshCompanyReviewStats(db: Db, companyId: number): Promise<void> {
  await db
    .update(companies)
    .set({
      reviewCount: sql`(SELECT count(*) FROM ${companyReviews} WHERE ${companyReviews.companyId} = ${companyId} AND ${companyReviews.state} = 'confirmed')`,
      reviewScoreSum: sql`(SELECT coalesce(sum(${companyReviews.score}), 0) FROM ${companyReviews} WHERE ${companyReviews.companyId} = ${companyId} AND ${companyReviews.state} = 'confirmed')`,
    })
    .where(and(eq(companies.id, companyId)));
}
