import { describe, expect, it } from "vitest";
import { emptyBlogDocument, type BlogDocument } from "./document";
import { blogDocumentText, countWords, isRichDocument, readingMinutes, summarise, textToBlogDocument } from "./document-text";

const rich: BlogDocument = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Fiber nedir?" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Işık ile " },
        { type: "text", text: "veri", marks: [{ type: "bold" }] },
        { type: "hardBreak" },
        { type: "text", text: "taşır." },
      ],
    },
    { type: "image", attrs: { src: "/media/blog-images/abcdefghijklmnop.webp", alt: "Kablo" } },
    { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Hızlı" }] }] }] },
    { type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "Hücre" }] }] }] }] },
    { type: "paragraph" },
    { type: "codeBlock", content: [{ type: "text", text: "ping 1.1.1.1\ntraceroute" }] },
  ],
};

describe("blogDocumentText", () => {
  it("gives each block its paragraph, line breaks kept, pictures left out", () => {
    expect(blogDocumentText(rich)).toBe("Fiber nedir?\n\nIşık ile veri\ntaşır.\n\nHızlı\n\nHücre\n\nping 1.1.1.1\ntraceroute");
  });

  it("reads anything without throwing", () => {
    for (const value of [null, undefined, 1, "doc", [], {}, { type: "doc" }, { type: "doc", content: [null, 1, { type: "paragraph", content: "x" }] }]) {
      expect(blogDocumentText(value)).toBe("");
    }
    expect(blogDocumentText({ type: "doc", content: [{ type: "mystery", content: [{ type: "paragraph", content: [{ type: "text", text: "kept" }] }] }] })).toBe("kept");
  });

  it("stops at the bounds on a hostile document", () => {
    let deep: unknown = { type: "paragraph", content: [{ type: "text", text: "deep" }] };
    for (let i = 0; i < 100_000; i++) deep = { type: "blockquote", content: [deep] };
    expect(blogDocumentText({ type: "doc", content: [deep] })).toBe("");
  });
});

describe("textToBlogDocument (the plain textarea)", () => {
  it("makes a blank line a new paragraph and a line break a hard break", () => {
    expect(textToBlogDocument("Birinci satır\nikinci satır\n\nYeni paragraf")).toEqual({
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Birinci satır" }, { type: "hardBreak" }, { type: "text", text: "ikinci satır" }] },
        { type: "paragraph", content: [{ type: "text", text: "Yeni paragraf" }] },
      ],
    });
  });

  it("reads Windows and old Mac line ends, several blank lines and blank lines with spaces", () => {
    const doc = textToBlogDocument("\r\n\r\nA\r\nB\r\n \t \r\n\r\n\rC\r\r");
    expect(doc.content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "A" }, { type: "hardBreak" }, { type: "text", text: "B" }] },
      { type: "paragraph", content: [{ type: "text", text: "C" }] },
    ]);
  });

  it("gives the empty document for empty or blank text", () => {
    expect(textToBlogDocument("")).toEqual(emptyBlogDocument());
    expect(textToBlogDocument(" \n\n \t\n")).toEqual(emptyBlogDocument());
  });

  it("keeps markup as text", () => {
    expect(textToBlogDocument("<b>x</b>").content[0]).toEqual({ type: "paragraph", content: [{ type: "text", text: "<b>x</b>" }] });
  });

  it("reads back what blogDocumentText wrote", () => {
    const text = "Bir\niki\n\nüç";
    expect(blogDocumentText(textToBlogDocument(text))).toBe(text);
  });
});

describe("reading time", () => {
  it("counts words that hold a letter or digit", () => {
    expect(countWords("Fiber — 1000 Mbps, çok hızlı!")).toBe(5);
    expect(countWords("  ")).toBe(0);
  });

  it("is about 200 words a minute, at least 1", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("kelime ".repeat(250))).toBe(1);
    expect(readingMinutes("kelime ".repeat(400))).toBe(2);
    expect(readingMinutes("kelime ".repeat(1100))).toBe(6);
  });
});

describe("summarise", () => {
  it("keeps a short text whole, white space collapsed", () => {
    expect(summarise("Bir\n\niki  üç")).toBe("Bir iki üç");
  });

  it("cuts a long one at a word boundary with an ellipsis", () => {
    const out = summarise("kelime ".repeat(50), 40);
    expect(out.length).toBeLessThanOrEqual(40);
    expect(out).toMatch(/^kelime( kelime)*…$/);
  });
});

describe("isRichDocument", () => {
  it("is false for paragraphs of plain text and line breaks", () => {
    expect(isRichDocument(textToBlogDocument("a\nb\n\nc"))).toBe(false);
    expect(isRichDocument(emptyBlogDocument())).toBe(false);
  });

  it("is true for anything the textarea would lose", () => {
    expect(isRichDocument(rich)).toBe(true);
    expect(isRichDocument({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "bold" }] }] }] })).toBe(true);
    expect(isRichDocument({ type: "doc", content: [{ type: "horizontalRule" }] })).toBe(true);
  });
});
