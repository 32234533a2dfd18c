import { and, eq, isNull, sql, TransactionRollbackError } from "drizzle-orm";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { inspectEmailCode, consumeEmailCode } from "./email-codes";

export type VerifyOutcome = { status: "verified" } | { status: "invalid" } | { status: "expired" };

/**
 * Opens a verification link (a GET from a mail): a valid, unused, unexpired code verifies the
 * address and is used up; opening it again answers "invalid", and nothing changes.
 */
export async function verifyEmail(app: AppContext, code: unknown): Promise<VerifyOutcome> {
  const found = await inspectEmailCode(app.db, code, "verify");
  if (found.state !== "valid") return { status: found.state };
  try {
    await app.db.transaction(async (tx) => {
      if (!(await consumeEmailCode(tx, found.id))) tx.rollback();
      const rows = await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
        .where(and(eq(users.id, found.userId), isNull(users.erasedAt)))
        .returning({ id: users.id });
      if (rows.length === 0) tx.rollback();
    });
  } catch (err) {
    // Used by a concurrent request a moment ago, or the account is gone.
    if (err instanceof TransactionRollbackError) return { status: "invalid" };
    throw err;
  }
  return { status: "verified" };
}
