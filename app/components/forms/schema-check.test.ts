import { describe, expect, it } from "vitest";
import { alertSchema, reportSchema } from "../../../common/forms/infrastructure";
import { checkedValues } from "./schema-check";

/** A form's entries as FormData lists them (hidden fields first, as the answer page renders them). */
const alertForm: [string, string][] = [
  ["csrf", "token"],
  ["intent", "alert"],
  ["bbk", "200001728"],
  ["email", "ayse@example.com"],
  ["consent", "on"],
];

describe("checkedValues (what the browser's check hands the server's schema)", () => {
  it("reads the hidden fields beside the named ones, so a form the server accepts passes in the browser", () => {
    const values = checkedValues(alertForm, ["csrf", "intent", "bbk"], ["email", "consent"]);
    expect(values).toEqual({ email: "ayse@example.com", consent: "on", csrf: "token", intent: "alert", bbk: "200001728" });
    expect(alertSchema.safeParse(values).success).toBe(true);
    const report = checkedValues(
      [
        ["intent", "report"],
        ["bbk", "200001728"],
        ["actualTechnology", "ADSL"],
        ["actualDownMbps", ""],
        ["note", ""],
      ],
      ["intent", "bbk"],
      ["actualTechnology", "actualDownMbps", "note"],
    );
    expect(reportSchema.safeParse(report).success).toBe(true);
  });

  it("still leaves out visible fields the form does not name, and refuses what the schema refuses", () => {
    const values = checkedValues([...alertForm, ["other", "x"]], ["bbk"], ["email"]);
    expect(values).toEqual({ email: "ayse@example.com", bbk: "200001728" });
    const noConsent = alertSchema.safeParse(checkedValues(alertForm.slice(0, 4), ["csrf", "intent", "bbk"], ["email", "consent"]));
    expect(noConsent.success).toBe(false);
    expect(noConsent.error?.issues.map((i) => i.path.join("."))).toEqual(["consent"]);
  });

  it("reads every field when no names are given, the first of a repeated name (as FormData.get)", () => {
    expect(checkedValues([["a", "1"], ["a", "2"], ["b", "3"]], [])).toEqual({ a: "1", b: "3" });
  });
});
