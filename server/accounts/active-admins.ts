import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../core/app-context";
import type { Database } from "../db/client";
import { AppError } from "../platform/app-error";
import { requireAdmin, type Actor } from "./permissions";
import { users } from "./schema";

// The site always keeps an active administrator: the administrators' actions on accounts
// (admin-users.ts) and a user's own deletion request lock their rows and check it.

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Signed in now, no deactivation, no deletion request: an admin who counts. */
const activeAdmin = and(eq(users.isAdmin, true), isNull(users.removedAt), isNull(users.deletionRequestedAt), isNull(users.erasedAt));

/**
 * Locks every active administrator row (in id order, so two admin actions never deadlock) and
 * checks the actor is still one of them: a role revoked a moment ago no longer acts.
 */
async function lockActiveAdmins(tx: Tx, actorId: number): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(activeAdmin).orderBy(asc(users.id)).for("update");
  const ids = rows.map((r) => r.id);
  if (!ids.includes(actorId)) throw new AppError("E_FORBIDDEN", "errors.forbidden");
  return ids;
}

/**
 * Refuses an action that would leave the site without an active administrator (used by the
 * user's own deletion request too). Locks the administrators' rows for the transaction.
 */
export async function assertNotLastActiveAdmin(tx: Tx, userId: number): Promise<void> {
  const rows = await tx.select({ id: users.id }).from(users).where(activeAdmin).orderBy(asc(users.id)).for("update");
  if (rows.some((r) => r.id === userId) && rows.length <= 1) throw new AppError("E_CONFLICT", "admin.errors.lastAdmin");
}

/** Runs `fn` in a transaction as an administrator who still is one, the active administrators' rows locked. */
export async function inAdminTransaction<T>(app: Pick<AppContext, "db">, actor: Actor, fn: (tx: Tx, actorId: number, admins: number[]) => Promise<T>): Promise<T> {
  const admin = requireAdmin(actor);
  return app.db.transaction(async (tx) => fn(tx, admin.id, await lockActiveAdmins(tx, admin.id)));
}

/** Ids of the active administrators (for tests and the CLI's report). */
export async function listActiveAdminIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(activeAdmin).orderBy(asc(users.id));
  return rows.map((r) => r.id);
}
