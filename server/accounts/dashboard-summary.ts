import type { AppContext } from "../core/app-context";
import { SUMMARY_KEYS, type SummaryKey, type SummaryScope } from "../core/app-context";
import { requireUser, type Actor } from "./permissions";

export { SUMMARY_KEYS, type SummaryKey };
export type DashboardSummary = Record<SummaryKey, number>;

/**
 * The summary counts for the signed-in user (everything for an administrator): each entry the sum
 * of the counters the area modules declare for it (zero until an area brings that kind of record).
 */
export async function getDashboardSummary(
  app: Pick<AppContext, "db" | "modules">,
  opts: { actor: Actor },
): Promise<{ counts: DashboardSummary; scope: SummaryScope }> {
  const user = requireUser(opts.actor);
  const scope: SummaryScope = { userId: user.id, all: user.isAdmin };
  const values = await Promise.all(
    SUMMARY_KEYS.map(async (key) => {
      const counters = app.modules.flatMap((m) => m.summary?.[key] ?? []);
      const counts = await Promise.all(counters.map((count) => count(app.db, scope)));
      return counts.reduce((a, b) => a + b, 0);
    }),
  );
  const counts = Object.fromEntries(SUMMARY_KEYS.map((key, i) => [key, values[i]])) as DashboardSummary;
  return { counts, scope };
}
