import type { AppContext } from "../app-context";
import type { Database } from "../db/client";
import { countCompanies } from "../companies/summary-counts";
import { countPackages } from "../packages/summary-counts";
import { countReviews } from "../reviews/summary-counts";
import { requireUser, type Actor } from "./permissions";

/** The four counts of the dashboard summary (/ozet), in display order. */
export const SUMMARY_KEYS = ["companies", "blogPosts", "packages", "comments"] as const;
export type SummaryKey = (typeof SUMMARY_KEYS)[number];
export type DashboardSummary = Record<SummaryKey, number>;

/** Whose records a count covers: the user's own, or everything for an administrator. */
export interface SummaryScope {
  userId: number;
  all: boolean;
}

/** Counts one kind of record in a scope. */
export type SummaryCounter = (db: Database, scope: SummaryScope) => Promise<number>;

/** Until a feature lands, its count is zero. */
const none: SummaryCounter = async () => 0;

/**
 * One counter per summary entry. The feature that brings the records replaces its entry here
 * with a query scoped like: `scope.all ? everything : rows owned by scope.userId`.
 * - companies: company profiles (owner = the corporate user)
 * - blogPosts: blog posts (author)
 * - packages: packages of the user's company profiles
 * - comments: comments and reviews on the user's profiles, posts and packages (all for an admin)
 */
export const summaryCounters: Readonly<Record<SummaryKey, SummaryCounter>> = {
  companies: countCompanies,
  blogPosts: none,
  packages: countPackages,
  // Company and package reviews; blog comments join when their feature lands.
  comments: countReviews,
};

/** The summary counts for the signed-in user (everything for an administrator). */
export async function getDashboardSummary(app: Pick<AppContext, "db">, opts: { actor: Actor }): Promise<{ counts: DashboardSummary; scope: SummaryScope }> {
  const user = requireUser(opts.actor);
  const scope: SummaryScope = { userId: user.id, all: user.isAdmin };
  const values = await Promise.all(SUMMARY_KEYS.map((key) => summaryCounters[key](app.db, scope)));
  const counts = Object.fromEntries(SUMMARY_KEYS.map((key, i) => [key, values[i]])) as DashboardSummary;
  return { counts, scope };
}
