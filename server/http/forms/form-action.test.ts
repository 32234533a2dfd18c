import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./form-action";

describe("safeRedirectPath", () => {
  it.each([
    ["/ayarlar?sekme=sifre", "/ayarlar?sekme=sifre"],
    ["/", "/"],
    ["/a/../ozet", "/ozet"],
    ["/ozet#x", "/ozet#x"],
    // Hostile targets: every one resolves to another host or is not a path.
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/./..//evil.example/path", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["/%2E%2E//evil.example", "/"],
    ["/.%2e//evil.example", "/"],
    ["/a/../..//evil.example", "/"],
    ["/..///evil.example", "/"],
    ["/../\\evil.example", "/"],
    ["/%2e%2e/%2fevil.example", "/%2fevil.example"],
    ["https://evil.example", "/"],
    ["http:/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    ["/\u0000//evil.example", "/"],
    ["/" + "a".repeat(2001), "/"],
    [42, "/"],
    [null, "/"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
