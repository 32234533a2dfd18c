import { describe, expect, it } from "vitest";
import { BLOG_DOCUMENT_LIMITS, type BlogDocument } from "../../../common/blog/document";
import tr from "../../../locales/tr";
import en from "../../../locales/en";
import { blogDocumentJsonSchema, blogDocumentSchema, checkBlogDocument, exceededBound, hasBlogContent } from "./schema";

const SRC = "/media/blog-images/abcdefghijklmnop.webp";
const doc = (...content: unknown[]) => ({ type: "doc", content });
const para = (...content: unknown[]) => (content.length ? { type: "paragraph", content } : { type: "paragraph" });
const text = (t: string, marks?: unknown[]) => (marks ? { type: "text", text: t, marks } : { type: "text", text: t });

/** What the editor's getJSON() gives for a post with every allowed type (attributes at their defaults included). */
const editorJson = doc(
  { type: "heading", attrs: { level: 2 }, content: [text("Başlık")] },
  para(
    text("kalın", [{ type: "bold" }]),
    text(" italik", [{ type: "italic" }]),
    text(" çizili", [{ type: "strike" }]),
    text(" kod", [{ type: "code" }]),
    { type: "hardBreak" },
    text("bağlantı", [{ type: "link", attrs: { href: "https://example.com", target: "_blank", rel: "noopener noreferrer nofollow", class: null, title: null } }]),
  ),
  { type: "paragraph" },
  { type: "codeBlock", attrs: { language: null }, content: [text("a\nb")] },
  { type: "blockquote", content: [para(text("alıntı"))] },
  { type: "bulletList", content: [{ type: "listItem", content: [para(text("madde")), { type: "bulletList", content: [{ type: "listItem", content: [para(text("iç"))] }] }] }] },
  { type: "orderedList", attrs: { start: 1, type: null }, content: [{ type: "listItem", content: [para(text("bir"))] }] },
  { type: "horizontalRule" },
  { type: "image", attrs: { src: SRC, alt: "Kablo", title: null, width: 640, height: 480 } },
  {
    type: "table",
    content: [
      { type: "tableRow", content: [{ type: "tableHeader", attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null }, content: [para(text("A"))] }] },
      { type: "tableRow", content: [{ type: "tableCell", attrs: { colspan: 2, rowspan: 1, colwidth: [100, 120], align: null }, content: [para()] }] },
    ],
  },
);

function key(value: unknown, opts: { required?: boolean } = {}) {
  const result = checkBlogDocument(value, { required: opts.required ?? false });
  return result.success ? "ok" : result.error.key;
}

