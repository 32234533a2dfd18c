import { count, eq } from "drizzle-orm";
import type { SummaryCounter } from "../accounts/dashboard-summary";
import { companies, companyReviews } from "../db/schema";

/** Company profiles in the summary: the user's own, every one for an administrator. */
export const countCompanies: SummaryCounter = async (db, scope) => {
  const [row] = await db.select({ n: count() }).from(companies).where(scope.all ? undefined : eq(companies.ownerId, scope.userId));
  return row.n;
};

/** Reviews of the user's companies (every review for an administrator). */
export const countCompanyReviews: SummaryCounter = async (db, scope) => {
  const [row] = await db
    .select({ n: count() })
    .from(companyReviews)
    .innerJoin(companies, eq(companies.id, companyReviews.companyId))
    .where(scope.all ? undefined : eq(companies.ownerId, scope.userId));
  return row.n;
};
