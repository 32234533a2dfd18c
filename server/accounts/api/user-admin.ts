import { userListQuerySchema } from "../../../common/admin";
import type { ApiCall } from "../../core/app-context";
import { z } from "../../platform/api-zod";
import { AppError } from "../../platform/app-error";
import { parseInput } from "../../platform/validate";
import {
  deactivateUser,
  getUserDetail,
  grantAdmin,
  listUsers,
  restoreUser,
  revokeAdmin,
  type AdminUserRow,
  type UserAction,
} from "../admin-users";
import { userActionResponse, userDetailResponse, userListResponse } from "../api-schemas";
import { requireAdmin, type Actor } from "../permissions";

/** The last segment of each action's call, by the page's intent. */
const USER_ACTION_SEGMENTS = {
  grantAdmin: "grant-admin",
  revokeAdmin: "revoke-admin",
  deactivate: "deactivate",
  restore: "restore",
} as const satisfies Record<UserAction, string>;

const USER_ACTION_SERVICES = { grantAdmin, revokeAdmin, deactivate: deactivateUser, restore: restoreUser } satisfies Record<UserAction, unknown>;

/** Each action's operationId, summary and refusal, as the document gives them. */
const USER_ACTIONS: Record<UserAction, { id: string; summary: string; conflict: string }> = {
  grantAdmin: { id: "grantAdmin", summary: "Make the user an administrator", conflict: "Already an administrator, or the account is erased (E_CONFLICT)" },
  revokeAdmin: {
    id: "revokeAdmin",
    summary: "Revoke the user's administrator rights (one's own too), never the last active administrator's",
    conflict: "Not an administrator, the last active one, or the account is erased (E_CONFLICT)",
  },
  deactivate: {
    id: "deactivateUser",
    summary: "Deactivate the account: every session and token ends at once and sign-in is refused",
    conflict: "Already deactivated, one's own account, the last active administrator, or erased (E_CONFLICT)",
  },
  restore: {
    id: "restoreUser",
    summary: "Restore the account: a deactivation ends and a pending deletion request is cancelled",
    conflict: "Already active, or erased for good (E_CONFLICT)",
  },
};

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

const common = { tag: "user-admin", auth: "bearer", forbidden: "Not an administrator (E_FORBIDDEN)" } as const;
const userParam = z.object({ id: z.string().openapi({ description: "The user's id", example: "12" }) });
const noUser = "No user has this id (E_NOT_FOUND; a malformed id answers the same)";

/**
 * /api/v1 calls of the user administration page (/kullanicilar) for administrators' apps: the
 * list with its search and state filter, one user with their history, and the page's four
 * actions, through the page's services (administrators only; the last active administrator
 * stays; each action audit-logged).
 */
export const userAdminCalls: ApiCall[] = [
  {
    ...common,
    id: "listUsers",
    method: "get",
    path: "/admin/users",
    summary: "Users, newest registration first, 20 a page; `search` finds a part of the name or e-mail (Turkish letters folded, case ignored)",
    query: userListQuerySchema.extend({
      page: z.string().optional().openapi({ description: "Page number from 1", example: "1" }),
    }),
    response: userListResponse,
    handler: async (req, _res, ctx) => {
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
    },
  },
  {
    ...common,
    id: "getUser",
    method: "get",
    path: "/admin/users/{id}",
    summary: "One user and the newest audit entries about them",
    params: userParam,
    response: userDetailResponse,
    notFound: noUser,
    handler: async (req, _res, ctx) => {
      const detail = await getUserDetail(ctx.app, { actor: ctx, userId: userIdParam(ctx, req.params.id) });
      if (!detail) throw new AppError("E_NOT_FOUND", "admin.errors.notFound");
      return {
        success: true,
        user: userView(detail.user),
        audit: detail.audit.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      };
    },
  },
  ...(Object.entries(USER_ACTION_SEGMENTS) as [UserAction, string][]).map(
    ([intent, segment]): ApiCall => ({
      ...common,
      id: USER_ACTIONS[intent].id,
      path: `/admin/users/{id}/${segment}`,
      summary: `${USER_ACTIONS[intent].summary}; audit-logged`,
      params: userParam,
      response: userActionResponse,
      notFound: noUser,
      conflict: USER_ACTIONS[intent].conflict,
      bodyOptional: true,
      handler: async (req, _res, ctx) => {
        const userId = userIdParam(ctx, req.params.id);
        await USER_ACTION_SERVICES[intent](ctx.app, { actor: ctx, userId });
        // The account as it is after the action, for the app to show.
        const detail = await getUserDetail(ctx.app, { actor: ctx, userId });
        if (!detail) throw new AppError("E_NOT_FOUND", "admin.errors.notFound");
        return { success: true, user: userView(detail.user) };
      },
    }),
  ),
];
