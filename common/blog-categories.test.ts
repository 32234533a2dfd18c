import { describe, it, expect } from "vitest";
import { isSlug, slugify } from "./text";
import { blogCategories, findBlogCategoryByUrl } from "./blog-categories";

describe("blog categories", () => {
  it("has the 9 categories with ids 1..9 in order", () => {
    expect(blogCategories).toHaveLength(9);
    expect(blogCategories.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(blogCategories.map((c) => c.url)).toEqual([
      "telekomunikasyon",
      "veri-merkezi",
      "hosting",
      "tv",
      "teknoloji",
      "siber-guvenlik",
      "oyun",
      "guncel",
      "video-kanali",
    ]);
  });

  it("has unique ids, keys and urls, each url the slug of its Turkish name", () => {
    expect(new Set(blogCategories.map((c) => c.id)).size).toBe(9);
    expect(new Set(blogCategories.map((c) => c.key)).size).toBe(9);
    expect(new Set(blogCategories.map((c) => c.url)).size).toBe(9);
    for (const c of blogCategories) {
      expect(isSlug(c.url)).toBe(true);
      expect(slugify(c.name.tr)).toBe(c.url);
    }
  });

  it("finds by url", () => {
    expect(findBlogCategoryByUrl("siber-guvenlik")?.name).toEqual({ tr: "Siber Güvenlik", en: "Cyber Security" });
    expect(findBlogCategoryByUrl("Siber-Guvenlik")).toBeUndefined();
  });
});
