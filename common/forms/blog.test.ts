import { describe, expect, it } from "vitest";
import { blogCommentSchema, blogPostInputSchema, blogStateChangeSchema } from "./blog";

describe("blogStateChangeSchema", () => {
  it("reads a time without an offset (a datetime-local field) as Turkey's, and one with an offset as it says", () => {
    expect(blogStateChangeSchema.parse({ state: "scheduled", publishAt: "2026-12-01T10:00" }).publishAt).toEqual(new Date("2026-12-01T07:00:00Z"));
    expect(blogStateChangeSchema.parse({ state: "scheduled", publishAt: "2026-12-01T10:00:30Z" }).publishAt).toEqual(new Date("2026-12-01T10:00:30Z"));
    expect(blogStateChangeSchema.parse({ state: "published", publishAt: "" }).publishAt).toBeNull();
  });

  it("refuses a time that is not one", () => {
    for (const publishAt of ["2026-13-01T10:00", "01.12.2026 10:00", "2026-12-01", 1_800_000_000_000, "2026-12-01T10:00+3"]) {
      expect(blogStateChangeSchema.safeParse({ state: "scheduled", publishAt }).success, String(publishAt)).toBe(false);
    }
  });
});

describe("blogPostInputSchema", () => {
  const base = { categoryId: "3", language: "tr", title: "Hosting seçimi", content: {} };

  it("takes a category from a select's digits, tags from one comma-separated text, each once in Turkish case rules (FİBER is fiber)", () => {
    const input = blogPostInputSchema.parse({ ...base, tags: " Fiber, altyapı ,FİBER,fiber " });
    expect([input.categoryId, input.tags]).toEqual([3, ["Fiber", "altyapı"]]);
  });

  it("makes empty optional texts null and drops invisible formatting from them", () => {
    const input = blogPostInputSchema.parse({ ...base, subtitle: "  ", metaTitle: "Başlık\u200b", twinId: "" });
    expect([input.subtitle, input.metaTitle, input.twinId, input.faq]).toEqual([null, "Başlık", null, []]);
  });

  it("refuses a category that is not one of the nine", () => {
    expect(blogPostInputSchema.safeParse({ ...base, categoryId: 10 }).success).toBe(false);
  });
});

describe("blogCommentSchema", () => {
  it("lower-cases the mail and keeps the comment's line breaks", () => {
    const c = blogCommentSchema.parse({ name: "Ayşe", email: " Ayse@Example.COM ", body: "Birinci satır\nikinci satır" });
    expect(c).toEqual({ name: "Ayşe", email: "ayse@example.com", body: "Birinci satır\nikinci satır", parentId: null });
  });
});
