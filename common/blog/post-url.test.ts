import { describe, expect, it } from "vitest";
import { blogCategories } from "../blog-categories";
import { BLOG_SLUG_MAX_LENGTH, blogPostPath, blogPostRedirect, blogTitleSlug, blogUrl, checkBlogUrl } from "./post-url";

describe("checkBlogUrl (spec §4 and §9)", () => {
  it("sends home an empty url", () => {
    expect(checkBlogUrl("")).toEqual({ kind: "home" });
    expect(checkBlogUrl(undefined)).toEqual({ kind: "home" });
    expect(checkBlogUrl(null)).toEqual({ kind: "home" });
  });

  it("sends home a url without a hyphen", () => {
    expect(checkBlogUrl("fibernedir42")).toEqual({ kind: "home" });
    expect(checkBlogUrl("42")).toEqual({ kind: "home" });
  });

  it("sends home an id longer than 10 characters", () => {
    expect(checkBlogUrl("fiber-nedir-12345678901")).toEqual({ kind: "home" });
    expect(checkBlogUrl("fiber-nedir-00000000001")).toEqual({ kind: "home" });
  });

  it("sends home an id that is not a number", () => {
    for (const url of ["fiber-nedir-", "fiber-nedir-abc", "fiber-nedir-12a", "fiber-nedir-12.5", "fiber-nedir-1e3", "fiber-nedir- 12", "fiber-nedir-+12", "fiber-nedir-١٢", "fiber-nedir-１２"]) {
      expect(checkBlogUrl(url), url).toEqual({ kind: "home" });
    }
  });

  it("uses the id after the last hyphen otherwise", () => {
    expect(checkBlogUrl("fiber-nedir-42")).toEqual({ kind: "post", id: 42 });
    expect(checkBlogUrl("5g-nedir-2024-7")).toEqual({ kind: "post", id: 7 });
    expect(checkBlogUrl("-1")).toEqual({ kind: "post", id: 1 });
    expect(checkBlogUrl("x--5")).toEqual({ kind: "post", id: 5 });
    expect(checkBlogUrl("x-9999999999")).toEqual({ kind: "post", id: 9_999_999_999 });
    // Leading zeros are a number; the page redirects to the canonical url.
    expect(checkBlogUrl("x-007")).toEqual({ kind: "post", id: 7 });
  });
});

describe("blog urls from titles", () => {
  it("slugs the title the Turkish way and adds the id", () => {
    expect(blogUrl("Fiber İnternet Nedir?", 42)).toBe("fiber-internet-nedir-42");
    expect(blogUrl("IĞDIR'da ADSL & VDSL: Hız Düşer mi?", 7)).toBe("igdirda-adsl-vdsl-hiz-duser-mi-7");
    expect(blogUrl("Çağrı Şöyle Üçgen Ölçü", 1)).toBe("cagri-soyle-ucgen-olcu-1");
  });

  it("gives a title without letters or digits a fallback word", () => {
    expect(blogUrl("???", 3)).toBe("blog-3");
    expect(blogUrl("", 3)).toBe("blog-3");
  });

  it("cuts a long title at a word boundary", () => {
    const slug = blogTitleSlug("uzun ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(BLOG_SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^uzun(-uzun)*$/);
    const oneWord = blogTitleSlug("a".repeat(200));
    expect(oneWord).toBe("a".repeat(BLOG_SLUG_MAX_LENGTH));
  });

  it("builds urls the check reads back to the same id", () => {
    for (const [title, id] of [["2024'te 5G", 12], ["Wi-Fi 6 mı, kablo mu?", 9_999_999_999], ["Veri merkezi Tier III", 0]] as const) {
      expect(checkBlogUrl(blogUrl(title, id))).toEqual({ kind: "post", id });
    }
  });

  it("refuses an id the check would refuse", () => {
    expect(() => blogUrl("x", 12_345_678_901)).toThrow(RangeError);
    expect(() => blogUrl("x", -1)).toThrow(RangeError);
    expect(() => blogUrl("x", 1.5)).toThrow(RangeError);
  });
});

describe("post paths", () => {
  it("is /blog/{category_url}/{blog_url}, under /en in English", () => {
    const category = blogCategories.find((c) => c.key === "cyber_security")!;
    expect(blogPostPath("tr", category.url, "fiber-nedir-42")).toBe("/blog/siber-guvenlik/fiber-nedir-42");
    expect(blogPostPath("en", category.url, "fiber-nedir-42")).toBe("/en/blog/siber-guvenlik/fiber-nedir-42");
  });

  it("encodes what a path segment cannot hold", () => {
    expect(blogPostPath("tr", "a/b", "x?y-1")).toBe("/blog/a%2Fb/x%3Fy-1");
  });

  it("redirects a right id with a wrong slug or category to the canonical path", () => {
    const canonical = { categoryUrl: "teknoloji", blogUrl: "fiber-nedir-42" };
    expect(blogPostRedirect("tr", { categoryUrl: "teknoloji", blogUrl: "fiber-nedir-42" }, canonical)).toBeNull();
    expect(blogPostRedirect("tr", { categoryUrl: "teknoloji", blogUrl: "eski-baslik-42" }, canonical)).toBe("/blog/teknoloji/fiber-nedir-42");
    expect(blogPostRedirect("en", { categoryUrl: "oyun", blogUrl: "fiber-nedir-42" }, canonical)).toBe("/en/blog/teknoloji/fiber-nedir-42");
    expect(blogPostRedirect("tr", { categoryUrl: "teknoloji", blogUrl: "fiber-nedir-042" }, canonical)).toBe("/blog/teknoloji/fiber-nedir-42");
  });
});
