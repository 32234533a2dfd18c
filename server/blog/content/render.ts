import { getSchema, type Extensions } from "@tiptap/core";
import { Node as ProseMirrorNode, type Schema } from "@tiptap/pm/model";
import { renderToHTMLString, serializeAttrsToHTMLString, serializeChildrenToHTMLString } from "@tiptap/static-renderer/pm/html-string";
import { blogContentExtensions } from "../../../common/blog/content-extensions";
import { BLOG_HEADING_LEVELS, classifyHref, isBlogImageSrc, type BlogDocument } from "../../../common/blog/document";
import { blogDocumentText } from "../../../common/blog/document-text";
import { BLOG_POST_IMAGE_SIZES, blogImageSrcSet } from "../../../common/blog/posts";
import type { Locale } from "../../../common/format";
import { getT } from "../../i18n";
import { blogDocumentSchema } from "./schema";

/**
 * A post body to HTML, on the server, with Tiptap's static renderer (no browser, no editor code):
 * the same extensions as the editor, so every allowed node and mark has its markup, and our own
 * markup where the defaults are not what a reader should get:
 * - a link to another site gets rel="nofollow ugc noopener" (the writer is not the site) and no
 *   target (the reader decides where a page opens); a link within the site gets no rel;
 * - a picture gets its width and height when known (no layout shift), loading="lazy" and
 *   decoding="async";
 * - a table is wrapped in a region that scrolls sideways on a phone (focusable, so a keyboard can
 *   scroll it too), with no inline widths.
 *
 * Defensive: the document is checked by the same schema as on the way in and rendered from what
 * the schema rebuilt. A document that fails (stored before a rule tightened, or never checked) is
 * shown as its plain text in paragraphs, so nothing outside the allow-list can ever reach a reader.
 */

export interface RenderOptions {
  locale: Locale;
  /** The site's own address (config SITE_URL): an absolute link to it is internal. */
  siteUrl: string;
  /** Told when a document failed the check and its plain text was shown instead. */
  onInvalid?: (reason: unknown) => void;
}

type Children = string | string[] | undefined;
const children = (c: Children) => serializeChildrenToHTMLString(c);
const attrs = (a: Record<string, unknown>) => serializeAttrsToHTMLString(a);

/** rel of a link to another site: not endorsed, written by a user, no window.opener. */
export const EXTERNAL_LINK_REL = "nofollow ugc noopener";

