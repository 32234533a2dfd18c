import type { Locale } from "../../common/format";
import { EN_PREFIX } from "../../common/routes/registry";
import { escapeLike, foldSearchText } from "../../common/search-text";
import { slugify } from "../../common/text";
import type { ValidationMessage } from "../../common/validation/messages";
import { dropInvisibleFormat, isWellFormedText } from "../../common/validation/fields";
import { z } from "../../common/validation/zod";

/**
 * What the blog's data layer takes from the post-body and url modules: checking a post's Tiptap
 * document, its plain text and reading time (server/blog/content, common/blog/document-text), the
 * title's slug and the post's path (common/blog/post-url), and the word search
 * (common/blog/search-word). The services import these names from here only, with the same
 * signatures as those modules: when they are in the tree this file re-exports them instead.
 * Until then the document check allowed here is a strict subset of theirs (paragraphs and
 * headings of plain text), so nothing stored now is refused later.
 */

/** A post body: a Tiptap JSON document. */
export interface BlogDocument {
  type: "doc";
  content: BlogNode[];
}
interface BlogNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: BlogNode[];
  text?: string;
}

const K = "blog.validation.content";
const MAX_TEXT = 60_000;
const MAX_BLOCKS = 2_000;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function textNodes(content: unknown): BlogNode[] | null {
  if (content === undefined) return [];
  if (!Array.isArray(content) || content.length > MAX_BLOCKS) return null;
  const out: BlogNode[] = [];
  for (const n of content) {
    if (!n || typeof n !== "object" || Array.isArray(n)) return null;
    const { type, text, ...rest } = n as Record<string, unknown>;
    if (type !== "text" || typeof text !== "string" || text.length === 0 || Object.keys(rest).some((k) => k !== "marks" || (rest.marks as unknown[])?.length)) return null;
    if (CONTROL.test(text) || !isWellFormedText(text)) return null;
    out.push({ type: "text", text });
  }
  return out;
}

/** Checks a post body: the document rebuilt from what is allowed, or the first problem. */
export function checkBlogDocument(
  value: unknown,
  opts: { required: boolean },
): { success: true; data: BlogDocument } | { success: false; error: ValidationMessage } {
  const invalid = { success: false as const, error: { key: `${K}.invalid` as const } };
  if (!value || typeof value !== "object" || Array.isArray(value)) return invalid;
  const doc = value as Record<string, unknown>;
  if (doc.type !== "doc" || !Array.isArray(doc.content) || doc.content.length === 0 || doc.content.length > MAX_BLOCKS) return invalid;
  const blocks: BlogNode[] = [];
  let length = 0;
  if (Object.keys(doc).some((k) => k !== "type" && k !== "content")) return invalid;
  for (const block of doc.content as unknown[]) {
    if (!block || typeof block !== "object" || Array.isArray(block)) return invalid;
    const b = block as Record<string, unknown>;
    const content = textNodes(b.content);
    if (!content) return invalid;
    length += content.reduce((n, t) => n + t.text!.length, 0);
    if (length > MAX_TEXT) return { success: false, error: { key: `${K}.tooLong`, params: { max: MAX_TEXT } } };
    if (b.type === "paragraph" && Object.keys(b).every((k) => k === "type" || k === "content")) blocks.push({ type: "paragraph", ...(content.length ? { content } : {}) });
    else if (b.type === "heading" && Object.keys(b).every((k) => k === "type" || k === "content" || k === "attrs")) {
      const attrs = b.attrs as Record<string, unknown> | undefined;
      const level = attrs?.level;
      if ((level !== 2 && level !== 3 && level !== 4) || Object.keys(attrs!).length !== 1) return invalid;
      blocks.push({ type: "heading", attrs: { level }, ...(content.length ? { content } : {}) });
    } else return invalid;
  }
  const data: BlogDocument = { type: "doc", content: blocks };
  if (opts.required && !blogDocumentText(data).trim()) return { success: false, error: { key: `${K}.required` } };
  return { success: true, data };
}

/** Nodes whose text is a block of its own, separated from the next by a blank line. */
const TEXT_BLOCKS = new Set(["paragraph", "heading", "codeBlock"]);

/**
 * The text of a document: each paragraph, heading and code block on its own, separated by a
 * blank line; list items, quotes and table cells give their paragraphs. Tolerant of anything
 * (it reads what looks like text and skips the rest), and bounded.
 */
export function blogDocumentText(doc: unknown): string {
  const blocks: string[] = [];
  let nodes = 0;
  const inline = (node: unknown, depth: number, out: string[]): void => {
    if (depth > 20 || ++nodes > 20_000 || !node || typeof node !== "object") return;
    const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown };
    if (type === "text" && typeof text === "string") out.push(text);
    else if (type === "hardBreak") out.push("\n");
    else if (Array.isArray(content)) for (const child of content) inline(child, depth + 1, out);
  };
  const walk = (node: unknown, depth: number): void => {
    if (depth > 20 || ++nodes > 20_000 || !node || typeof node !== "object") return;
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

/** Minutes a post takes to read at 200 words a minute, never less than 1. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / 200));
}

/** Most characters of the title's part of a blog url (cut at a word boundary). */
const BLOG_SLUG_MAX_LENGTH = 80;

/** The title's part of a blog url: a Turkish-aware slug, at most 80 characters ("blog" when nothing is left). */
export function blogTitleSlug(title: string): string {
  const slug = slugify(title);
  if (!slug) return "blog";
  if (slug.length <= BLOG_SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, BLOG_SLUG_MAX_LENGTH + 1);
  const boundary = cut.lastIndexOf("-");
  return boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, BLOG_SLUG_MAX_LENGTH);
}

/** The path of a post in a language: "/blog/teknoloji/fiber-nedir-42", "/en/blog/…". */
export function blogPostPath(locale: Locale, categoryUrl: string, postUrl: string): string {
  const prefix = locale === "en" ? EN_PREFIX : "";
  return `${prefix}/blog/${encodeURIComponent(categoryUrl)}/${encodeURIComponent(postUrl)}`;
}

export const BLOG_SEARCH_MIN_LENGTH = 2;
export const BLOG_SEARCH_MAX_LENGTH = 50;
const WORDS = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?: [\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*$/u;

function normaliseBlogSearch(value: string): string {
  return dropInvisibleFormat(value.normalize("NFC")).replace(/\s+/g, " ").trim();
}

/** The blog list's word search (spec §5: required, min and max length, letters and numbers only). */
export const blogSearchWordSchema = z.preprocess(
  (v) => (typeof v === "string" ? normaliseBlogSearch(v) : v),
  z
    .string({ error: "blog.validation.search.required" })
    .min(1, "blog.validation.search.required")
    .min(BLOG_SEARCH_MIN_LENGTH, "blog.validation.search.min")
    .max(BLOG_SEARCH_MAX_LENGTH, "blog.validation.search.max")
    .regex(WORDS, "blog.validation.search.alphanumeric"),
);

/** One LIKE pattern per folded word of a checked search, all to hold. */
export function blogSearchPatterns(word: string): string[] {
  return [...new Set(foldSearchText(normaliseBlogSearch(word)).split(" ").filter(Boolean))].map((term) => `%${escapeLike(term)}%`);
}
