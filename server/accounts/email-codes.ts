import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { emailCodes } from "./schema";
import { hashSecret, newSecret } from "./tokens";

export type CodePurpose = "verify" | "reset";

/** How long a mailed code works. */
export const VERIFY_CODE_HOURS = 48;
export const RESET_CODE_MINUTES = 60;

type Executor = Pick<Database, "insert" | "update" | "select">;

/** newSecret() gives 32 random bytes as 43 base64url characters; anything else cannot be a code. */
const CODE_SHAPE = /^[\w-]{43}$/;

/** Makes a one-time code for a user; only its hash is stored. Returns the code for the mail. */
export async function issueEmailCode(db: Executor, userId: number, purpose: CodePurpose, ttlMs: number): Promise<string> {
  const code = newSecret();
  await db.insert(emailCodes).values({ userId, purpose, codeHash: hashSecret(code), expiresAt: new Date(Date.now() + ttlMs) });
  return code;
}

export type CodeState = { state: "valid"; id: number; userId: number } | { state: "invalid" } | { state: "expired" };

/** What a code from a link is: unknown and used codes are "invalid" alike; an unused code past its time is "expired". */
export async function inspectEmailCode(db: Executor, code: unknown, purpose: CodePurpose): Promise<CodeState> {
  if (typeof code !== "string" || !CODE_SHAPE.test(code)) return { state: "invalid" };
  const [row] = await db
    .select({ id: emailCodes.id, userId: emailCodes.userId, expiresAt: emailCodes.expiresAt, usedAt: emailCodes.usedAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.codeHash, hashSecret(code)), eq(emailCodes.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt) return { state: "invalid" };
  if (row.expiresAt.getTime() <= Date.now()) return { state: "expired" };
  return { state: "valid", id: row.id, userId: row.userId };
}

/**
 * Marks a code used, once: of two concurrent uses only one gets `true`. A code that expired in
 * the meantime is not taken.
 */
export async function consumeEmailCode(db: Executor, id: number): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

/** Ends every unused code of a purpose for a user (a new reset request, a finished reset). */
export async function invalidateEmailCodes(db: Executor, userId: number, purpose: CodePurpose): Promise<void> {
  await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
}