describe("blogDocumentSchema", () => {
  it("accepts what the editor writes, and keeps only what a reader can get", () => {
    const result = blogDocumentSchema.safeParse(editorJson);
    expect(result.success).toBe(true);
    const out = result.data!;
    // The link keeps its address only; rel and target are the renderer's.
    expect(out.content[1]!.content![5]).toEqual(text("bağlantı", [{ type: "link", attrs: { href: "https://example.com" } }]));
    // Default attributes go; a span over one cell stays; widths go.
    expect(out.content[3]).toEqual({ type: "codeBlock", content: [text("a\nb")] });
    expect(out.content[6]).toEqual({ type: "orderedList", content: [{ type: "listItem", content: [para(text("bir"))] }] });
    expect(out.content[9]!.content![0]!.content![0]).toEqual({ type: "tableHeader", content: [para(text("A"))] });
    expect(out.content[9]!.content![1]!.content![0]).toEqual({ type: "tableCell", attrs: { colspan: 2 }, content: [para()] });
    expect(out.content[8]).toEqual({ type: "image", attrs: { src: SRC, alt: "Kablo", width: 640, height: 480 } });
  });

  it("gives back what it rebuilt unchanged the second time", () => {
    const once = blogDocumentSchema.parse(editorJson);
    expect(blogDocumentSchema.parse(once)).toEqual(once);
  });

  it("takes attr-less nodes with an empty attrs object, digits for numbers, and a language", () => {
    const out = blogDocumentSchema.parse(
      doc(
        { type: "paragraph", attrs: {}, content: [text("x", [{ type: "bold", attrs: {} }])] },
        { type: "orderedList", attrs: { start: "3", type: "a" }, content: [{ type: "listItem", content: [para(text("c"))] }] },
        { type: "codeBlock", attrs: { language: "TypeScript" }, content: [text("let a")] },
        { type: "image", attrs: { src: SRC, alt: "  Kablo  ", width: "640", height: null } },
      ),
    );
    expect(out.content).toEqual([
      para(text("x", [{ type: "bold" }])),
      { type: "orderedList", attrs: { start: 3, type: "a" }, content: [{ type: "listItem", content: [para(text("c"))] }] },
      { type: "codeBlock", attrs: { language: "typescript" }, content: [text("let a")] },
      // One side alone would stretch the picture: neither is kept.
      { type: "image", attrs: { src: SRC, alt: "Kablo" } },
    ]);
  });

  it("refuses an unknown node or mark type with its own message", () => {
    expect(key(doc({ type: "iframe", attrs: { src: "https://evil.example" } }))).toBe("blog.validation.content.unknownNode");
    expect(key(doc(para({ type: "mention", attrs: { id: 1 } })))).toBe("blog.validation.content.unknownNode");
    expect(key(doc(para(text("x", [{ type: "underline" }]))))).toBe("blog.validation.content.unknownMark");
    expect(key(doc(para(text("x", [{ type: "textStyle", attrs: { color: "red" } }]))))).toBe("blog.validation.content.unknownMark");
  });

  it("refuses headings other than 2 to 4", () => {
    for (const level of [1, 5, 6, 0, "2", null]) expect(key(doc({ type: "heading", attrs: { level }, content: [text("x")] })), String(level)).toBe("blog.validation.content.headingLevel");
    expect(key(doc({ type: "heading", content: [text("x")] }))).toBe("blog.validation.content.headingLevel");
  });

  it("refuses a link that is not http, https, mailto or a site path", () => {
    expect(key(doc(para(text("x", [{ type: "link", attrs: { href: "javascript:alert(1)" } }]))))).toBe("blog.validation.content.linkHref");
    expect(key(doc(para(text("x", [{ type: "link", attrs: {} }]))))).toBe("blog.validation.content.linkHref");
    expect(key(doc(para(text("x", [{ type: "link", attrs: { href: "/paketler" } }]))))).toBe("ok");
  });

  it("refuses a picture from anywhere but our uploads, and one without a description", () => {
    expect(key(doc({ type: "image", attrs: { src: "https://evil.example/a.webp", alt: "x" } }))).toBe("blog.validation.content.imageSrc");
    expect(key(doc({ type: "image", attrs: { src: SRC } }))).toBe("blog.validation.content.imageAlt");
    expect(key(doc({ type: "image", attrs: { src: SRC, alt: "   " } }))).toBe("blog.validation.content.imageAlt");
    expect(key(doc({ type: "image", attrs: { src: SRC, alt: "a".repeat(301) } }))).toBe("blog.validation.content.imageAlt");
  });

  it("refuses control characters and broken text", () => {
    expect(key(doc(para(text("a\u0000b"))))).toBe("blog.validation.content.text");
    expect(key(doc(para(text("a\u0007b"))))).toBe("blog.validation.content.text");
    expect(key(doc(para(text("a\ud800b"))))).toBe("blog.validation.content.text");
    expect(key(doc(para(text("a\tb\nc"))))).toBe("ok");
  });

  it("refuses structures ProseMirror would not hold", () => {
    for (const bad of [
      doc(),
      { type: "doc" },
      { type: "paragraph", content: [] },
      doc(text("loose text")),
      doc(para(para(text("x")))),
      doc(para(text(""))),
      doc({ type: "bulletList", content: [] }),
      doc({ type: "bulletList", content: [para(text("not an item"))] }),
      doc({ type: "bulletList", content: [{ type: "listItem", content: [{ type: "bulletList", content: [{ type: "listItem", content: [para()] }] }] }] }),
      doc({ type: "blockquote", content: [] }),
      doc({ type: "table", content: [] }),
      doc({ type: "table", content: [{ type: "tableRow", content: [] }] }),
      doc({ type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", content: [] }] }] }),
      doc({ type: "table", content: [{ type: "tableCell", content: [para()] }] }),
      doc({ type: "codeBlock", content: [text("x", [{ type: "bold" }])] }),
      doc(para(text("x", [{ type: "bold" }, { type: "bold" }]))),
      doc({ type: "paragraph", content: [text("x")], marks: [{ type: "bold" }] }),
      doc({ type: "paragraph", text: "x" }),
      doc(para({ type: "text", text: "x", attrs: {} })),
      "not json",
      null,
      [],
      42,
    ]) {
      // A known type in the wrong place is "not allowed here" to the union of that place.
      expect(["blog.validation.content.invalid", "blog.validation.content.unknownNode"], JSON.stringify(bad)).toContain(key(bad));
    }
  });

  it("may be empty, unless a post must say something", () => {
    const empty = doc(para());
    expect(key(empty)).toBe("ok");
    expect(key(empty, { required: true })).toBe("blog.validation.content.required");
    expect(key(doc(para(text("   "))), { required: true })).toBe("blog.validation.content.required");
    expect(key(doc({ type: "image", attrs: { src: SRC, alt: "x" } }), { required: true })).toBe("ok");
    expect(hasBlogContent(blogDocumentSchema.parse(doc(para(text("x")))))).toBe(true);
  });

  it("has a message in both languages for every key it gives", () => {
    const keys = Object.keys((tr as unknown as { blog: { validation: { content: object } } }).blog.validation.content);
    expect(keys).toEqual(Object.keys((en as unknown as { blog: { validation: { content: object } } }).blog.validation.content));
    for (const k of ["required", "invalid", "tooLarge", "tooDeep", "tooManyNodes", "tooLong", "unknownNode", "unknownMark", "headingLevel", "linkHref", "imageSrc", "imageAlt", "text"]) {
      expect(keys, k).toContain(k);
    }
  });
});

describe("bounds", () => {
  const nest = (levels: number) => {
    let node: unknown = para(text("x"));
    for (let i = 0; i < levels; i++) node = { type: "blockquote", content: [node] };
    return doc(node);
  };

  it("refuses a document nested too deep, without recursing into it", () => {
    expect(key(nest(BLOG_DOCUMENT_LIMITS.maxDepth - 3))).toBe("ok");
    expect(checkBlogDocument(nest(BLOG_DOCUMENT_LIMITS.maxDepth), { required: false })).toEqual({
      success: false,
      error: { key: "blog.validation.content.tooDeep", params: { max: BLOG_DOCUMENT_LIMITS.maxDepth } },
    });
    // A million levels: a loop, not a stack overflow.
    expect(key(nest(1_000_000))).toBe("blog.validation.content.tooDeep");
  });

  it("refuses too many nodes, before walking a huge array", () => {
    const many = doc(...Array.from({ length: BLOG_DOCUMENT_LIMITS.maxNodes }, () => para()));
    expect(key(many)).toBe("blog.validation.content.tooManyNodes");
    const huge = { type: "doc", content: new Array(10_000_000).fill(0) };
    const started = performance.now();
    expect(exceededBound(huge)).toEqual({ key: "tooManyNodes", max: BLOG_DOCUMENT_LIMITS.maxNodes });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("refuses too much text", () => {
    const long = doc(...Array.from({ length: 7 }, () => para(text("a".repeat(9_000)))));
    expect(key(long)).toBe("blog.validation.content.tooLong");
    expect(key(doc(para(text("a".repeat(BLOG_DOCUMENT_LIMITS.maxTextLength)))))).toBe("ok");
  });
});

describe("blogDocumentJsonSchema (the form's hidden field)", () => {
  const schema = blogDocumentJsonSchema({ required: true });

  it("parses and checks the JSON text", () => {
    const result = schema.safeParse(JSON.stringify(editorJson));
    expect(result.success).toBe(true);
    expect((result.data as BlogDocument).type).toBe("doc");
  });

  it("refuses what is not JSON, too large, or not a string", () => {
    const first = (v: unknown) => schema.safeParse(v).error?.issues[0]?.message;
    expect(first("{not json")).toBe("blog.validation.content.invalid");
    expect(first("x".repeat(BLOG_DOCUMENT_LIMITS.maxJsonLength + 1))).toBe("blog.validation.content.tooLarge");
    expect(first(undefined)).toBe("blog.validation.content.required");
    expect(first(JSON.stringify(doc(para())))).toBe("blog.validation.content.required");
    expect(checkBlogDocument("[1]", { required: true, json: true })).toEqual({ success: false, error: { key: "blog.validation.content.invalid" } });
  });
});
