import { sql } from "drizzle-orm";
import { socialSchema } from "../../common/forms/settings";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { requireUser } from "./permissions";
import { liveUser } from "./profile";
import type { SessionUser } from "./sessions";

/** Saves the 11 social profile URLs of the signed-in user; an empty field removes that link. */
export async function updateSocial(app: AppContext, opts: { user: SessionUser | null; input: unknown }): Promise<void> {
  const user = requireUser(opts);
  const social = parseInput(socialSchema, opts.input);
  const rows = await app.db
    .update(users)
    .set({ social, updatedAt: sql`now()` })
    .where(liveUser(user.id))
    .returning({ id: users.id });
  if (rows.length === 0) throw new AppError("E_NOT_FOUND", "settings.errors.userNotFound");
}
