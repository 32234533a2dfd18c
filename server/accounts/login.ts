import { and, eq, isNull } from "drizzle-orm";
import { loginSchema } from "../../common/forms/auth";
import type { AppContext } from "../app-context";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit, resetLimit, type LimitRule, type LimiterFactory } from "../security/rate-limit";
import { decoyHash, verifyPassword } from "./passwords";
import { createSession } from "./sessions";
import { hashSecret } from "./tokens";

/** Every attempt from one address: 20 per 15 minutes. */
export const LOGIN_IP_LIMIT: LimitRule = { name: "login-ip", points: 20, durationSeconds: 15 * 60 };
/** Failed attempts on one e-mail address (known or not): 5 per 15 minutes; a success clears them. */
export const LOGIN_ACCOUNT_LIMIT: LimitRule = { name: "login-account", points: 5, durationSeconds: 15 * 60 };

/** Rate-limit key for an e-mail address: its hash, so the counters table holds no addresses. */
export function accountLimitKey(email: string): string {
  return hashSecret(email.trim().toLowerCase());
}

/** The account behind an e-mail address, unless its personal data has been erased. */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      passwordHash: users.passwordHash,
      image: users.image,
      isAdmin: users.isAdmin,
      locale: users.locale,
      removedAt: users.removedAt,
      deletionRequestedAt: users.deletionRequestedAt,
    })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.erasedAt)))
    .limit(1);
  return row;
}

/** Deactivated accounts and accounts with a deletion request cannot sign in (nor reset a password). */
export function maySignIn(account: { removedAt: Date | null; deletionRequestedAt: Date | null }): boolean {
  return account.removedAt === null && account.deletionRequestedAt === null;
}

/** The spec's user info (§3) as the API gives it: fullname, email, image, admin. */
export function publicUserInfo(siteUrl: string, user: { fullName: string; email: string; image: string | null; isAdmin: boolean }) {
  return {
    fullname: user.fullName,
    email: user.email,
    image: user.image ? `${siteUrl.replace(/\/+$/, "")}/media/avatars/${user.image}` : null,
    admin: user.isAdmin,
  };
}

/** Throws the rule's E_RATE_LIMITED when the key's budget is already spent, without spending any. */
async function assertBudgetLeft(limits: LimiterFactory, rule: LimitRule, key: string, messageKey: string): Promise<void> {
  const res = await limits(rule).get(key);
  if (res && res.consumedPoints >= rule.points && res.msBeforeNext > 0) {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new AppError(
      "E_RATE_LIMITED",
      { key: messageKey, params: { minute: Math.max(1, Math.ceil(seconds / 60)) } },
      { retryAfterSeconds: seconds },
    );
  }
}

export interface AuthenticatedUser {
  id: number;
  fullName: string;
  email: string;
  image: string | null;
  isAdmin: boolean;
}

/**
 * Checks an e-mail and password. Every failure (unknown address, wrong password, deactivated or
 * deletion-requested account) is the same "wrong e-mail or password" after the same work: an
 * unknown address is checked against a decoy hash, so the answer time does not tell either.
 */
export async function authenticate(app: AppContext, opts: { input: unknown; ip: string }): Promise<AuthenticatedUser> {
  const { email, password } = parseInput(loginSchema, opts.input);
  await consumeLimit(app.limits, LOGIN_IP_LIMIT, opts.ip, "auth.login.rateLimited");
  const key = accountLimitKey(email);
  await assertBudgetLeft(app.limits, LOGIN_ACCOUNT_LIMIT, key, "auth.login.rateLimited");

  const account = await findAccountByEmail(app.db, email);
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
  if (!account || !passwordOk || !maySignIn(account)) {
    await consumeLimit(app.limits, LOGIN_ACCOUNT_LIMIT, key, "auth.login.rateLimited");
    throw new AppError("E_VALIDATION", "auth.login.invalid");
  }
  await resetLimit(app.limits, LOGIN_ACCOUNT_LIMIT, key);
  return { id: account.id, fullName: account.fullName, email: account.email, image: account.image, isAdmin: account.isAdmin };
}

/** Signs in: a new session (never a reused one), a cookie for the site or a bearer token for the API. */
export async function logIn(app: AppContext, opts: { input: unknown; ip: string; kind: "web" | "api" }) {
  const user = await authenticate(app, opts);
  const session = await createSession(app.db, user.id, opts.kind);
  return { user, ...session };
}
