import {
  BLOG_DOCUMENT_LIMITS as LIMITS,
  isBlogImageSrc,
  normaliseHref,
  type BlogDocument,
  type BlogMark,
  type BlogNode,
} from "../../../common/blog/document";
import type { ValidationMessage } from "../../../common/validation/messages";
import { isWellFormedText } from "../../../common/validation/fields";
import { z } from "../../../common/validation/zod";

/**
 * The one gate a post body passes before it is stored: a Tiptap JSON document whose every node,
 * mark and attribute is on the allow-list (common/blog/document.ts), within bounds. What it
 * returns is the document rebuilt from what was allowed: attributes the renderer decides itself
 * (a link's rel and target) or never shows (a cell's width) are dropped, so what is stored is what
 * a reader can get. Messages are keys under blog.validation.content.
 */

const K = "blog.validation.content";

// C0 controls but tab, line feed and carriage return, and DEL: nothing a writer types, and NUL
// cannot even be stored in a PostgreSQL jsonb.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const textValue = z
  .string({ error: `${K}.invalid` })
  .min(1, `${K}.invalid`)
  .refine((v) => !CONTROL.test(v) && isWellFormedText(v), `${K}.text`);

/** A node or mark without attributes may still say `attrs: {}` (an API client's JSON). */
const noAttrs = z.strictObject({}, { error: `${K}.invalid` }).optional();

/** A whole number in a range, given as a number or as digits ("640" from pasted HTML). */
function wholeNumber(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,9}$/).transform(Number)], { error: `${K}.invalid` })
    .pipe(z.number().int(`${K}.invalid`).min(min, `${K}.invalid`).max(max, `${K}.invalid`));
}

// Marks -------------------------------------------------------------------------------------------

function plainMark<T extends "bold" | "italic" | "strike" | "code">(type: T) {
  return z.strictObject({ type: z.literal(type), attrs: noAttrs }, { error: `${K}.invalid` }).transform((): BlogMark => ({ type }));
}

const linkMark = z
  .strictObject(
    {
      type: z.literal("link"),
      attrs: z.strictObject(
        {
          href: z.string({ error: `${K}.linkHref` }).transform((v, ctx) => {
            const href = normaliseHref(v);
            if (href === null) {
              ctx.addIssue({ code: "custom", message: `${K}.linkHref` });
              return z.NEVER;
            }
            return href;
          }),
          // What the editor writes beside the address, decided again by the renderer: kept out.
          target: z.union([z.null(), z.literal("_blank")]).optional(),
          rel: z.string().max(100).regex(/^[a-z ]*$/).nullable().optional(),
          class: z.null().optional(),
          title: z.string().max(300).nullable().optional(),
        },
        { error: `${K}.invalid` },
      ),
    },
    { error: `${K}.invalid` },
  )
  .transform((m): BlogMark => ({ type: "link", attrs: { href: m.attrs.href } }));

const mark = z.discriminatedUnion("type", [plainMark("bold"), plainMark("italic"), plainMark("strike"), plainMark("code"), linkMark], {
  error: `${K}.unknownMark`,
});

const marks = z
  .array(mark, { error: `${K}.invalid` })
  .max(5, `${K}.invalid`)
  .refine((list) => new Set(list.map((m) => m.type)).size === list.length, `${K}.invalid`);

/** Marks, left out when there are none. */
function withMarks(node: BlogNode, list: BlogMark[] | undefined): BlogNode {
  return list && list.length ? { ...node, marks: list } : node;
}

/** Children, left out when there are none (an empty paragraph is `{ type: "paragraph" }`). */
function withContent(node: BlogNode, content: BlogNode[] | undefined): BlogNode {
  return content && content.length ? { ...node, content } : node;
}

// Inline nodes ------------------------------------------------------------------------------------

const textNode = z
  .strictObject({ type: z.literal("text"), text: textValue, marks: marks.optional() }, { error: `${K}.invalid` })
  .transform((n) => withMarks({ type: "text", text: n.text }, n.marks));

