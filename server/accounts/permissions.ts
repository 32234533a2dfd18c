import { AppError } from "../platform/app-error";
import type { SessionUser } from "./sessions";

/** The part of a request context the guards read. */
export interface Actor {
  user: SessionUser | null;
}

/** Throws E_UNAUTHORIZED for a guest. Called by every loader/action/API handler that needs a user, and again in the service. */
export function requireUser(ctx: Actor): SessionUser {
  if (!ctx.user) throw new AppError("E_UNAUTHORIZED", "errors.unauthorized");
  return ctx.user;
}

export function requireAdmin(ctx: Actor): SessionUser {
  const user = requireUser(ctx);
  if (!user.isAdmin) throw new AppError("E_FORBIDDEN", "errors.forbidden");
  return user;
}

/** A corporate account (or an administrator) — the dashboard's company features. */
export function requireCorporate(ctx: Actor): SessionUser {
  const user = requireUser(ctx);
  if (user.accountType !== "corporate" && !user.isAdmin) throw new AppError("E_FORBIDDEN", "errors.forbidden");
  return user;
}
