import { sql } from "drizzle-orm";
import { notificationsSchema, type NotificationsInput } from "../../common/forms/settings";
import type { AppContext, SessionUser } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { requireUser } from "./permissions";
import { liveUser } from "./profile";
import { users } from "./schema";

/** Saves which mails the signed-in user wants: today, one when a comment on their blog post is approved. */
export async function updateNotifications(app: AppContext, opts: { user: SessionUser | null; input: unknown }): Promise<NotificationsInput> {
  const user = requireUser(opts);
  const input = parseInput(notificationsSchema, opts.input);
  const rows = await app.db
    .update(users)
    .set({ blogCommentMail: input.blogCommentMail, updatedAt: sql`now()` })
    .where(liveUser(user.id))
    .returning({ id: users.id });
  if (rows.length === 0) throw new AppError("E_NOT_FOUND", "settings.errors.userNotFound");
  return input;
}
