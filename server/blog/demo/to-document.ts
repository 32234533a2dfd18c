import type { Block } from "./types";

/**
 * Demo post blocks → the Tiptap JSON document the editor stores, using only these types:
 * doc, paragraph, heading (2, 3), text, bulletList, orderedList, listItem, blockquote, table,
 * tableRow, tableHeader, tableCell, and the marks bold, italic and link (href only). Every list
 * item, quote and cell holds one paragraph. Pure.
 *
 * Inline markers, read left to right:
 * - `[text](href)`: a link when href is http(s) or a site path ("/…", not "//…"); the text is
 *   taken as it is. Anything else stays text, brackets and all.
 * - `**text**`: bold, up to the next `**`; the text must not start or end with a space.
 * - `*text*`: italic, up to the next `*`, which must not be part of a `**`; same spacing rule.
 * Marks never nest: markers inside a bold, italic or link text are kept as text, and a marker
 * that cannot be closed by these rules is kept as text. No character is ever dropped but the
 * markers that were used.
 */

export type DocMark = { type: "bold" } | { type: "italic" } | { type: "link"; attrs: { href: string } };

export interface DocNode {
  type: string;
  attrs?: { level: 2 | 3 };
  content?: DocNode[];
  text?: string;
  marks?: DocMark[];
}

export interface DocDocument {
  type: "doc";
  content: DocNode[];
}

/** Every node type a converted document may hold. */
export const DOCUMENT_NODE_TYPES: readonly string[] = [
  "doc",
  "paragraph",
  "heading",
  "text",
  "bulletList",
  "orderedList",
  "listItem",
  "blockquote",
  "table",
  "tableRow",
  "tableHeader",
  "tableCell",
];

/** Every mark type a converted document may hold. */
export const DOCUMENT_MARK_TYPES: readonly string[] = ["bold", "italic", "link"];

const ABSOLUTE = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s"<>\\]*)?$/i;
const SITE_PATH = /^\/(?!\/)[^\s"<>\\]*$/;

/** An address a demo post may link to: http(s), or a path on this site. */
export function isAllowedHref(href: string): boolean {
  return ABSOLUTE.test(href) || SITE_PATH.test(href);
}

const LINK = /\[([^[\]\n]+)\]\(([^\s()<>"]+)\)/y;

/** The text between markers must not start or end with white space ("a * b * c" is not italic). */
function tight(s: string): boolean {
  return s.length > 0 && s.trim() === s;
}

/** Inline text → text nodes with their marks (adjacent texts with the same marks are joined). */
export function parseInline(src: string): DocNode[] {
  const out: DocNode[] = [];
  let plain = "";
  const push = (text: string, marks?: DocMark[]) => {
    const last = out[out.length - 1];
    if (last && JSON.stringify(last.marks ?? []) === JSON.stringify(marks ?? [])) last.text += text;
    else out.push(marks ? { type: "text", text, marks } : { type: "text", text });
  };
  const flush = () => {
    if (plain) push(plain);
    plain = "";
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "[") {
      LINK.lastIndex = i;
      const m = LINK.exec(src);
      if (m && isAllowedHref(m[2]!)) {
        flush();
        push(m[1]!, [{ type: "link", attrs: { href: m[2]! } }]);
        i += m[0].length;
        continue;
      }
    } else if (c === "*" && src[i + 1] === "*") {
      const end = src.indexOf("**", i + 2);
      const inner = end === -1 ? "" : src.slice(i + 2, end);
      if (tight(inner)) {
        flush();
        push(inner, [{ type: "bold" }]);
        i = end + 2;
        continue;
      }
      plain += "**";
      i += 2;
      continue;
    } else if (c === "*") {
      const end = src.indexOf("*", i + 1);
      const inner = end === -1 ? "" : src.slice(i + 1, end);
      if (tight(inner) && src[end + 1] !== "*") {
        flush();
        push(inner, [{ type: "italic" }]);
        i = end + 1;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return out;
}

function paragraph(text: string): DocNode {
  const content = parseInline(text);
  return content.length ? { type: "paragraph", content } : { type: "paragraph" };
}

function cell(type: "tableHeader" | "tableCell", text: string): DocNode {
  return { type, content: [paragraph(text)] };
}

function list(type: "bulletList" | "orderedList", items: string[]): DocNode {
  return { type, content: items.map((item) => ({ type: "listItem", content: [paragraph(item)] })) };
}

export function blockToNode(block: Block): DocNode {
  if ("h2" in block) return { type: "heading", attrs: { level: 2 }, content: parseInline(block.h2) };
  if ("h3" in block) return { type: "heading", attrs: { level: 3 }, content: parseInline(block.h3) };
  if ("p" in block) return paragraph(block.p);
  if ("ul" in block) return list("bulletList", block.ul);
  if ("ol" in block) return list("orderedList", block.ol);
  if ("quote" in block) return { type: "blockquote", content: [paragraph(block.quote)] };
  const { head, rows } = block.table;
  return {
    type: "table",
    content: [
      { type: "tableRow", content: head.map((h) => cell("tableHeader", h)) },
      ...rows.map((row) => ({ type: "tableRow", content: row.map((c) => cell("tableCell", c)) })),
    ],
  };
}

export function blocksToDocument(blocks: readonly Block[]): DocDocument {
  return { type: "doc", content: blocks.map(blockToNode) };
}

/** The text a reader sees, block by block (for word counts and search). */
export function documentText(node: DocDocument | DocNode): string {
  if (node.type === "text") return node.text ?? "";
  const parts = (node.content ?? []).map((child) => documentText(child));
  return parts.join(node.type === "paragraph" || node.type === "heading" ? "" : "\n");
}

/** Words: runs between white space that hold at least one letter or digit ("–" is not a word). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
