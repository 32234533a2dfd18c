import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./form-action";

describe("safeRedirectPath", () => {
  it.each([
    ["/ayarlar?sekme=sifre", "/ayarlar?sekme=sifre"],
    ["/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
    [42, "/"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
