// Members inserted directly (as registration and the e-mail check would leave them): verified,
// with the membership and KVKK texts accepted, a unique address, and a known password.
import { randomBytes } from "node:crypto";
import { hashPassword } from "../../server/accounts/passwords";
import type { Database } from "../../server/db/client";
import { users } from "../../server/accounts/schema";

export const TEST_PASSWORD = "Parola1234";

/** Hashing is slow on purpose (argon2): one hash per password for the whole test file. */
const hashes = new Map<string, Promise<string>>();
export function testPasswordHash(password = TEST_PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

let seq = 0;

/** A verified member; `values` overrides any column, `password` the known password. */
export async function insertVerifiedUser(db: Database, values: Partial<typeof users.$inferInsert> = {}, password = TEST_PASSWORD) {
  seq++;
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      fullName: `Test Üye ${seq}`,
      email: `uye-${seq}-${randomBytes(4).toString("hex")}@example.com`,
      passwordHash: await testPasswordHash(password),
      accountType: "individual",
      emailVerifiedAt: now,
      membershipAcceptedAt: now,
      kvkkAcceptedAt: now,
      ...values,
    })
    .returning();
  return row!;
}
