import { count, eq } from "drizzle-orm";
import type { SummaryCounter } from "../core/app-context";
import { companies } from "../companies/schema";
import { packages } from "./schema";
import { companiesOwnedBy } from "../companies";

/** Packages in the dashboard summary: those of the user's companies (on sale or withdrawn), every one for an administrator. */
export const countPackages: SummaryCounter = async (db, scope) => {
  const [row] = await db
    .select({ n: count() })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(companiesOwnedBy(scope));
  return row!.n;
};
