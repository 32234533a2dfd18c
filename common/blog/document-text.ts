import { BLOG_DOCUMENT_LIMITS, emptyBlogDocument, type BlogDocument, type BlogNode } from "./document";

/**
 * A post body as plain text and back: the text of a document (for search, the page's
 * description, the reading time, and the dashboard's plain textarea when JavaScript is off), and
 * the document a plain textarea's text becomes. Both directions live here, isomorphic, because
 * the editor needs them too (the textarea it replaces, the text typed there before it loaded).
 */

/** Nodes whose text is a block of its own, separated from the next by a blank line. */
const TEXT_BLOCKS = new Set(["paragraph", "heading", "codeBlock"]);

/**
 * The text of a document: each paragraph, heading and code block on its own, separated by a
 * blank line; a line break inside one as a line feed. List items, quotes and table cells give
 * their paragraphs; pictures and rules give nothing. Tolerant of anything (it reads what looks
 * like text and skips the rest) and bounded like the schema, so it may also read a document that
 * was never checked.
 */
export function blogDocumentText(doc: unknown): string {
  const blocks: string[] = [];
  let nodes = 0;
  let length = 0;
  const inline = (node: unknown, depth: number, out: string[]): void => {
    if (depth > BLOG_DOCUMENT_LIMITS.maxDepth || ++nodes > BLOG_DOCUMENT_LIMITS.maxNodes || length > BLOG_DOCUMENT_LIMITS.maxTextLength) return;
    if (!node || typeof node !== "object") return;
    const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown };
    if (type === "text" && typeof text === "string") {
      out.push(text);
      length += text.length;
    } else if (type === "hardBreak") out.push("\n");
    else if (Array.isArray(content)) for (const child of content) inline(child, depth + 1, out);
  };
  const walk = (node: unknown, depth: number): void => {
    if (depth > BLOG_DOCUMENT_LIMITS.maxDepth || ++nodes > BLOG_DOCUMENT_LIMITS.maxNodes || length > BLOG_DOCUMENT_LIMITS.maxTextLength) return;
    if (!node || typeof node !== "object") return;
    const { type, content } = node as { type?: unknown; content?: unknown };
    if (typeof type === "string" && TEXT_BLOCKS.has(type)) {
      const out: string[] = [];
      if (Array.isArray(content)) for (const child of content) inline(child, depth + 1, out);
      const text = out.join("");
      if (text.trim()) blocks.push(text);
    } else if (Array.isArray(content)) for (const child of content) walk(child, depth + 1);
  };
  walk(doc, 1);
  return blocks.join("\n\n");
}

/**
 * The document of a plain text (the dashboard's textarea without JavaScript): a blank line (one
 * or more, even with spaces on them) starts a new paragraph, a single line break breaks the line
 * inside its paragraph. Windows and old Mac line ends count as line breaks. Empty text gives the
 * empty document. Nothing is checked here: the schema checks the result like any other document.
 */
export function textToBlogDocument(text: string): BlogDocument {
  const normal = text.replace(/\r\n?/g, "\n");
  const paragraphs = normal
    .split(/\n(?:[ \t]*\n)+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ""))
    .filter((p) => p.trim() !== "");
  if (!paragraphs.length) return emptyBlogDocument();
  return {
    type: "doc",
    content: paragraphs.map((p): BlogNode => {
      const content: BlogNode[] = [];
      p.split("\n").forEach((line, i) => {
        if (i > 0) content.push({ type: "hardBreak" });
        if (line) content.push({ type: "text", text: line });
      });
      return { type: "paragraph", content };
    }),
  };
}

/**
 * True when a document holds more than plain paragraphs of unformatted text: what the plain
 * textarea would lose if the post were saved from it (its page says so).
 */
export function isRichDocument(doc: BlogDocument): boolean {
  const stack: BlogNode[] = [...doc.content];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "paragraph") stack.push(...(node.content ?? []));
    else if (node.type === "text") {
      if (node.marks?.length) return true;
    } else if (node.type !== "hardBreak") return true;
  }
  return false;
}

/** Reading speed the reading time assumes, in words a minute. */
export const WORDS_PER_MINUTE = 200;

/** The words of a text: runs between white space that hold a letter or a digit ("—" is none). */
export function countWords(text: string): number {
  let count = 0;
  for (const word of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(word)) count++;
  return count;
}

/** Minutes a post takes to read, at WORDS_PER_MINUTE, never less than 1. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(countWords(text) / WORDS_PER_MINUTE));
}

/**
 * The start of a text as a one-line summary (a page description, a feed's summary): white space
 * collapsed, cut at the last word boundary that fits `max` characters with "…" added.
 */
export function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join("");
  const boundary = cut.lastIndexOf(" ");
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,.;:!?-]+$/u, "")}…`;
}
