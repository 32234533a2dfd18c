import { sql } from "drizzle-orm";
import type { MessageKey } from "../../common/i18n";
import { PASSWORD_ERRORS, passwordSchema } from "../../common/forms/settings";
import { toValidationErrors } from "../../common/validation/messages";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { AppError } from "../platform/app-error";
import { consumeLimit, resetLimit } from "../security/rate-limit";
import { hashPassword, verifyPassword } from "./passwords";
import { requireUser } from "./permissions";
import { liveUser } from "./profile";
import { createSession, revokeAllSessions, type SessionUser } from "./sessions";

/**
 * Checks of the current password (password change, account deletion): 5 wrong ones per
 * account in 15 minutes, then "try again after {minute} minutes". A right one clears the count.
 */
export const PASSWORD_CHECK_LIMIT = { name: "account-password-check", points: 5, durationSeconds: 15 * 60 };

export const passwordCheckKey = (userId: number) => `user:${userId}`;

/**
 * The password hash of a live account, or E_NOT_FOUND ("user not found") when the account is
 * gone, deactivated or awaiting deletion.
 */
async function passwordHashOf(app: AppContext, userId: number): Promise<string> {
  const [row] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(liveUser(userId)).limit(1);
  if (!row) throw new AppError("E_NOT_FOUND", PASSWORD_ERRORS.userNotFound);
  return row.passwordHash;
}

/**
 * Verifies the user's current password under the per-account limit. A wrong password throws
 * E_VALIDATION with `messageKey` on `field`.
 */
export async function checkCurrentPassword(
  app: AppContext,
  opts: { userId: number; password: string; field: string; messageKey: MessageKey },
): Promise<void> {
  const passwordHash = await passwordHashOf(app, opts.userId);
  const key = passwordCheckKey(opts.userId);
  // Every attempt spends a point; a right password gives them back, so only wrong ones add up.
  await consumeLimit(app.limits, PASSWORD_CHECK_LIMIT, key, "settings.errors.passwordRateLimited");
  if (!(await verifyPassword(passwordHash, opts.password))) {
    throw new AppError("E_VALIDATION", opts.messageKey, { fieldErrors: { [opts.field]: { key: opts.messageKey } } });
  }
  await resetLimit(app.limits, PASSWORD_CHECK_LIMIT, key);
}

/**
 * Changes the signed-in user's password. Every session and API token of the account ends;
 * a fresh session of `sessionKind` is returned for the client that made the change, so it stays
 * signed in (a web session for the settings page's browser, a bearer token for an app).
 * Errors (spec §8): missing parameters, new passwords differ, user not found, current password wrong.
 */
export async function changePassword(
  app: AppContext,
  opts: { user: SessionUser | null; input: unknown; sessionKind?: "web" | "api" },
): Promise<{ token: string; expiresAt: Date }> {
  const user = requireUser(opts);
  const parsed = passwordSchema.safeParse(opts.input);
  if (!parsed.success) {
    const fieldErrors = toValidationErrors(parsed.error);
    const messages = Object.values(fieldErrors);
    const anyMissing = messages.some((m) => m.key.endsWith(".required") || m.key === "validation.invalid");
    throw new AppError("E_VALIDATION", anyMissing ? PASSWORD_ERRORS.missing : messages[0], { fieldErrors });
  }
  const input = parsed.data;
  await checkCurrentPassword(app, {
    userId: user.id,
    password: input.currentPassword,
    field: "currentPassword",
    messageKey: PASSWORD_ERRORS.wrongCurrent,
  });
  const passwordHash = await hashPassword(input.newPassword);
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(liveUser(user.id))
      .returning({ id: users.id });
    if (rows.length === 0) throw new AppError("E_NOT_FOUND", PASSWORD_ERRORS.userNotFound);
    await revokeAllSessions(tx, user.id);
  });
  const session = await createSession(app.db, user.id, opts.sessionKind ?? "web");
  app.log.info({ userId: user.id }, "password changed; all sessions revoked");
  return session;
}
