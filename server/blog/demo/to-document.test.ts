import { getSchema } from "@tiptap/core";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { describe, expect, it } from "vitest";
import { blogCategories } from "../../../common/blog-categories";
import { demoCompanyList } from "../../companies/demo-catalogue";
import { demoPosts } from "./posts";
import {
  blocksToDocument,
  countWords,
  documentText,
  DOCUMENT_MARK_TYPES,
  DOCUMENT_NODE_TYPES,
  isAllowedHref,
  parseInline,
  type DocDocument,
  type DocNode,
} from "./to-document";

/** Every node of a document, depth first. */
function nodes(node: DocDocument | DocNode): DocNode[] {
  return [node as DocNode, ...(node.content ?? []).flatMap((child) => nodes(child))];
}

/** The inline result as [text, marks] pairs, easy to read in an assertion. */
function flat(src: string): [string, string][] {
  return parseInline(src).map((n) => [n.text ?? "", (n.marks ?? []).map((m) => (m.type === "link" ? `link:${m.attrs.href}` : m.type)).join("+")]);
}

describe("parseInline", () => {
  it("reads bold, italic and links", () => {
    expect(flat("plain")).toEqual([["plain", ""]]);
    expect(flat("a **b** c")).toEqual([["a ", ""], ["b", "bold"], [" c", ""]]);
    expect(flat("a *b* c")).toEqual([["a ", ""], ["b", "italic"], [" c", ""]]);
    expect(flat("see [the list](/paketler) now")).toEqual([["see ", ""], ["the list", "link:/paketler"], [" now", ""]]);
    expect(flat("[site](https://uptimeinstitute.com/tiers)")).toEqual([["site", "link:https://uptimeinstitute.com/tiers"]]);
    expect(flat("**a****b**")).toEqual([["ab", "bold"]]);
    expect(flat("x*y*")).toEqual([["x", ""], ["y", "italic"]]);
  });

  it("keeps links to anything but http(s) and site paths as text", () => {
    for (const href of ["javascript:alert(1)", "data:text/html,x", "//evil.example/x", "mailto:a@b.c", "paketler", "vbscript:x", "/\\evil"]) {
      const src = `[x](${href})`;
      expect(flat(src), href).toEqual([[src, ""]]);
    }
    expect(isAllowedHref("https://example.com")).toBe(true);
    expect(isAllowedHref("http://example.com/a?b=c#d")).toBe(true);
    expect(isAllowedHref("/en/internet-hiz-testi")).toBe(true);
    expect(isAllowedHref("https://")).toBe(false);
    expect(isAllowedHref("https://exa mple.com")).toBe(false);
  });

  it("does not nest marks: inner markers stay text", () => {
    expect(flat("**a *b* c**")).toEqual([["a *b* c", "bold"]]);
    expect(flat("*a **b** c*")).toEqual([["*a ", ""], ["b", "bold"], [" c*", ""]]);
    expect(flat("[**x**](/y)")).toEqual([["**x**", "link:/y"]]);
    expect(flat("**[x](/y)**")).toEqual([["[x](/y)", "bold"]]);
  });

  it("keeps unbalanced markers as text, losing no character", () => {
    expect(flat("**a")).toEqual([["**a", ""]]);
    expect(flat("a*")).toEqual([["a*", ""]]);
    expect(flat("2 * 3 * 4")).toEqual([["2 * 3 * 4", ""]]);
    expect(flat("** a **")).toEqual([["** a **", ""]]);
    expect(flat("[a](/b")).toEqual([["[a](/b", ""]]);
    expect(flat("[a] (/b)")).toEqual([["[a] (/b)", ""]]);
    expect(flat("a ** b")).toEqual([["a ** b", ""]]);
    expect(flat("")).toEqual([]);
    expect(flat("**a *b")).toEqual([["**a *b", ""]]);
    expect(flat("*a **b")).toEqual([["*a **b", ""]]);
    expect(flat("a**b")).toEqual([["a**b", ""]]);
    expect(flat("[[x](/y)]")).toEqual([["[", ""], ["x", "link:/y"], ["]", ""]]);
    // The first closing pair ends the bold; the star inside it and the one left over stay text.
    expect(flat("***a***")).toEqual([["*a", "bold"], ["*", ""]]);
  });

  it("joins neighbouring texts with the same marks and never makes an empty text", () => {
    const out = parseInline("**a** **b**");
    expect(out.map((n) => n.text)).toEqual(["a", " ", "b"]);
    expect(out.every((n) => (n.text ?? "").length > 0)).toBe(true);
  });
});

describe("blocksToDocument", () => {
  it("wraps list items, quotes and cells in one paragraph each, with headings at levels 2 and 3", () => {
    const doc = blocksToDocument([
      { h2: "H" },
      { h3: "h" },
      { p: "p" },
      { ul: ["a", "b"] },
      { ol: ["c"] },
      { quote: "q" },
      { table: { head: ["x", "y"], rows: [["1", "2"]] } },
    ]);
    expect(doc.content.map((n) => n.type)).toEqual(["heading", "heading", "paragraph", "bulletList", "orderedList", "blockquote", "table"]);
    expect(doc.content[0]!.attrs).toEqual({ level: 2 });
    expect(doc.content[1]!.attrs).toEqual({ level: 3 });
    const table = doc.content[6]!;
    expect(table.content!.map((row) => row.content!.map((c) => c.type))).toEqual([
      ["tableHeader", "tableHeader"],
      ["tableCell", "tableCell"],
    ]);
    for (const holder of nodes(doc).filter((n) => ["listItem", "blockquote", "tableHeader", "tableCell"].includes(n.type))) {
      expect(holder.content!.map((c) => c.type)).toEqual(["paragraph"]);
    }
  });
});