const hardBreak = z
  .strictObject({ type: z.literal("hardBreak"), attrs: noAttrs, marks: marks.optional() }, { error: `${K}.invalid` })
  .transform((n) => withMarks({ type: "hardBreak" }, n.marks));

const inlineNode = z.discriminatedUnion("type", [textNode, hardBreak], { error: `${K}.unknownNode` });
const inlineContent = z.array(inlineNode, { error: `${K}.invalid` }).optional();

// Block nodes -------------------------------------------------------------------------------------

// Blocks hold blocks (a quote, a list item, a table cell): the union is read when parsing starts.
const blockNode: z.ZodType<BlogNode> = z.lazy(() => blockUnion);
const blocks = (min: number) => z.array(blockNode, { error: `${K}.invalid` }).min(min, `${K}.invalid`);

const paragraph = z
  .strictObject({ type: z.literal("paragraph"), attrs: noAttrs, content: inlineContent }, { error: `${K}.invalid` })
  .transform((n) => withContent({ type: "paragraph" }, n.content));

const heading = z
  .strictObject(
    {
      type: z.literal("heading"),
      attrs: z.strictObject({ level: z.union([z.literal(2), z.literal(3), z.literal(4)], { error: `${K}.headingLevel` }) }, { error: `${K}.headingLevel` }),
      content: inlineContent,
    },
    { error: `${K}.invalid` },
  )
  .transform((n) => withContent({ type: "heading", attrs: { level: n.attrs.level } }, n.content));

const codeText = z
  .strictObject({ type: z.literal("text"), text: textValue }, { error: `${K}.invalid` })
  .transform((n): BlogNode => ({ type: "text", text: n.text }));