// Built once: the extension list and its ProseMirror schema are the same for every render. Given
// a document already made into a node of this schema, the static renderer skips building the
// schema again (5 ms of the 6 a render took).
let built: { extensions: Extensions; schema: Schema } | undefined;
function renderer(): { extensions: Extensions; schema: Schema } {
  if (!built) {
    const extensions = blogContentExtensions();
    built = { extensions, schema: getSchema(extensions) };
  }
  return built;
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function isInternal(href: string, siteOrigin: string | null): boolean | null {
  const kind = classifyHref(href);
  if (kind === null) return null;
  if (kind === "internal") return true;
  return siteOrigin !== null && /^https?:/i.test(href) && origin(href) === siteOrigin;
}

const ORDERED_LIST_TYPES = new Set<unknown>(["1", "a", "A", "i", "I"]);
const CODE_LANGUAGE = /^[a-z0-9][a-z0-9+#._-]{0,19}$/;

function whole(n: unknown): number | null {
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : null;
}

function span(n: unknown): number | null {
  const v = whole(n);
  return v !== null && v > 1 ? v : null;
}

/** An element with its attributes (escaped by the static renderer's own serialiser) around its children. */
function element(tag: string, attributes: Record<string, unknown>, c: Children): string {
  return `<${tag}${attrs(attributes)}>${children(c)}</${tag}>`;
}

function renderChecked(doc: BlogDocument, opts: RenderOptions): string {
  const { extensions, schema } = renderer();
  // fromJSON also checks that each node holds what its type allows (a list holds list items).
  const content = ProseMirrorNode.fromJSON(schema, doc);
  const siteOrigin = origin(opts.siteUrl);
  const tableLabel = getT(opts.locale)("blog.content.tableRegion");
  // Every allowed node and mark has its markup written here, so the tags and attributes a reader
  // can get are the ones in this table (and rendering skips the extensions' generic attribute
  // merging, a third of the time). doc and text are the static renderer's (text escaped).
  return renderToHTMLString({
    content,
    extensions,
    options: {
      nodeMapping: {
        paragraph: ({ children: c }) => element("p", {}, c),
        heading: ({ node, children: c }) => {
          const level = (BLOG_HEADING_LEVELS as readonly unknown[]).includes(node.attrs.level) ? (node.attrs.level as number) : BLOG_HEADING_LEVELS[0];
          return element(`h${level}`, {}, c);
        },
        blockquote: ({ children: c }) => element("blockquote", {}, c),
        bulletList: ({ children: c }) => element("ul", {}, c),
        orderedList: ({ node, children: c }) => {
          const start = Number.isInteger(node.attrs.start) && node.attrs.start !== 1 ? node.attrs.start : null;
          const type = ORDERED_LIST_TYPES.has(node.attrs.type) ? node.attrs.type : null;
          return element("ol", { start, type }, c);
        },
        listItem: ({ children: c }) => element("li", {}, c),
        codeBlock: ({ node, children: c }) => {
          const language = typeof node.attrs.language === "string" && CODE_LANGUAGE.test(node.attrs.language) ? node.attrs.language : null;
          return `<pre>${element("code", { class: language ? `language-${language}` : null }, c)}</pre>`;
        },
        hardBreak: () => "<br>",
        horizontalRule: () => "<hr>",
        image: ({ node }) => {
          const { src, alt, title, width, height } = node.attrs as Record<string, unknown>;
          if (!isBlogImageSrc(src)) return "";
          const w = whole(width);
          const h = whole(height);
          const srcset = w && h ? blogImageSrcSet(src, w) : undefined;
          return `<img${attrs({
            src,
            srcset: srcset ?? null,
            sizes: srcset ? BLOG_POST_IMAGE_SIZES : null,
            alt: typeof alt === "string" ? alt : "",
            title: typeof title === "string" && title ? title : null,
            width: w && h ? w : null,
            height: w && h ? h : null,
            loading: "lazy",
            decoding: "async",
          })}>`;
        },
        table: ({ children: c }) =>
          `<div${attrs({ class: "blog-table", role: "region", "aria-label": tableLabel, tabindex: "0" })}><table><tbody>${children(c)}</tbody></table></div>`,
        tableRow: ({ children: c }) => element("tr", {}, c),
        tableCell: ({ node, children: c }) => element("td", { colspan: span(node.attrs.colspan), rowspan: span(node.attrs.rowspan) }, c),
        tableHeader: ({ node, parent, children: c }) => {
          // A header row names columns; a header cell in a row of data cells names its row.
          let allHeaders = true;
          parent?.content.forEach((cell) => {
            if (cell.type.name !== "tableHeader") allHeaders = false;
          });
          return element("th", { colspan: span(node.attrs.colspan), rowspan: span(node.attrs.rowspan), scope: allHeaders ? "col" : "row" }, c);
        },
      },
      markMapping: {
        bold: ({ children: c }) => element("strong", {}, c),
        italic: ({ children: c }) => element("em", {}, c),
        strike: ({ children: c }) => element("s", {}, c),
        code: ({ children: c }) => element("code", {}, c),
        link: ({ mark, children: c }) => {
          const href = (mark.attrs as { href?: unknown }).href;
          const internal = typeof href === "string" ? isInternal(href, siteOrigin) : null;
          if (internal === null) return children(c);
          return element("a", { href, rel: internal ? null : EXTERNAL_LINK_REL }, c);
        },
      },
      // Never reached after the schema; kept so that no type the schema missed renders as markup.
      unhandledNode: () => "",
      unhandledMark: ({ children: c }) => children(c),
    },
  });
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The plain-text stand-in: the document's text in paragraphs, line breaks kept, all escaped. */
export function renderPlainText(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${p.split("\n").map(escapeText).join("<br>")}</p>`)
    .join("");
}

/** A post body (as stored) to the HTML a reader gets. Never throws for a bad document. */
export function renderBlogDocument(doc: unknown, opts: RenderOptions): string {
  const checked = blogDocumentSchema.safeParse(doc);
  if (checked.success) {
    try {
      return renderChecked(checked.data, opts);
    } catch (err) {
      opts.onInvalid?.(err);
    }
  } else opts.onInvalid?.(checked.error);
  return renderPlainText(blogDocumentText(doc));
}
