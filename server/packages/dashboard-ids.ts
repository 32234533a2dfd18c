import { AppError } from "../platform/app-error";

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
