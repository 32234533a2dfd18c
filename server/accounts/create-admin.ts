import { eq } from "drizzle-orm";
import { z } from "../../common/validation/zod";
import { AUTH_BOUNDS, registerSchema } from "../../common/forms/auth";
import type { Database } from "../db/client";
import { users } from "./schema";
import { findAccountByEmail } from "./find-account";
import { parseInput } from "../platform/validate";
import { AUDIT_ACTIONS, writeAudit } from "./audit";
import { hashPassword } from "./passwords";

/** The registration rules (common/forms/auth.ts): the same e-mail, full-name and password checks. */
export const ADMIN_CREATE_BOUNDS = AUTH_BOUNDS;

export const adminEmailSchema = z.object({ email: registerSchema.shape.email });

/** What a new account needs besides the e-mail. */
export const newAdminSchema = z.object({
  fullName: registerSchema.shape.fullName,
  password: registerSchema.shape.password,
});

export interface AdminCreateResult {
  userId: number;
  /** A new account was made (false: an existing one was promoted). */
  created: boolean;
  /** An existing account was deactivated or had asked for deletion, and is active again. */
  restored: boolean;
  /** The account already was an administrator. */
  alreadyAdmin: boolean;
}

/**
 * Makes an administrator from the command line (`npm run admin:create`): promotes the account
 * with this e-mail, restoring it if it was deactivated or pending deletion, or creates a
 * verified individual account with consents given now. Audited with no actor and via "cli".
 */
export async function createOrPromoteAdmin(
  db: Database,
  input: { email: unknown; fullName?: unknown; password?: unknown },
): Promise<AdminCreateResult> {
  const { email } = parseInput(adminEmailSchema, input);
  const existing = await findAccountByEmail({ db }, { email });
  if (existing) {
    return db.transaction(async (tx) => {
      const restored = existing.removedAt !== null || existing.deletionRequestedAt !== null;
      await tx
        .update(users)
        .set({ isAdmin: true, removedAt: null, deletionRequestedAt: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      if (restored) {
        await writeAudit(tx, { actorId: null, action: AUDIT_ACTIONS.restore, targetUserId: existing.id, details: { via: "cli" } });
      }
      if (!existing.isAdmin) {
        await writeAudit(tx, { actorId: null, action: AUDIT_ACTIONS.grantAdmin, targetUserId: existing.id, details: { via: "cli" } });
      }
      return { userId: existing.id, created: false, restored, alreadyAdmin: existing.isAdmin };
    });
  }
  const { fullName, password } = parseInput(newAdminSchema, { fullName: input.fullName, password: input.password });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(users)
      .values({
        fullName,
        email,
        passwordHash,
        accountType: "individual",
        isAdmin: true,
        emailVerifiedAt: now,
        membershipAcceptedAt: now,
        kvkkAcceptedAt: now,
        advertisingConsentAt: null,
      })
      .returning({ id: users.id });
    await writeAudit(tx, { actorId: null, action: AUDIT_ACTIONS.grantAdmin, targetUserId: row.id, details: { via: "cli", created: true } });
    return { userId: row.id, created: true, restored: false, alreadyAdmin: false };
  });
}
