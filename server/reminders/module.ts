import type { AreaModule } from "../core/app-context";
import { reminderCalls } from "./api";
import { eraseExpiredReminders, reminderRecords } from "./erase-reminders";
import { REMINDER_EVERY_MS, REMINDER_JOB, runReminderJob, scheduleReminderRuns } from "./send-reminders";

/** Commitment reminders: one mail before a package's commitment ends. */
export const remindersModule: AreaModule = {
  name: "reminders",
  // Every hour: the commitment reminders whose day has come, one mail each, once.
  jobs: { [REMINDER_JOB]: (deps) => runReminderJob(deps) },
  recurring: [(db, now) => scheduleReminderRuns(db, new Date(now.getTime() + REMINDER_EVERY_MS))],
  anonymisers: [reminderRecords],
  cleanups: { reminders: eraseExpiredReminders },
  api: reminderCalls,
};
