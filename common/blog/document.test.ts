import { getSchema } from "@tiptap/core";
import { describe, expect, it } from "vitest";
import { blogContentExtensions } from "./content-extensions";
import { BLOG_MARK_TYPES, BLOG_NODE_TYPES, blogImageUrl, classifyHref, isBlogImageSrc, normaliseHref } from "./document";

describe("the editor's extensions and the allow-list", () => {
  it("make exactly the allowed node and mark types", () => {
    const schema = getSchema(blogContentExtensions());
    expect(Object.keys(schema.nodes).sort()).toEqual([...BLOG_NODE_TYPES].sort());
    expect(Object.keys(schema.marks).sort()).toEqual([...BLOG_MARK_TYPES].sort());
  });

  it("offer headings of levels 2 to 4 only, and pictures as blocks", () => {
    const schema = getSchema(blogContentExtensions());
    expect(schema.nodes.image!.isBlock).toBe(true);
    const heading = blogContentExtensions().find((e) => e.name === "starterKit")!;
    expect((heading.options as { heading: { levels: number[] } }).heading.levels).toEqual([2, 3, 4]);
  });
});

describe("classifyHref", () => {
  it("takes site paths as internal", () => {
    for (const href of ["/", "/paketler", "/en/blog-yazilari?q=fiber#top", "/blog/teknoloji/fiber-nedir-42"]) expect(classifyHref(href), href).toBe("internal");
  });

  it("takes http, https and mailto as external, in any case", () => {
    for (const href of ["https://example.com", "http://example.com/a?b=c", "HTTPS://Example.com/", "mailto:info@example.com", "MailTo:a@b.c"]) {
      expect(classifyHref(href), href).toBe("external");
    }
  });

  it("refuses everything else", () => {
    for (const href of [
      "",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "java\tscript:alert(1)",
      " https://example.com",
      "https://example.com ",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https:evil.example",
      "https:/evil.example",
      "https://user:pw@evil.example",
      "https://",
      "mailto:",
      "ftp://x.example",
      "x.example",
      "#top",
      "?q=1",
      "/\u202Eevil",
      "/a\u0000b",
      "/\ud800",
      `https://example.com/${"a".repeat(2000)}`,
    ]) {
      expect(classifyHref(href), JSON.stringify(href)).toBeNull();
    }
    for (const value of [null, undefined, 1, {}, ["https://example.com"]]) expect(classifyHref(value)).toBeNull();
  });

  it("lower-cases an external scheme and keeps the rest", () => {
    expect(normaliseHref("HTTPS://Example.com/A")).toBe("https://Example.com/A");
    expect(normaliseHref("MAILTO:Info@Example.com")).toBe("mailto:Info@Example.com");
    expect(normaliseHref("/Paketler")).toBe("/Paketler");
    expect(normaliseHref("javascript:x")).toBeNull();
  });
});

describe("post pictures", () => {
  it("are our stored blog pictures only", () => {
    const src = blogImageUrl("abcdefghijklmnop.webp");
    expect(src).toBe("/media/blog-images/abcdefghijklmnop.webp");
    expect(isBlogImageSrc(src)).toBe(true);
    for (const bad of [
      "/media/blog-images/short.webp",
      "/media/blog-images/abcdefghijklmnop.png",
      "/media/company-logos/abcdefghijklmnop.webp",
      "https://example.com/media/blog-images/abcdefghijklmnop.webp",
      "/media/blog-images/../abcdefghijklmnop.webp",
      `${src}?x`,
      ` ${src}`,
      null,
    ]) {
      expect(isBlogImageSrc(bad), String(bad)).toBe(false);
    }
  });
});
