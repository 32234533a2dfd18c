import express from "express";
import { userListQuerySchema } from "../../../common/admin";
import {
  deactivateUser,
  getUserDetail,
  grantAdmin,
  listUsers,
  restoreUser,
  revokeAdmin,
  type AdminUserRow,
  type UserAction,
} from "../../accounts/admin-users";
import { requireAdmin, type Actor } from "../../accounts/permissions";
import { AppError } from "../../platform/app-error";
import { parseInput } from "../../platform/validate";
import { api } from "./respond";

/** The last segment of each action's call, by the page's intent. */
export const USER_ACTION_SEGMENTS = {
  grantAdmin: "grant-admin",
  revokeAdmin: "revoke-admin",
  deactivate: "deactivate",
  restore: "restore",
} as const satisfies Record<UserAction, string>;

const USER_ACTION_SERVICES = { grantAdmin, revokeAdmin, deactivate: deactivateUser, restore: restoreUser } satisfies Record<UserAction, unknown>;

/**
 * The user id of a call's path, for an administrator: anything but a positive 32-bit integer
 * names no user, the same 404 as an id nobody has (another account is refused first, 403).
 */
function userIdParam(actor: Actor, value: unknown): number {
  requireAdmin(actor);
  const s = typeof value === "string" ? value : "";
  if (!/^[1-9]\d{0,9}$/.test(s) || Number(s) > 2_147_483_647) throw new AppError("E_NOT_FOUND", "admin.errors.notFound");
  return Number(s);
}

function userView(row: AdminUserRow) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * /api/v1 calls of the user administration page (/kullanicilar) for administrators' apps: the
 * list with its search and state filter, one user with their history, and the page's four
 * actions, through the page's services (administrators only; the last active administrator
 * stays; each action audit-logged).
 */
export function createUserAdminApiRouter(): express.Router {
  const router = express.Router();

  router.get(
    "/admin/users",
    api(async (req, _res, ctx) => {
      const query = parseInput(userListQuerySchema, { search: req.query.search, state: req.query.state, page: req.query.page });
      const list = await listUsers(ctx.app, { actor: ctx, search: query.search, state: query.state ?? null, page: query.page });
      return {
        success: true,
        users: list.rows.map(userView),
        total: list.total,
        page: list.page,
        pageCount: list.pageCount,
        pageSize: list.pageSize,
        search: list.search,
        state: list.state,
      };
    }),
  );

  router.get(
    "/admin/users/:id",
    api(async (req, _res, ctx) => {
      const detail = await getUserDetail(ctx.app, { actor: ctx, userId: userIdParam(ctx, req.params.id) });
      if (!detail) throw new AppError("E_NOT_FOUND", "admin.errors.notFound");
      return {
        success: true,
        user: userView(detail.user),
        audit: detail.audit.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      };
    }),
  );

  for (const [intent, segment] of Object.entries(USER_ACTION_SEGMENTS) as [UserAction, string][]) {
    router.post(
      `/admin/users/:id/${segment}`,
      api(async (req, _res, ctx) => {
        const userId = userIdParam(ctx, req.params.id);
        await USER_ACTION_SERVICES[intent](ctx.app, { actor: ctx, userId });
        // The account as it is after the action, for the app to show.
        const detail = await getUserDetail(ctx.app, { actor: ctx, userId });
        if (!detail) throw new AppError("E_NOT_FOUND", "admin.errors.notFound");
        return { success: true, user: userView(detail.user) };
      }),
    );
  }

  return router;
}
