import { describe, expect, it } from "vitest";
import { reminderFormSchema } from "./forms/reminders";
import { addMonths, dayInTurkey, defaultEndDate, endDateProblem, parseEndDate, remindOnFor } from "./reminders";

describe("the day in Turkey (UTC+3)", () => {
  it.each([
    ["2026-11-26T20:59:59Z", "2026-11-26"],
    ["2026-11-26T21:00:00Z", "2026-11-27"],
    ["2026-12-31T21:30:00Z", "2027-01-01"],
  ])("%s is %s", (instant, day) => {
    expect(dayInTurkey(new Date(instant))).toBe(day);
  });
});

describe("months later or earlier", () => {
  it.each([
    ["2026-11-26", 6, "2027-05-26"],
    ["2026-11-26", 24, "2028-11-26"],
    ["2027-05-26", -1, "2027-04-26"],
    // A day the target month lacks becomes its last.
    ["2027-01-31", 1, "2027-02-28"],
    ["2027-03-31", -1, "2027-02-28"],
    ["2028-03-31", -1, "2028-02-29"],
    ["2027-01-15", -1, "2026-12-15"],
    ["2026-12-15", 1, "2027-01-15"],
  ])("%s %+d months is %s", (day, months, want) => {
    expect(addMonths(day, months)).toBe(want);
  });
});

describe("the end date as a person writes it", () => {
  it.each([
    ["2027-05-14", "2027-05-14"],
    ["14.05.2027", "2027-05-14"],
    ["14/05/2027", "2027-05-14"],
    ["4.5.2027", "2027-05-04"],
    [" 14.05.2027 ", "2027-05-14"],
    // A month alone is its first day: the mail comes early rather than late.
    ["2027-05", "2027-05-01"],
    ["05.2027", "2027-05-01"],
    ["5/2027", "2027-05-01"],
    ["29.02.2028", "2028-02-29"],
  ])("%j is %s", (raw, want) => {
    expect(parseEndDate(raw)).toBe(want);
  });

  it.each(["29.02.2027", "31.04.2027", "00.05.2027", "14.13.2027", "2027-13", "13.2027", "2027", "14.05.27", "yarın", "", "2027-05-14T00:00", "1.1.1800", "١٤.٠٥.٢٠٢٧"])(
    "%j is not a date",
    (raw) => {
      expect(parseEndDate(raw)).toBeNull();
    },
  );
});

describe("bounds and the day of the mail", () => {
  const today = "2026-11-26";

  it("refuses a past day and one more than 24 months away; today and exactly 24 months are fine", () => {
    expect(endDateProblem("2026-11-25", today)).toBe("past");
    expect(endDateProblem("2026-11-26", today)).toBeNull();
    expect(endDateProblem("2028-11-26", today)).toBeNull();
    expect(endDateProblem("2028-11-27", today)).toBe("tooFar");
  });

  it("mails a month before the end, or today when that has passed", () => {
    expect(remindOnFor("2027-05-26", today)).toBe("2027-04-26");
    expect(remindOnFor("2027-03-31", today)).toBe("2027-02-28");
    expect(remindOnFor("2026-12-10", today)).toBe(today);
    expect(remindOnFor(today, today)).toBe(today);
  });

  it("the form's default is a commitment of the package's months starting today", () => {
    expect(defaultEndDate(today, 12)).toBe("2027-11-26");
    expect(defaultEndDate(today, 24)).toBe("2028-11-26");
  });

  it("the form's schema checks on the given day, with the message of each rule", () => {
    const now = new Date("2026-11-26T09:00:00Z");
    const guest = reminderFormSchema(true, now);
    const ok = guest.safeParse({ endsOn: "05.2027", provinceCode: "35", email: " Ayse@Example.com ", consent: "on" });
    expect(ok.success && ok.data).toEqual({ endsOn: "2027-05-01", provinceCode: 35, email: "ayse@example.com", consent: true });
    const messages = (input: Record<string, unknown>) => {
      const r = guest.safeParse({ endsOn: "05.2027", provinceCode: "35", email: "a@example.com", consent: "on", ...input });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ endsOn: "25.11.2026" })).toEqual(["packages.reminder.validation.endsOnPast"]);
    expect(messages({ endsOn: "27.11.2028" })).toEqual(["packages.reminder.validation.endsOnTooFar"]);
    expect(messages({ endsOn: "31.02.2027" })).toEqual(["packages.reminder.validation.endsOnFormat"]);
    expect(messages({ provinceCode: "0" })).toEqual(["packages.reminder.validation.province"]);
    expect(messages({ provinceCode: "82" })).toEqual(["packages.reminder.validation.province"]);
    expect(messages({ provinceCode: "3 5" })).toEqual(["packages.reminder.validation.province"]);
    expect(messages({ consent: undefined })).toEqual(["packages.reminder.validation.consent"]);
    // A signed-in person's form has neither address nor consent.
    expect(reminderFormSchema(false, now).safeParse({ endsOn: "2027-05-14", provinceCode: 6 }).success).toBe(true);
  });
});
