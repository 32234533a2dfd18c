import { BLOG_DOCUMENT_LIMITS as LIMITS, type BlogDocument, type BlogNode } from "../../../common/blog/document";
import type { ValidationMessage } from "../../../common/validation/messages";
import { z } from "../../../common/validation/zod";
import { blocks, K, noAttrs } from "./nodes";

/**
 * The one gate a post body passes before it is stored: a Tiptap JSON document whose every node,
 * mark and attribute is on the allow-list (common/blog/document.ts), within bounds. What it
 * returns is the document rebuilt from what was allowed: attributes the renderer decides itself
 * (a link's rel and target) or never shows (a cell's width) are dropped, so what is stored is what
 * a reader can get. Messages are keys under blog.validation.content.
 */

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
