import { z } from "../validation/zod";
import { dayInTurkey, endDateProblem, parseEndDate, REMINDER_MAX_MONTHS } from "../reminders";
import { emailField, requiredConsent } from "../validation/fields";

/**
 * The commitment-end reminder's form (the package page, intent "reminder") and the API's body:
 * the end date, the province, and for a guest an e-mail address with consent. A signed-in
 * person's reminder goes to their account's address. The date bounds depend on the day (in
 * Turkey), so the schema is made for one: the browser's check makes it for its own clock, the
 * service for the server's.
 */

/** The package page's form intent (the other two are the request forms of common/forms/leads.ts). */
export const REMINDER_INTENT = "reminder";

const endsOnField = (today: string) =>
  z
    .string({ error: "packages.reminder.validation.endsOnRequired" })
    .trim()
    .min(1, "packages.reminder.validation.endsOnRequired")
    .max(20, "packages.reminder.validation.endsOnFormat")
    .transform((raw, ctx) => {
      const iso = parseEndDate(raw);
      if (!iso) {
        ctx.addIssue({ code: "custom", input: raw, message: "packages.reminder.validation.endsOnFormat" });
        return z.NEVER;
      }
      const problem = endDateProblem(iso, today);
      if (problem === "past") {
        ctx.addIssue({ code: "custom", input: raw, message: "packages.reminder.validation.endsOnPast" });
        return z.NEVER;
      }
      if (problem === "tooFar") {
        ctx.addIssue({ code: "too_big", maximum: REMINDER_MAX_MONTHS, origin: "number", inclusive: true, input: raw, message: "packages.reminder.validation.endsOnTooFar" });
        return z.NEVER;
      }
      return iso;
    });

/** A plate code 1–81: a number (API) or its digits (form); made per schema (the OpenAPI document describes its own). */
const provinceField = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? (/^\s*\d{1,2}\s*$/.test(v) ? Number(v) : v.trim() === "" ? undefined : Number.NaN) : v),
    z
      .number({ error: "packages.reminder.validation.province" })
      .int("packages.reminder.validation.province")
      .min(1, "packages.reminder.validation.province")
      .max(81, "packages.reminder.validation.province"),
  );

/** The reminder of a signed-in person (their account's address). */
export function reminderSchema(today: string) {
  return z.object({ endsOn: endsOnField(today), provinceCode: provinceField() });
}

/** A guest's reminder: an address and consent too (a confirmation mail follows: double opt-in). */
export function guestReminderSchema(today: string) {
  return reminderSchema(today).extend({
    email: emailField({ min: 6, max: 254 }),
    consent: requiredConsent("packages.reminder.validation.consent"),
  });
}

/** The schema of the form as it is on `now` (the browser's check: its own clock). */
export function reminderFormSchema(guest: boolean, now = new Date()) {
  const today = dayInTurkey(now);
  return guest ? guestReminderSchema(today) : reminderSchema(today);
}

export type ReminderInput = z.output<ReturnType<typeof reminderSchema>>;
export type GuestReminderInput = z.output<ReturnType<typeof guestReminderSchema>>;

/** The reminder a delete names: a positive id (another person's answers as no such reminder). */
export const reminderIdSchema = z.object({
  reminderId: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : typeof v === "number" ? v : Number.NaN),
    z.number({ error: "packages.reminder.validation.id" }).int("packages.reminder.validation.id").min(1, "packages.reminder.validation.id").max(2_147_483_647, "packages.reminder.validation.id"),
  ),
});
