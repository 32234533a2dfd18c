import { count } from "drizzle-orm";
import type { SummaryCounter } from "../core/app-context";
import { companies } from "./schema";
import { companiesOwnedBy } from "./own-companies";

/** Company profiles in the summary: the user's own, every one for an administrator. */
export const countCompanies: SummaryCounter = async (db, scope) => {
  const [row] = await db.select({ n: count() }).from(companies).where(companiesOwnedBy(scope));
  return row.n;
};
