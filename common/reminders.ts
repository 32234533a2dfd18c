// The commitment-end reminder: its dates and bounds, shared by the package
// page's form (default end date, the browser's check), the service and the job. Dates are
// calendar days in Turkey ("YYYY-MM-DD"), compared as text.
import { onFirstUse } from "./format";

/** An end date more than this many months away is refused (2022 rules: at most 24 months of commitment). */
export const REMINDER_MAX_MONTHS = 24;
/** The mail goes this many months before the end date. */
export const REMINDER_LEAD_MONTHS = 1;
/** At most this many cheaper packages in the mail. */
export const REMINDER_SUGGESTIONS = 3;
/** A guest's reminder whose confirmation link was not clicked within this many days is erased. */
export const REMINDER_CONFIRM_DAYS = 7;
/** A sent reminder is erased this many days after its mail (its links keep answering until then). */
export const REMINDER_KEEP_AFTER_SENT_DAYS = 30;
/** Whatever happened, a reminder is erased this many days after its end date. */
export const REMINDER_KEEP_AFTER_END_DAYS = 31;

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit" }));

/** The calendar day in Turkey at `now`, as "YYYY-MM-DD". */
export function dayInTurkey(now: Date): string {
  const parts = Object.fromEntries(dayFormat().formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A valid calendar day as "YYYY-MM-DD", or null. */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `date` moved by `months` calendar months; a day the target month lacks becomes its last (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysIn(year, month)))}`;
}

/**
 * The end date as a person writes it: a date ("2027-05-14", "14.05.2027", "14/05/2027") or a
 * month ("2027-05", "05.2027", "05/2027"), which counts as the month's first day (a mail early
 * rather than late). null for anything else, or a day no calendar has.
 */
export function parseEndDate(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  if (m) return isoDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{1,2})$/.exec(s);
  if (m) return isoDay(Number(m[1]), Number(m[2]), 1);
  m = /^(\d{1,2})[./](\d{4})$/.exec(s);
  if (m) return isoDay(Number(m[2]), Number(m[1]), 1);
  return null;
}

/** Why an end date cannot be noted on `today`, or null when it can. */
export function endDateProblem(endsOn: string, today: string): "past" | "tooFar" | null {
  if (endsOn < today) return "past";
  if (endsOn > addMonths(today, REMINDER_MAX_MONTHS)) return "tooFar";
  return null;
}

/** The day the mail goes: a month before the end, or today when that has passed. */
export function remindOnFor(endsOn: string, today: string): string {
  const day = addMonths(endsOn, -REMINDER_LEAD_MONTHS);
  return day < today ? today : day;
}

/** The form's default end date: a commitment of `months` starting today. */
export function defaultEndDate(today: string, months: number): string {
  return addMonths(today, Math.min(Math.max(months, 0), REMINDER_MAX_MONTHS));
}

/** What the package page's loader gives the reminder form (only for a package with a commitment). */
export interface ReminderDefaults {
  /** Today + the package's commitment, as DD.MM.YYYY. */
  endsOn: string;
  /** The remembered infrastructure query's province, or the signed-in person's city. */
  provinceCode: number | null;
  /** A signed-in person's address (the reminder goes there; not editable). */
  accountEmail: string | null;
}
