import { data, redirect } from "react-router";
import type { Locale } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { parseDashboardId } from "../../packages/dashboard-ids";
import { isAppError } from "../../platform/app-error";

/**
 * How a page loader answers a service's error, in one place: a forged id, a deleted row or another
 * owner's row (E_NOT_FOUND) is the 404 page, a wrong kind of account (E_FORBIDDEN) the 403 page;
 * anything else goes on to the error boundary.
 */
export function pageError(err: unknown): never {
  if (isAppError(err) && err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
  if (isAppError(err) && err.code === "E_FORBIDDEN") throw data(null, { status: 403 });
  throw err;
}

/** A dashboard id from a page's path: anything but a positive integer is the 404 page. */
export function loaderId(value: unknown): number {
  try {
    return parseDashboardId(value);
  } catch (err) {
    return pageError(err);
  }
}

/** An account gone between the session check and the read means signing in again. */
export function signInAgain(err: unknown, locale: Locale): never {
  if (isAppError(err) && err.code === "E_NOT_FOUND") throw redirect(pathsFor(locale).Login());
  throw err;
}
