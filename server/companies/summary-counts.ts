import { count, eq } from "drizzle-orm";
import type { SummaryCounter } from "../core/app-context";
import { companies } from "../db/schema";

/** Company profiles in the summary: the user's own, every one for an administrator. */
export const countCompanies: SummaryCounter = async (db, scope) => {
  const [row] = await db.select({ n: count() }).from(companies).where(scope.all ? undefined : eq(companies.ownerId, scope.userId));
  return row.n;
};
