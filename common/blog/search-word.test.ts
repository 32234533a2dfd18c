import { describe, expect, it } from "vitest";
import { toValidationErrors } from "../validation/messages";
import { BLOG_SEARCH_MAX_LENGTH, BLOG_SEARCH_MIN_LENGTH } from "./search-bounds";
import { blogSearchWordSchema } from "./search-word";

function message(value: unknown) {
  const result = blogSearchWordSchema.safeParse(value);
  return result.success ? result.data : toValidationErrors(result.error)._form;
}

describe("blogSearchWordSchema (spec §5)", () => {
  it("is required", () => {
    for (const value of [undefined, null, "", "   ", "\u200B"]) expect(message(value), JSON.stringify(value)).toMatchObject({ key: "blog.validation.search.required" });
    expect(message(42)).toMatchObject({ key: "blog.validation.search.required" });
  });

  it("has a minimum and a maximum length", () => {
    expect(message("a")).toEqual({ key: "blog.validation.search.min", params: { min: BLOG_SEARCH_MIN_LENGTH } });
    expect(message("a".repeat(BLOG_SEARCH_MAX_LENGTH + 1))).toEqual({ key: "blog.validation.search.max", params: { max: BLOG_SEARCH_MAX_LENGTH } });
    expect(message("tv")).toBe("tv");
    expect(message("a".repeat(BLOG_SEARCH_MAX_LENGTH))).toBe("a".repeat(BLOG_SEARCH_MAX_LENGTH));
  });

  it("takes letters and digits of any script, words separated by spaces", () => {
    for (const ok of ["fiber", "Fiber İnternet", "ığdır", "ÇAĞRI", "5g", "wifi6", "Ödeme 2026", "日本", "Привет"]) expect(message(ok), ok).toBe(ok);
    // White space collapses, ends are trimmed; a decomposed letter is composed.
    expect(message("  fiber \t\n altyapı  ")).toBe("fiber altyapı");
    expect(message("gu\u0308ncel")).toBe("güncel");
  });

  it("refuses anything but letters, digits and spaces", () => {
    for (const bad of ["wi-fi", "fiber!", "a_b", "%fiber%", "fi'ber", "<script>", "a.b", "x\u0000y", "🚀 roket", "a/b", "1+1"]) {
      expect(message(bad), bad).toEqual({ key: "blog.validation.search.alphanumeric", params: {} });
    }
  });
});