const codeBlock = z
  .strictObject(
    {
      type: z.literal("codeBlock"),
      attrs: z
        .strictObject({ language: z.string().regex(/^[a-z0-9][a-z0-9+#._-]{0,19}$/i, `${K}.invalid`).nullable().optional() }, { error: `${K}.invalid` })
        .optional(),
      content: z.array(codeText, { error: `${K}.invalid` }).optional(),
    },
    { error: `${K}.invalid` },
  )
  .transform((n) => {
    const language = n.attrs?.language?.toLowerCase();
    return withContent(language ? { type: "codeBlock", attrs: { language } } : { type: "codeBlock" }, n.content);
  });

const blockquote = z
  .strictObject({ type: z.literal("blockquote"), attrs: noAttrs, content: blocks(1) }, { error: `${K}.invalid` })
  .transform((n): BlogNode => ({ type: "blockquote", content: n.content }));

// A list item starts with a paragraph (ProseMirror's "paragraph block*").
const listItem = z
  .strictObject(
    {
      type: z.literal("listItem", { error: `${K}.invalid` }),
      attrs: noAttrs,
      content: blocks(1).refine((list) => list[0]?.type === "paragraph", `${K}.invalid`),
    },
    { error: `${K}.invalid` },
  )
  .transform((n): BlogNode => ({ type: "listItem", content: n.content }));
const listItems = z.array(listItem, { error: `${K}.invalid` }).min(1, `${K}.invalid`);

const bulletList = z
  .strictObject({ type: z.literal("bulletList"), attrs: noAttrs, content: listItems }, { error: `${K}.invalid` })
  .transform((n): BlogNode => ({ type: "bulletList", content: n.content }));

const orderedList = z
  .strictObject(
    {
      type: z.literal("orderedList"),
      attrs: z
        .strictObject(
          {
            start: wholeNumber(0, 1_000_000).optional(),
            type: z.union([z.null(), z.enum(["1", "a", "A", "i", "I"])], { error: `${K}.invalid` }).optional(),
          },
          { error: `${K}.invalid` },
        )
        .optional(),
      content: listItems,
    },
    { error: `${K}.invalid` },
  )
  .transform((n): BlogNode => {
    const attrs: Record<string, unknown> = {};
    if (n.attrs?.start !== undefined && n.attrs.start !== 1) attrs.start = n.attrs.start;
    if (n.attrs?.type) attrs.type = n.attrs.type;
    return Object.keys(attrs).length ? { type: "orderedList", attrs, content: n.content } : { type: "orderedList", content: n.content };
  });

const horizontalRule = z
  .strictObject({ type: z.literal("horizontalRule"), attrs: noAttrs }, { error: `${K}.invalid` })
  .transform((): BlogNode => ({ type: "horizontalRule" }));

const optionalText = (max: number) => z.string({ error: `${K}.invalid` }).max(max, `${K}.invalid`).nullable().optional();

const image = z
  .strictObject(
    {
      type: z.literal("image"),
      attrs: z.strictObject(
        {
          src: z.unknown().refine(isBlogImageSrc, `${K}.imageSrc`),
          alt: z
            .string({ error: `${K}.imageAlt` })
            .trim()
            .min(1, `${K}.imageAlt`)
            .max(LIMITS.maxAltLength, `${K}.imageAlt`)
            .refine((v) => !CONTROL.test(v) && isWellFormedText(v), `${K}.text`),
          title: optionalText(LIMITS.maxAltLength),
          width: wholeNumber(1, LIMITS.maxImageSide).nullable().optional(),
          height: wholeNumber(1, LIMITS.maxImageSide).nullable().optional(),
        },
        { error: `${K}.imageSrc` },
      ),
    },
    { error: `${K}.invalid` },
  )
  .transform((n): BlogNode => {
    const attrs: Record<string, unknown> = { src: n.attrs.src, alt: n.attrs.alt };
    if (n.attrs.title) attrs.title = n.attrs.title;
    // Both sides or neither: one alone would stretch the picture.
    if (n.attrs.width && n.attrs.height) {
      attrs.width = n.attrs.width;
      attrs.height = n.attrs.height;
    }
    return { type: "image", attrs };
  });

const cellAttrs = z
  .strictObject(
    {
      colspan: wholeNumber(1, LIMITS.maxSpan).optional(),
      rowspan: wholeNumber(1, LIMITS.maxSpan).optional(),
      // Widths from a resized or pasted table, and an alignment the editor never sets: accepted,
      // not kept (the reader's table takes the width of its page).
      colwidth: z.array(wholeNumber(1, LIMITS.maxImageSide)).max(LIMITS.maxSpan).nullable().optional(),
      align: z.null().optional(),
    },
    { error: `${K}.invalid` },
  )
  .optional();

function cell<T extends "tableCell" | "tableHeader">(type: T) {
  return z
    .strictObject({ type: z.literal(type), attrs: cellAttrs, content: blocks(1) }, { error: `${K}.invalid` })
    .transform((n): BlogNode => {
      const attrs: Record<string, unknown> = {};
      if (n.attrs?.colspan && n.attrs.colspan > 1) attrs.colspan = n.attrs.colspan;
      if (n.attrs?.rowspan && n.attrs.rowspan > 1) attrs.rowspan = n.attrs.rowspan;
      return Object.keys(attrs).length ? { type, attrs, content: n.content } : { type, content: n.content };
    });
}

const tableRow = z
  .strictObject(
    {
      type: z.literal("tableRow", { error: `${K}.invalid` }),
      attrs: noAttrs,
      content: z
        .array(z.discriminatedUnion("type", [cell("tableCell"), cell("tableHeader")], { error: `${K}.invalid` }), { error: `${K}.invalid` })
        .min(1, `${K}.invalid`),
    },
    { error: `${K}.invalid` },
  )
  .transform((n): BlogNode => ({ type: "tableRow", content: n.content }));

const table = z
  .strictObject({ type: z.literal("table"), attrs: noAttrs, content: z.array(tableRow, { error: `${K}.invalid` }).min(1, `${K}.invalid`) }, { error: `${K}.invalid` })
  .transform((n): BlogNode => ({ type: "table", content: n.content }));

const blockUnion = z.discriminatedUnion(
  "type",
  [paragraph, heading, codeBlock, blockquote, bulletList, orderedList, horizontalRule, image, table],
  { error: `${K}.unknownNode` },
);

// The bounds, walked without recursion before the schema recurses --------------------------------

type Bound = { key: "tooDeep" | "tooManyNodes" | "tooLong"; max: number };

/**
 * The first bound a document breaks, or null. Walked with a stack of its own, so a hostile
 * document nested a million levels deep costs a loop, never the call stack; the count is checked
 * as children are queued, so a million-element array is refused before it is walked.
 */
export function exceededBound(value: unknown): Bound | null {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let nodes = 0;
  let text = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > LIMITS.maxDepth) return { key: "tooDeep", max: LIMITS.maxDepth };
    nodes++;
    if (node === null || typeof node !== "object" || Array.isArray(node)) continue;
    const value = (node as { text?: unknown }).text;
    if (typeof value === "string") {
      text += value.length;
      if (text > LIMITS.maxTextLength) return { key: "tooLong", max: LIMITS.maxTextLength };
    }
    const content = (node as { content?: unknown }).content;
    if (Array.isArray(content)) {
      if (nodes + stack.length + content.length > LIMITS.maxNodes) return { key: "tooManyNodes", max: LIMITS.maxNodes };
      for (const child of content) stack.push([child, depth + 1]);
    }
  }
  return null;
}

const withinBounds = z.unknown().superRefine((value, ctx) => {
  const bound = exceededBound(value);
  if (bound) ctx.addIssue({ code: "too_big", origin: "array", maximum: bound.max, inclusive: true, message: `${K}.${bound.key}`, input: value });
});

const docNode = z
  .strictObject({ type: z.literal("doc", { error: `${K}.invalid` }), attrs: noAttrs, content: blocks(1) }, { error: `${K}.invalid` })
  .transform((n): BlogDocument => ({ type: "doc", content: n.content }));

/**
 * A post body as the editor or an API client sends it (already parsed JSON), checked and rebuilt
 * from the allow-list. It may be empty (one empty paragraph): a draft may be.
 */
export const blogDocumentSchema: z.ZodType<BlogDocument> = withinBounds.pipe(docNode);

/** True when a document has something to read: text that is not blank, or a picture. */
export function hasBlogContent(doc: BlogDocument): boolean {
  const stack: BlogNode[] = [...doc.content];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "image" || (node.type === "text" && node.text?.trim())) return true;
    if (node.content) stack.push(...node.content);
  }
  return false;
}

