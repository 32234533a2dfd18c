import { loginSchema } from "../../common/forms/auth";
import type { MessageKey } from "../../common/i18n";
import type { AppContext } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit, resetLimit, type LimitRule, type LimiterFactory } from "../security/rate-limit";
import { avatarUrl } from "./avatar";
import { findAccountByEmail } from "./find-account";
import { decoyHash, verifyPassword } from "./passwords";
import { logOut } from "./logout";
import { createSession } from "./sessions";
import { hashSecret } from "./tokens";

/**
 * Failed sign-ins from one client address: 20 per 15 minutes, across all accounts (a password
 * tried on many accounts). Successes do not count: an office or a carrier's NAT puts many people
 * behind one address, and their good sign-ins must never lock the others out.
 */
export const LOGIN_IP_LIMIT: LimitRule = { name: "login-ip", points: 20, durationSeconds: 15 * 60 };
/**
 * Failed attempts on one e-mail address (known or not) from one client address: 5 per 15
 * minutes; a success clears them. Keyed by account and client, so a stranger guessing from
 * elsewhere never locks the owner out.
 */
export const LOGIN_ACCOUNT_LIMIT: LimitRule = { name: "login-account-ip", points: 5, durationSeconds: 15 * 60 };
/** Failed attempts on one e-mail address from anywhere in the last hour: they only slow failures down (loginFailureDelayMs). */
export const LOGIN_FAILURE_COUNT: LimitRule = { name: "login-failures", points: 1_000_000, durationSeconds: 3600 };
/** Failures an account takes from everywhere before each further failure is answered more slowly. */
const FREE_FAILURES = 10;

/** Rate-limit key for an e-mail address: its hash, so the counters table holds no addresses. */
export function accountLimitKey(email: string): string {
  return hashSecret(email.trim().toLowerCase());
}

/** Rate-limit key for attempts on one e-mail address from one client address. */
export function loginAttemptKey(email: string, ip: string): string {
  return `${accountLimitKey(email)}:${ip}`;
}

/** The wait before a failed answer once an account draws many failures: 100 ms more each time, at most 2 s. */
export function loginFailureDelayMs(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(100 * (failures - FREE_FAILURES), 2000);
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
    image: avatarUrl(user.image, siteUrl),
    admin: user.isAdmin,
  };
}

/** Throws the rule's E_RATE_LIMITED when the key's budget is already spent, without spending any. */
async function assertBudgetLeft(limits: LimiterFactory, rule: LimitRule, key: string, messageKey: MessageKey): Promise<void> {
  const res = await limits(rule).get(key);
  if (res && res.consumedPoints >= rule.points && res.msBeforeNext > 0) {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new AppError(
      "E_RATE_LIMITED",
      { key: messageKey, params: { count: Math.max(1, Math.ceil(seconds / 60)) } },
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
  // Taken before the password is checked, so parallel guesses cannot pass the limit together,
  // and given back below when the sign-in succeeds: only failures stay counted.
  await consumeLimit(app.limits, LOGIN_IP_LIMIT, opts.ip, "auth.login.rateLimited");
  const key = loginAttemptKey(email, opts.ip);
  await assertBudgetLeft(app.limits, LOGIN_ACCOUNT_LIMIT, key, "auth.login.rateLimited");

  const account = await findAccountByEmail(app, { email });
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
  if (!account || !passwordOk || !maySignIn(account)) {
    // A spread guessing run (many client addresses) is slowed down, never turned into a lock.
    const failures = await app.limits(LOGIN_FAILURE_COUNT).consume(accountLimitKey(email));
    const delay = loginFailureDelayMs(failures.consumedPoints);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    await consumeLimit(app.limits, LOGIN_ACCOUNT_LIMIT, key, "auth.login.rateLimited");
    throw new AppError("E_VALIDATION", "auth.login.invalid");
  }
  await resetLimit(app.limits, LOGIN_ACCOUNT_LIMIT, key);
  await app.limits(LOGIN_IP_LIMIT).reward(opts.ip, 1);
  return { id: account.id, fullName: account.fullName, email: account.email, image: account.image, isAdmin: account.isAdmin };
}

/**
 * Signs in: a new session (never a reused one), a cookie for the site or a bearer token for the
 * API. A sign-in made over an existing session (`replaces`) ends that session.
 */
export async function logIn(app: AppContext, opts: { input: unknown; ip: string; kind: "web" | "api"; replaces?: string }) {
  const user = await authenticate(app, opts);
  const session = await createSession(app.db, user.id, opts.kind);
  await logOut(app, { sessionToken: opts.replaces });
  return { user, ...session };
}
