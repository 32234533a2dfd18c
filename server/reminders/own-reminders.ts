import { and, asc, eq } from "drizzle-orm";
import { reminderIdSchema } from "../../common/forms/reminders";
import { requireUser, type Actor } from "../accounts";
import type { AppContext } from "../core/app-context";
import { commitmentReminders } from "./schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { findProvinceByCode } from "../reference/cities";
import { reminderPackage } from "./reminder-links";
import { reminderState, type ReminderState } from "./link-page";

export interface OwnReminder {
  id: number;
  state: ReminderState;
  endsOn: string;
  remindOn: string;
  province: string | null;
  /** The package while it is public; null when it is no longer listed. */
  pkg: { id: number; title: string; company: string; path: string } | null;
}

/** The signed-in person's reminders, the soonest mail first (only their own: the owner is in the query). */
export async function listOwnReminders(app: Pick<AppContext, "db">, actor: Actor, now = new Date()): Promise<OwnReminder[]> {
  const user = requireUser(actor);
  const rows = await app.db
    .select()
    .from(commitmentReminders)
    .where(eq(commitmentReminders.userId, user.id))
    .orderBy(asc(commitmentReminders.remindOn), asc(commitmentReminders.id));
  const out: OwnReminder[] = [];
  for (const r of rows) {
    const pkg = r.packageId === null ? null : await reminderPackage(app.db, r.packageId, now);
    out.push({
      id: r.id,
      state: reminderState(r),
      endsOn: r.endsOn,
      remindOn: r.remindOn,
      province: r.provinceCode === null ? null : (findProvinceByCode(r.provinceCode)?.name ?? null),
      pkg: pkg ? { id: pkg.id, title: pkg.title, company: pkg.company.name, path: pkg.path } : null,
    });
  }
  return out;
}

/** Deletes one of the signed-in person's reminders (erased at once); another's id, or none, is E_NOT_FOUND. */
export async function deleteOwnReminder(app: Pick<AppContext, "db">, actor: Actor & { input: unknown }): Promise<void> {
  const user = requireUser(actor);
  const { reminderId } = parseInput(reminderIdSchema, actor.input);
  const gone = await app.db
    .delete(commitmentReminders)
    .where(and(eq(commitmentReminders.id, reminderId), eq(commitmentReminders.userId, user.id)))
    .returning({ id: commitmentReminders.id });
  if (!gone.length) throw new AppError("E_NOT_FOUND", "packages.reminder.notFound");
}