describe("the demo posts", () => {
  const schema = getSchema([StarterKit, TableKit]);
  const byKey = new Map(demoPosts.map((p) => [p.key, p]));
  const categoryKeys = new Set(blogCategories.map((c) => c.key));
  const companySlugs = new Set(demoCompanyList().map((c) => c.slug));

  it("are enough, in both languages, over enough categories", () => {
    expect(demoPosts.length).toBeGreaterThanOrEqual(12);
    expect(demoPosts.filter((p) => p.lang === "tr").length).toBeGreaterThanOrEqual(12);
    expect(demoPosts.filter((p) => p.lang === "en").length).toBeGreaterThanOrEqual(4);
    expect(new Set(demoPosts.map((p) => p.categoryKey)).size).toBeGreaterThanOrEqual(6);
    expect(byKey.size).toBe(demoPosts.length);
    const featured = demoPosts.filter((p) => p.featured).length;
    expect(featured).toBeGreaterThanOrEqual(2);
    expect(featured).toBeLessThanOrEqual(3);
    expect(demoPosts.some((p) => p.faq?.length)).toBe(true);
    expect(demoPosts.some((p) => !p.faq?.length)).toBe(true);
    expect(demoPosts.some((p) => p.companySlug)).toBe(true);
    expect(demoPosts.some((p) => !p.companySlug)).toBe(true);
  });

  it.each(demoPosts.map((p) => [p.key, p] as const))("%s has valid metadata", (_key, post) => {
    expect(post.key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(categoryKeys.has(post.categoryKey)).toBe(true);
    if (post.companySlug !== undefined) expect(companySlugs.has(post.companySlug)).toBe(true);
    expect(post.title.trim()).toBe(post.title);
    expect(post.title.length).toBeGreaterThan(10);
    expect(post.title.length).toBeLessThanOrEqual(120);
    expect(post.subtitle.length).toBeGreaterThan(10);
    expect(post.tags.length).toBeGreaterThanOrEqual(1);
    for (const tag of post.tags) expect(tag).toMatch(/^\S(?:.*\S)?$/);
    expect(new Set(post.tags).size).toBe(post.tags.length);
    expect(Number.isInteger(post.publishedDaysAgo)).toBe(true);
    expect(post.publishedDaysAgo).toBeGreaterThanOrEqual(0);
    expect(post.publishedDaysAgo).toBeLessThanOrEqual(120);
    if (post.faq) {
      expect(post.faq.length).toBeGreaterThanOrEqual(2);
      expect(post.faq.length).toBeLessThanOrEqual(4);
      for (const { question, answer } of post.faq) {
        expect(question.trim().length).toBeGreaterThan(5);
        expect(answer.trim().length).toBeGreaterThan(20);
      }
    }
  });

  it.each(demoPosts.map((p) => [p.key, p] as const))("%s has a twin that points back", (_key, post) => {
    if (post.lang === "en") expect(post.twinKey).toBeDefined();
    if (post.twinKey === undefined) return;
    const twin = byKey.get(post.twinKey);
    expect(twin).toBeDefined();
    expect(twin!.lang).not.toBe(post.lang);
    expect(twin!.twinKey).toBe(post.key);
    expect(twin!.categoryKey).toBe(post.categoryKey);
    expect(twin!.companySlug).toBe(post.companySlug);
  });

  it.each(demoPosts.map((p) => [p.key, p] as const))("%s converts to an allowed document of 400–900 words", (_key, post) => {
    const doc = blocksToDocument(post.blocks);
    const all = nodes(doc);
    for (const node of all) {
      expect(DOCUMENT_NODE_TYPES).toContain(node.type);
      if (node.type === "heading") expect([2, 3]).toContain(node.attrs?.level);
      if (node.type === "text") expect((node.text ?? "").length).toBeGreaterThan(0);
      if (["heading", "paragraph"].includes(node.type)) expect(node.content?.length).toBeGreaterThan(0);
      for (const mark of node.marks ?? []) {
        expect(DOCUMENT_MARK_TYPES).toContain(mark.type);
        if (mark.type === "link") {
          expect(Object.keys(mark.attrs)).toEqual(["href"]);
          expect(mark.attrs.href).toMatch(/^(?:https?:\/\/[^\s/]+|\/(?!\/))/);
          expect(isAllowedHref(mark.attrs.href)).toBe(true);
          // Site paths are the site's own pages, in the post's language.
          if (mark.attrs.href.startsWith("/")) expect(mark.attrs.href.startsWith("/en/")).toBe(post.lang === "en");
        }
      }
    }
    // Every marker the writer meant was read: none is left in the text a reader sees.
    const text = documentText(doc);
    expect(text).not.toMatch(/\*|\]\(/);
    for (const block of post.blocks) if ("table" in block) for (const row of block.table.rows) expect(row.length).toBe(block.table.head.length);
    // The editor's own schema takes the document as it is.
    expect(() => schema.nodeFromJSON(doc).check()).not.toThrow();
    const words = countWords(text);
    expect(words).toBeGreaterThanOrEqual(400);
    expect(words).toBeLessThanOrEqual(900);
  });
});
