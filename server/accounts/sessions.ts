import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions, users } from "./schema";
import { hashSecret, newSecret } from "./tokens";

export const SESSION_COOKIE = "gb_session";
export const SESSION_DAYS = 30;

/** The Set-Cookie value that ends the site's session cookie in the browser (signing out, a reset password, a deletion request). */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
const DAY = 24 * 3600 * 1000;

/** What a request knows about its signed-in user. */
import type { SessionUser } from "../core/app-context";

export type { SessionUser };

export async function createSession(db: Database, userId: number, kind: "web" | "api"): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY);
  await db.insert(sessions).values({ tokenHash: hashSecret(token), userId, kind, expiresAt });
  return { token, expiresAt };
}

/**
 * The user behind a session token, if the session is live and the account may sign in (not
 * deactivated, no deletion requested). Sliding expiry: a session used after a day is extended.
 */
export async function findSessionUser(db: Database, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashSecret(token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      image: users.image,
      isAdmin: users.isAdmin,
      accountType: users.accountType,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, new Date()),
        isNull(users.removedAt),
        isNull(users.deletionRequestedAt),
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > DAY) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * DAY) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    image: row.image,
    isAdmin: row.isAdmin,
    accountType: row.accountType,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

export async function revokeSession(db: Database, token: string): Promise<boolean> {
  const rows = await db.delete(sessions).where(eq(sessions.tokenHash, hashSecret(token))).returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session and token of a user (password change, deactivation, deletion request). */
export async function revokeAllSessions(db: Pick<Database, "delete">, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}
