import { and, count, desc, eq, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { USER_AUDIT_LIMIT, USER_SEARCH_MAX, USER_STATES, type UserState } from "../../common/admin";
import { ACCOUNT_RETENTION_DAYS } from "../../common/constants";
import type { MessageKey } from "../../common/i18n";
import { normaliseSearch } from "../../common/search-text";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { foldedContains } from "../db/search";
import { AppError } from "../platform/app-error";
import { AUDIT_ACTIONS, listAuditForUser, writeAudit, type AuditEntry } from "./audit";
import { requireAdmin, type Actor } from "./permissions";
import { revokeAllSessions } from "./sessions";
import { inAdminTransaction, type Tx } from "./active-admins";

/** Users per page of /kullanicilar. */
export const USERS_PAGE_SIZE = 20;

export interface AdminUserRow {
  id: number;
  fullName: string;
  email: string;
  accountType: "individual" | "corporate";
  isAdmin: boolean;
  state: UserState;
  /** For a deletion request: whole days left of the retention period (0 on the last day). */
  deletionDaysLeft: number | null;
  createdAt: Date;
}

export interface UserListPage {
  rows: AdminUserRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  search: string;
  state: UserState | null;
}

const DAY_MS = 24 * 3600 * 1000;

const rowColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  accountType: users.accountType,
  isAdmin: users.isAdmin,
  removedAt: users.removedAt,
  deletionRequestedAt: users.deletionRequestedAt,
  erasedAt: users.erasedAt,
  createdAt: users.createdAt,
};

interface RawRow {
  id: number;
  fullName: string;
  email: string;
  accountType: "individual" | "corporate";
  isAdmin: boolean;
  removedAt: Date | null;
  deletionRequestedAt: Date | null;
  erasedAt: Date | null;
  createdAt: Date;
}

/**
 * One state per account, by precedence: erased, then deletion requested (even when also
 * deactivated, because its clock matters), then deactivated, else active.
 */
export function userState(row: Pick<RawRow, "removedAt" | "deletionRequestedAt" | "erasedAt">): UserState {
  if (row.erasedAt) return "erased";
  if (row.deletionRequestedAt) return "deletionRequested";
  if (row.removedAt) return "deactivated";
  return "active";
}

/** The same precedence as userState, as a WHERE condition. */
function stateCondition(state: UserState): SQL {
  switch (state) {
    case "erased":
      return isNotNull(users.erasedAt);
    case "deletionRequested":
      return and(isNotNull(users.deletionRequestedAt), isNull(users.erasedAt))!;
    case "deactivated":
      return and(isNotNull(users.removedAt), isNull(users.deletionRequestedAt), isNull(users.erasedAt))!;
    case "active":
      return and(isNull(users.removedAt), isNull(users.deletionRequestedAt), isNull(users.erasedAt))!;
  }
}

/** Whole days left before an account with a deletion request is erased. */
export function deletionDaysLeft(requestedAt: Date, now = new Date()): number {
  const end = requestedAt.getTime() + ACCOUNT_RETENTION_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

function toRow(r: RawRow, now: Date): AdminUserRow {
  const state = userState(r);
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    accountType: r.accountType,
    isAdmin: r.isAdmin,
    state,
    deletionDaysLeft: state === "deletionRequested" && r.deletionRequestedAt ? deletionDaysLeft(r.deletionRequestedAt, now) : null,
    createdAt: r.createdAt,
  };
}

/* ---------- search ---------- */

/**
 * Name or e-mail contains the text, folded the Turkish way on both sides (common/search-text):
 * "IŞIK" finds "Işık", "istanbul" finds "İSTANBUL", "cankaya" finds "ÇANKAYA".
 */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  return or(foldedContains(users.fullName, search, USER_SEARCH_MAX), foldedContains(users.email, search, USER_SEARCH_MAX));
}

/* ---------- reading ---------- */

/** A page of users for the administration list, newest registration first. */
export async function listUsers(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; search?: unknown; state?: UserState | null; page?: number },
): Promise<UserListPage> {
  requireAdmin(opts.actor);
  const search = normaliseSearch(opts.search, USER_SEARCH_MAX);
  const state = opts.state && USER_STATES.includes(opts.state) ? opts.state : null;
  const where = and(state ? stateCondition(state) : undefined, searchCondition(search));

  const [{ n: total }] = await app.db.select({ n: count() }).from(users).where(where);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const requested = Number.isSafeInteger(opts.page) && (opts.page ?? 0) > 0 ? (opts.page as number) : 1;
  const page = Math.min(requested, pageCount);
  const raw = await app.db
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
  const now = new Date();
  return { rows: raw.map((r) => toRow(r, now)), total, page, pageCount, pageSize: USERS_PAGE_SIZE, search, state };
}

export interface UserDetail {
  user: AdminUserRow;
  audit: AuditEntry[];
}

/** One user with the newest audit entries about them; null when there is no such user. */
export async function getUserDetail(app: Pick<AppContext, "db">, opts: { actor: Actor; userId: unknown }): Promise<UserDetail | null> {
  requireAdmin(opts.actor);
  const id = parseUserId(opts.userId, false);
  if (id === null) return null;
  const [raw] = await app.db.select(rowColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!raw) return null;
  return { user: toRow(raw, new Date()), audit: await listAuditForUser(app.db, id, USER_AUDIT_LIMIT) };
}

/* ---------- actions ---------- */

