import type { Comparison } from "../../common/package-types";
import { COMPARE_MAX } from "../../common/packages";
import type { AppContext } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { getPackagesByIds } from "./get-package";
import { lastPriceChanges } from "./price-history";

/** Up to four public packages side by side, the cheapest total and the fastest marked (page and API). */
export async function comparePackages(app: Pick<AppContext, "db">, opts: { ids: number[]; now?: Date }): Promise<Comparison> {
  if (opts.ids.length > COMPARE_MAX) throw new AppError("E_VALIDATION", { key: "packages.compare.errors.tooMany", params: { max: COMPARE_MAX } });
  const found = await getPackagesByIds(app, opts.ids, opts);
  const last = await lastPriceChanges(app.db, found.map((p) => p.id));
  const items = found.map((p) => ({ ...p, lastPriceChange: last.get(p.id) ?? null }));
  const minTotal = Math.min(...items.map((p) => p.totalCostKurus));
  const speeds = items.map((p) => p.downloadMbps ?? 0);
  const maxSpeed = Math.max(0, ...speeds);
  return {
    items,
    cheapestIds: items.length > 1 ? items.filter((p) => p.totalCostKurus === minTotal).map((p) => p.id) : [],
    fastestIds: items.length > 1 && maxSpeed > 0 ? items.filter((p) => (p.downloadMbps ?? 0) === maxSpeed).map((p) => p.id) : [],
  };
}
