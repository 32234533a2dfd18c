import { describe, it, expect } from "vitest";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_FILE_BYTES,
  ATTACHMENT_MAX_TOTAL_BYTES,
  ATTACHMENT_TYPES,
  COMMITMENT_MONTHS,
  DEFAULT_LOCALE,
  DEFAULT_THEME,
  LOCALES,
  THEMES,
} from "./constants";

describe("constants", () => {
  it("lists the attachment types with canonical MIME types first", () => {
    expect(ATTACHMENT_TYPES.map((t) => [t.extension, t.mimeTypes[0]])).toEqual([
      ["zip", "application/zip"],
      ["pdf", "application/pdf"],
      ["png", "image/png"],
      ["jpg", "image/jpeg"],
    ]);
    expect(ATTACHMENT_ACCEPT).toBe(".zip,application/zip,.pdf,application/pdf,.png,image/png,.jpg,image/jpeg");
    expect(ATTACHMENT_MAX_FILE_BYTES).toBe(10_485_760);
    expect(ATTACHMENT_MAX_TOTAL_BYTES).toBe(52_428_800);
  });

  it("keeps defaults inside their option lists", () => {
    expect(LOCALES).toContain(DEFAULT_LOCALE);
    expect(THEMES).toContain(DEFAULT_THEME);
    expect(COMMITMENT_MONTHS).toEqual([0, 12, 24]);
  });
});
