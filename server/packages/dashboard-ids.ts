import { data } from "react-router";
import { AppError, isAppError } from "../platform/app-error";

/**
 * An id of the dashboard's package and inbox paths (company, package): anything but a positive
 * integer is "not found", the same answer as another owner's id.
 */
export function parseDashboardId(value: unknown, what: "company" | "package" | "lead" = "company"): number {
  const s = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  const key = what === "company" ? "packages.errors.companyNotFound" : what === "package" ? "packages.errors.packageNotFound" : "packages.inbox.notFound";
  if (!/^[1-9]\d{0,8}$/.test(s)) throw new AppError("E_NOT_FOUND", key);
  return Number(s);
}

/** A service error in a page loader: a forged id or another owner's company → the 404 page; not a corporate account → 403. */
export function pageError(err: unknown): never {
  if (isAppError(err) && err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
  if (isAppError(err) && err.code === "E_FORBIDDEN") throw data(null, { status: 403 });
  throw err;
}

/** parseDashboardId for a page loader: a forged id is the 404 page. */
export function loaderId(value: unknown): number {
  try {
    return parseDashboardId(value);
  } catch (err) {
    return pageError(err);
  }
}
