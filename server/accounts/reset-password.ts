import { eq, sql } from "drizzle-orm";
import { resetPasswordSchema } from "../../common/forms/auth";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { parseInput } from "../platform/validate";
import { consumeLimit, resetLimit, type LimitRule } from "../security/rate-limit";
import { inspectEmailCode, invalidateEmailCodes, consumeEmailCode, type CodeState } from "./email-codes";
import { accountLimitKey, LOGIN_FAILURE_COUNT, maySignIn } from "./login";
import { hashPassword } from "./passwords";
import { revokeAllSessions } from "./sessions";

/** Reset submissions from one address: 10 per 15 minutes. */
export const RESET_IP_LIMIT: LimitRule = { name: "reset-ip", points: 10, durationSeconds: 15 * 60 };

export type ResetCodeState = { status: "valid" } | { status: "invalid" } | { status: "expired" };
export type ResetOutcome = { status: "done" } | { status: "invalid" } | { status: "expired" };

async function accountFor(app: AppContext, state: CodeState) {
  if (state.state !== "valid") return null;
  const [account] = await app.db
    .select({ email: users.email, removedAt: users.removedAt, deletionRequestedAt: users.deletionRequestedAt, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, state.userId))
    .limit(1);
  return account && !account.erasedAt && maySignIn(account) ? account : null;
}

/** For the reset page's loader: is this link still good? A used code is simply invalid. */
export async function checkResetCode(app: AppContext, code: unknown): Promise<ResetCodeState> {
  const state = await inspectEmailCode(app.db, code, "reset");
  if (state.state === "expired") return { status: "expired" };
  return (await accountFor(app, state)) ? { status: "valid" } : { status: "invalid" };
}

/**
 * Sets a new password with a mailed code: the code is used up (once, even under concurrent
 * submissions), the account's other reset codes end, and every session and API token of the
 * account is revoked.
 */
export async function resetPassword(app: AppContext, opts: { code: unknown; input: unknown; ip: string }): Promise<ResetOutcome> {
  const state = await inspectEmailCode(app.db, opts.code, "reset");
  if (state.state === "expired") return { status: "expired" };
  const account = await accountFor(app, state);
  if (state.state !== "valid" || !account) return { status: "invalid" };

  const { password } = parseInput(resetPasswordSchema, opts.input);
  await consumeLimit(app.limits, RESET_IP_LIMIT, opts.ip, "auth.reset.rateLimited");
  const passwordHash = await hashPassword(password);

  const done = await app.db.transaction(async (tx) => {
    if (!(await consumeEmailCode(tx, state.id))) return false;
    await tx
      .update(users)
      // Opening the mailed link proves the address, as a verification link would.
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, state.userId));
    await invalidateEmailCodes(tx, state.userId, "reset");
    await revokeAllSessions(tx, state.userId);
    return true;
  });
  if (!done) return { status: "invalid" };
  // Failed sign-ins counted before the reset no longer stand in the way.
  await resetLimit(app.limits, LOGIN_FAILURE_COUNT, accountLimitKey(account.email));
  return { status: "done" };
}
