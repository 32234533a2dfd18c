import { and, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "./schema";
import type { Logger } from "../platform/logger";
import { hashPassword } from "./passwords";

/**
 * The demo accounts' shared password. For the demo only: it is public (README), so SEED_DEMO must
 * be 0 on a real site, or these accounts deactivated there.
 */
export const DEMO_PASSWORD = "Demo12345!";

/** Labelled demo accounts: one of each kind, names starting with "Demo". */
export const DEMO_USERS = [
  { email: "demo.admin@genisbant.com.tr", fullName: "Demo Yönetici", accountType: "individual", isAdmin: true },
  { email: "demo.kurumsal@genisbant.com.tr", fullName: "Demo Kurumsal Üye", accountType: "corporate", isAdmin: false },
  { email: "demo.bireysel@genisbant.com.tr", fullName: "Demo Bireysel Üye", accountType: "individual", isAdmin: false },
] as const;

/**
 * Creates the demo accounts that do not exist yet (verified, consents given now). Idempotent and
 * safe with two instances starting at once; an existing demo account is left as it is, whatever
 * an administrator did to it.
 */
export async function seedDemoUsers(db: Database, log?: Logger): Promise<number> {
  const emails = DEMO_USERS.map((u) => u.email);
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), isNull(users.erasedAt)));
  const have = new Set(existing.map((r) => r.email));
  const missing = DEMO_USERS.filter((u) => !have.has(u.email));
  if (!missing.length) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const created = await db
    .insert(users)
    .values(
      missing.map((u) => ({
        fullName: u.fullName,
        email: u.email,
        passwordHash,
        accountType: u.accountType,
        isAdmin: u.isAdmin,
        locale: "tr",
        emailVerifiedAt: now,
        membershipAcceptedAt: now,
        kvkkAcceptedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ email: users.email });
  if (created.length) log?.info({ accounts: created.map((r) => r.email) }, "demo accounts created");
  return created.length;
}
