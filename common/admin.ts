import { z } from "./validation/zod";

/** Limits of the user administration page, shared by the page and its service. */

/** Longest search text (characters). */
export const USER_SEARCH_MAX = 100;
/** Audit entries shown for one user. */
export const USER_AUDIT_LIMIT = 20;

/** An account's one state, by precedence (server/accounts/admin-users.ts: userState). */
export const USER_STATES = ["active", "deactivated", "deletionRequested", "erased"] as const;
export type UserState = (typeof USER_STATES)[number];

/** The highest page number the list's call takes (a later page than the last answers the last). */
export const USER_PAGE_MAX = 100_000;

/**
 * GET /api/v1/admin/users's query: the page's filters under English names. Unlike the page's
 * address (read leniently: people edit it), a wrong value here is a 400 with a translated message.
 */
export const userListQuerySchema = z.object({
  search: z
    .string({ error: "admin.validation.search" })
    .max(USER_SEARCH_MAX, "admin.validation.search")
    // U+FFFD is what broken UTF-8 in the address decodes to.
    // eslint-disable-next-line no-control-regex
    .refine((v) => v.isWellFormed() && !v.includes("\uFFFD") && !/[\u0000-\u001F\u007F]/.test(v), "admin.validation.search")
    .optional(),
  state: z.enum(USER_STATES, { error: "admin.validation.state" }).optional(),
  page: z
    .string({ error: "admin.validation.page" })
    .regex(/^[1-9]\d{0,5}$/, "admin.validation.page")
    .transform(Number)
    .refine((n) => n <= USER_PAGE_MAX, "admin.validation.page")
    .optional(),
});
