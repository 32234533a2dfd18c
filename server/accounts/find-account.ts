import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";

/**
 * The account behind an e-mail address, unless its personal data has been erased: the one lookup
 * the login, registration, password reset and the administrator command share.
 */
export async function findAccountByEmail(app: Pick<AppContext, "db">, opts: { email: string }) {
  const [row] = await app.db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      passwordHash: users.passwordHash,
      image: users.image,
      isAdmin: users.isAdmin,
      locale: users.locale,
      emailVerifiedAt: users.emailVerifiedAt,
      removedAt: users.removedAt,
      deletionRequestedAt: users.deletionRequestedAt,
    })
    .from(users)
    .where(and(eq(users.email, opts.email), isNull(users.erasedAt)))
    .limit(1);
  return row;
}
