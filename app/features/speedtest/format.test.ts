import { describe, expect, it } from "vitest";
import { choiceLabel, formatDecimal, shareText } from "./format";

describe("speed test formatting", () => {
  it("writes a share pair the way each language writes a percentage, a dash for an unknown one", () => {
    expect(shareText(0.8, 1, "tr")).toBe("%80 / %100");
    expect(shareText(0.8, 1, "en")).toBe("80% / 100%");
    expect(shareText(0.876, null, "tr")).toBe("%88 / —");
    expect(shareText(null, 0.5, "en")).toBe("— / 50%");
    expect(shareText(null, undefined, "tr")).toBe("—");
    // Thousands are grouped as each language groups them (a loopback test beats an 8 Mbit/s promise).
    expect(shareText(123.456, null, "tr")).toBe("%12.346 / —");
    expect(shareText(123.456, null, "en")).toBe("12,346% / —");
  });

  it("names the provider and package in one label, or nothing", () => {
    expect(choiceLabel("Ege Fiber", "Fiber 100")).toBe("Ege Fiber · Fiber 100");
    expect(choiceLabel("Ege Fiber", null)).toBe("Ege Fiber");
    expect(choiceLabel(null, null)).toBeNull();
    expect(choiceLabel("", "")).toBeNull();
  });

  it("keeps at most the decimals asked for", () => {
    expect(formatDecimal(94.56, "tr")).toBe("94,6");
    expect(formatDecimal(94.56, "en", 0)).toBe("95");
  });
});