export const USER_ACTIONS = ["grantAdmin", "revokeAdmin", "deactivate", "restore"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export interface ActionResult {
  /** The target's name, for the confirmation message. */
  fullName: string;
}

/** A positive 32-bit id from a form field, or E_BAD_REQUEST (null when `strict` is false). */
function parseUserId(value: unknown, strict: true): number;
function parseUserId(value: unknown, strict: false): number | null;
function parseUserId(value: unknown, strict: boolean): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text === "string" && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647) return Number(text);
  if (strict) throw new AppError("E_BAD_REQUEST", "admin.errors.badUser");
  return null;
}

/** Explains why a conditional update touched no row. */
async function refusal(tx: Tx, id: number, conflictKey: MessageKey): Promise<AppError> {
  const [row] = await tx.select({ erasedAt: users.erasedAt }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) return new AppError("E_NOT_FOUND", "admin.errors.notFound");
  if (row.erasedAt) return new AppError("E_CONFLICT", "admin.errors.erased");
  return new AppError("E_CONFLICT", conflictKey);
}

export async function grantAdmin(app: Pick<AppContext, "db">, opts: { actor: Actor; userId: unknown }): Promise<ActionResult> {
  requireAdmin(opts.actor);
  const id = parseUserId(opts.userId, true);
  return inAdminTransaction(app, opts.actor, async (tx, actorId) => {
    const [row] = await tx
      .update(users)
      .set({ isAdmin: true, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isAdmin, false), isNull(users.erasedAt)))
      .returning({ fullName: users.fullName });
    if (!row) throw await refusal(tx, id, "admin.errors.alreadyAdmin");
    await writeAudit(tx, { actorId, action: AUDIT_ACTIONS.grantAdmin, targetUserId: id });
    return row;
  });
}

/** Nobody removes the last active administrator, themselves included. */
export async function revokeAdmin(app: Pick<AppContext, "db">, opts: { actor: Actor; userId: unknown }): Promise<ActionResult> {
  requireAdmin(opts.actor);
  const id = parseUserId(opts.userId, true);
  return inAdminTransaction(app, opts.actor, async (tx, actorId, admins) => {
    if (admins.includes(id) && admins.length <= 1) throw new AppError("E_CONFLICT", "admin.errors.lastAdmin");
    const [row] = await tx
      .update(users)
      .set({ isAdmin: false, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isAdmin, true), isNull(users.erasedAt)))
      .returning({ fullName: users.fullName });
    if (!row) throw await refusal(tx, id, "admin.errors.notAdmin");
    await writeAudit(tx, { actorId, action: AUDIT_ACTIONS.revokeAdmin, targetUserId: id, details: { self: id === actorId } });
    return row;
  });
}

/** Ends access at once: the account is marked removed and every session and token ends. */
export async function deactivateUser(app: Pick<AppContext, "db">, opts: { actor: Actor; userId: unknown }): Promise<ActionResult> {
  const admin = requireAdmin(opts.actor);
  const id = parseUserId(opts.userId, true);
  if (id === admin.id) throw new AppError("E_CONFLICT", "admin.errors.selfDeactivate");
  return inAdminTransaction(app, opts.actor, async (tx, actorId, admins) => {
    if (admins.includes(id) && admins.length <= 1) throw new AppError("E_CONFLICT", "admin.errors.lastAdmin");
    const [row] = await tx
      .update(users)
      .set({ removedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.removedAt), isNull(users.erasedAt)))
      .returning({ fullName: users.fullName });
    if (!row) throw await refusal(tx, id, "admin.errors.alreadyDeactivated");
    await revokeAllSessions(tx, id);
    await writeAudit(tx, { actorId, action: AUDIT_ACTIONS.deactivate, targetUserId: id });
    return row;
  });
}

/**
 * Gives access back: clears a deactivation and cancels a pending deletion request (the
 * "administrator restores within 30 days" of spec §4). An erased account cannot come back.
 */
export async function restoreUser(app: Pick<AppContext, "db">, opts: { actor: Actor; userId: unknown }): Promise<ActionResult> {
  requireAdmin(opts.actor);
  const id = parseUserId(opts.userId, true);
  return inAdminTransaction(app, opts.actor, async (tx, actorId) => {
    const [before] = await tx
      .select({ fullName: users.fullName, removedAt: users.removedAt, deletionRequestedAt: users.deletionRequestedAt, erasedAt: users.erasedAt })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!before) throw new AppError("E_NOT_FOUND", "admin.errors.notFound");
    if (before.erasedAt) throw new AppError("E_CONFLICT", "admin.errors.erased");
    if (!before.removedAt && !before.deletionRequestedAt) throw new AppError("E_CONFLICT", "admin.errors.alreadyActive");
    await tx
      .update(users)
      .set({ removedAt: null, deletionRequestedAt: null, updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.erasedAt)));
    await writeAudit(tx, {
      actorId,
      action: AUDIT_ACTIONS.restore,
      targetUserId: id,
      details: {
        wasDeactivated: before.removedAt !== null,
        deletionCancelled: before.deletionRequestedAt !== null,
        ...(before.deletionRequestedAt ? { deletionRequestedAt: before.deletionRequestedAt.toISOString() } : {}),
      },
    });
    return { fullName: before.fullName };
  });
}

/** Runs one action by name (the form's `intent`); an unknown name is E_BAD_REQUEST. */
export async function runUserAction(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; intent: unknown; userId: unknown },
): Promise<ActionResult & { intent: UserAction }> {
  requireAdmin(opts.actor);
  const intent = opts.intent as UserAction;
  if (typeof opts.intent !== "string" || !USER_ACTIONS.includes(intent)) {
    throw new AppError("E_BAD_REQUEST", "admin.errors.unknownIntent");
  }
  const run = { grantAdmin, revokeAdmin, deactivate: deactivateUser, restore: restoreUser }[intent];
  return { ...(await run(app, opts)), intent };
}
