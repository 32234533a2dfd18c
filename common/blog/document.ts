/**
 * A blog post's body: a Tiptap (ProseMirror) JSON document, stored as it is and turned into HTML on
 * the server only. This module is what the editor, the schema (server/blog/content/schema.ts) and
 * the renderer agree on: the node and mark types allowed, the links and pictures allowed, the
 * document's bounds. Isomorphic and dependency-free (the editor imports it; readers never do).
 */

/** Every node type a post may hold; anything else is refused by the schema and never rendered. */
export const BLOG_NODE_TYPES = [
  "doc",
  "paragraph",
  "heading",
  "text",
  "codeBlock",
  "blockquote",
  "bulletList",
  "orderedList",
  "listItem",
  "hardBreak",
  "horizontalRule",
  "image",
  "table",
  "tableRow",
  "tableHeader",
  "tableCell",
] as const;
export type BlogNodeType = (typeof BLOG_NODE_TYPES)[number];

/** Every mark type a post's text may carry. */
export const BLOG_MARK_TYPES = ["bold", "italic", "strike", "code", "link"] as const;
export type BlogMarkType = (typeof BLOG_MARK_TYPES)[number];

/** Heading levels in a post: the page's title is its only h1. */
export const BLOG_HEADING_LEVELS = [2, 3, 4] as const;
export type BlogHeadingLevel = (typeof BLOG_HEADING_LEVELS)[number];

/** Bounds of one document, checked before anything else walks it. */
export const BLOG_DOCUMENT_LIMITS = {
  /** Nesting levels, the doc being level 1 (a list in a list in a quote is about 8). */
  maxDepth: 20,
  /** Nodes of every kind, text nodes included. */
  maxNodes: 5_000,
  /** Characters of text over the whole document (about 9,000 words). */
  maxTextLength: 60_000,
  /** Characters of a stored JSON document (the form's hidden field). */
  maxJsonLength: 400_000,
  /** Characters of a link's address. */
  maxHrefLength: 2_000,
  /** Characters of a picture's description. */
  maxAltLength: 300,
  /** Cells a table cell may span across or down. */
  maxSpan: 20,
  /** Pixels of a picture's side. */
  maxImageSide: 10_000,
} as const;

/** A mark as the editor stores it. */
export interface BlogMark {
  type: BlogMarkType;
  attrs?: Record<string, unknown>;
}

/** A node as the editor stores it (getJSON()). */
export interface BlogNode {
  type: BlogNodeType;
  attrs?: Record<string, unknown>;
  content?: BlogNode[];
  marks?: BlogMark[];
  text?: string;
}

/** A whole post body. */
export interface BlogDocument extends BlogNode {
  type: "doc";
  content: BlogNode[];
}

/**
 * The form fields a post body arrives in: the editor's document as JSON (JavaScript on), or the
 * plain textarea's text (JavaScript off; textToBlogDocument makes it a document). An action reads
 * the JSON when it is there, else the text.
 */
export const BLOG_CONTENT_FIELDS = { json: "content", text: "contentText" } as const;

/** An empty post body: one empty paragraph (what the editor starts from; a doc needs a block). */
export function emptyBlogDocument(): BlogDocument {
  return { type: "doc", content: [{ type: "paragraph" }] };
}

/**
 * Folder of a post's pictures under DATA_DIR/uploads, served at /media/blog-images/ (like the
 * package images: re-encoded by server/platform/images.ts under a random name never reused).
 */
export const BLOG_IMAGE_FOLDER = "blog-images";
const BLOG_IMAGE_PREFIX = `/media/${BLOG_IMAGE_FOLDER}/`;
/** The stored names server/platform/images.ts writes (STORED_IMAGE_NAME there). */
const BLOG_IMAGE_SRC = /^\/media\/blog-images\/[\w-]{16,64}\.webp$/;

/** Public path of a stored post picture. */
export function blogImageUrl(file: string): string {
  return `${BLOG_IMAGE_PREFIX}${encodeURIComponent(file)}`;
}

/** True when `src` is one of our own stored post pictures (nothing else may appear in a post). */
export function isBlogImageSrc(src: unknown): src is string {
  return typeof src === "string" && BLOG_IMAGE_SRC.test(src);
}

/**
 * What a link's address is: "internal" (a path of this site: "/paketler?x=1#y"), "external"
 * (http, https or mailto), or null (anything else: javascript:, data:, vbscript:, a
 * protocol-relative "//host", a path with a backslash that a browser reads as "//", white space or
 * control characters, which browsers drop from inside a scheme: "java\tscript:").
 */
export function classifyHref(href: unknown): "internal" | "external" | null {
  if (typeof href !== "string" || href.length === 0 || href.length > BLOG_DOCUMENT_LIMITS.maxHrefLength) return null;
  // No white space, no control or invisible formatting characters, no backslash anywhere.
  if (/[\s\p{Cc}\p{Cf}\\]/u.test(href) || !href.isWellFormed()) return null;
  if (href.startsWith("/")) return href.startsWith("//") ? null : "internal";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === "mailto") return href.length > "mailto:".length ? "external" : null;
  if (scheme !== "http" && scheme !== "https") return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  // "https:example.com" and "http:/x" parse, but are not what anyone means; credentials in a link
  // ("https://bank.com@evil.example") only serve to mislead.
  if (!/^https?:\/\/[^/]/i.test(href) || !url.hostname || url.username || url.password) return null;
  return "external";
}

/**
 * The address a link keeps: the scheme of an external one lower-cased ("HTTPS://x" → "https://x"),
 * anything else as it is; null when it is not allowed (see classifyHref).
 */
export function normaliseHref(href: unknown): string | null {
  const kind = classifyHref(href);
  if (kind === null) return null;
  const value = href as string;
  return kind === "internal" ? value : value.replace(/^[a-z]+:/i, (s) => s.toLowerCase());
}