/** A post body that must say something (a post to publish). */
export const requiredBlogDocumentSchema: z.ZodType<BlogDocument> = blogDocumentSchema.refine(hasBlogContent, `${K}.required`);

/** A post body as the form's hidden field carries it: JSON text, bounded before it is parsed. */
export function blogDocumentJsonSchema(opts: { required: boolean }): z.ZodType<BlogDocument, unknown> {
  return z
    .string({ error: `${K}.required` })
    .max(LIMITS.maxJsonLength, `${K}.tooLarge`)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `${K}.invalid` });
        return z.NEVER;
      }
    })
    .pipe(opts.required ? requiredBlogDocumentSchema : blogDocumentSchema);
}

/**
 * Checks a post body for one form field: the document, or the first problem as the field's
 * message (where inside the document it lies means nothing to the writer).
 */
export function checkBlogDocument(
  value: unknown,
  opts: { required: boolean; json?: boolean },
): { success: true; data: BlogDocument } | { success: false; error: ValidationMessage } {
  const schema = opts.json ? blogDocumentJsonSchema(opts) : opts.required ? requiredBlogDocumentSchema : blogDocumentSchema;
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues[0]!;
  const known = issue.message.startsWith(`${K}.`);
  const params = issue.code === "too_big" ? { max: Number(issue.maximum) } : undefined;
  return { success: false, error: { key: (known ? issue.message : `${K}.invalid`) as ValidationMessage["key"], ...(params ? { params } : {}) } };
}
