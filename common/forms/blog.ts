import { BLOG_COMMENT_BOUNDS, BLOG_LANGUAGES, BLOG_POST_BOUNDS, BLOG_POST_STATES } from "../blog/posts";
import { blogCategories } from "../blog-categories";
import { dropInvisibleFormat, emailField, hasInvisibleFormat, isWellFormedText, nameField, textField } from "../validation/fields";
import { z } from "../validation/zod";

/**
 * The blog's forms as the dashboard, the post page and the API send them: a post's fields (its
 * body, a Tiptap document, is checked by the server's content schema, and its picture by the
 * upload), a comment, and a post's state change. Messages are keys under blog.validation.
 */

const EMPTY = new Set<unknown>(["", null, undefined]);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** An optional free text: empty becomes null; control characters and broken text are refused. */
function optionalText(max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? (dropInvisibleFormat(v).trim() === "" ? null : dropInvisibleFormat(v)) : v ?? null),
    z
      .string({ error: "blog.validation.text" })
      .trim()
      .max(max, "blog.validation.textMax")
      .refine((v) => !CONTROL.test(v) && isWellFormedText(v), "blog.validation.text")
      .nullable(),
  );
}

/** A positive id as a number or its digits (a form's select); anything else is refused. */
function idField(key: "blog.validation.category" | "blog.validation.twin" | "blog.validation.parent") {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: key }).int(key).min(1, key).max(2_147_483_647, key),
  );
}

function optionalId(key: "blog.validation.twin" | "blog.validation.parent") {
  return z.preprocess((v) => (EMPTY.has(v) ? null : v), idField(key).nullable());
}

/** Tags: a list, or one comma-separated text; trimmed, the same tag (folded case) once. */
const tagsField = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v ?? []),
  z
    .array(
      z
        .string({ error: "blog.validation.tag" })
        .trim()
        .min(BLOG_POST_BOUNDS.tag.min, "blog.validation.tag")
        .max(BLOG_POST_BOUNDS.tag.max, "blog.validation.tag")
        .refine((v) => isWellFormedText(v) && !/[<>,\p{Cc}]/u.test(v), "blog.validation.tag")
        .refine((v) => !hasInvisibleFormat(v), "validation.invisibleFormat"),
      { error: "blog.validation.tag" },
    )
    .max(BLOG_POST_BOUNDS.maxTags, "blog.validation.tagsMax")
    .transform((tags) => {
      const seen = new Set<string>();
      return tags.filter((t) => {
        const key = t.toLocaleLowerCase("tr-TR");
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
);

/** The FAQ entries: question and answer each, at most BLOG_POST_BOUNDS.maxFaq. */
const faqField = z.preprocess(
  (v) => v ?? [],
  z
    .array(
      z.object(
        {
          question: textField("blog.validation.faqQuestion", BLOG_POST_BOUNDS.faqQuestion),
          answer: textField("blog.validation.faqAnswer", BLOG_POST_BOUNDS.faqAnswer),
        },
        { error: "blog.validation.faq" },
      ),
      { error: "blog.validation.faq" },
    )
    .max(BLOG_POST_BOUNDS.maxFaq, "blog.validation.faqMax"),
);

const categoryField = idField("blog.validation.category").refine((id) => blogCategories.some((c) => c.id === id), "blog.validation.category");

/**
 * A post's fields but its body and picture: category (1–9), language, the twin in the other
 * language (optional), title, subtitle, tags, FAQ entries and the meta texts. `content` is passed
 * through for the server's content schema.
 */
export const blogPostInputSchema = z.object({
  categoryId: categoryField,
  language: z.enum(BLOG_LANGUAGES, { error: "blog.validation.language" }),
  twinId: optionalId("blog.validation.twin"),
  title: nameField("blog.validation.title", BLOG_POST_BOUNDS.title),
  subtitle: optionalText(BLOG_POST_BOUNDS.subtitle.max),
  tags: tagsField,
  faq: faqField,
  metaTitle: optionalText(BLOG_POST_BOUNDS.metaTitle.max),
  metaDescription: optionalText(BLOG_POST_BOUNDS.metaDescription.max),
  content: z.unknown(),
});
export type BlogPostInput = z.output<typeof blogPostInputSchema>;

/** A comment or a reply (spec §3: name, mail, comment; §5: required, bounds). */
export const blogCommentSchema = z.object({
  name: nameField("blog.validation.comment.name", BLOG_COMMENT_BOUNDS.name),
  email: emailField(BLOG_COMMENT_BOUNDS.email, "blog.validation.comment.email"),
  body: textField("blog.validation.comment.body", BLOG_COMMENT_BOUNDS.body),
  /** The comment this one answers (a reply); absent for a new comment. */
  parentId: optionalId("blog.validation.parent"),
});
export type BlogCommentInput = z.input<typeof blogCommentSchema>;

/** Turkey's offset from UTC (no daylight saving time since 2016): a time typed without one is Turkey's. */
const TURKEY_OFFSET = "+03:00";
const ISO_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A post's state change: to a draft, scheduled for `publishAt` (an ISO time; without an offset,
 * as a datetime-local field sends it, the time in Turkey), published now, or unpublished.
 */
export const blogStateChangeSchema = z.object({
  state: z.enum(BLOG_POST_STATES, { error: "blog.validation.state" }),
  publishAt: z.preprocess(
    (v) => (EMPTY.has(v) ? null : v),
    z
      .string({ error: "blog.validation.publishAt" })
      .max(40, "blog.validation.publishAt")
      .transform((v, ctx) => {
        const m = ISO_TIME.exec(v.trim());
        const time = m ? Date.parse(`${m[1]}${m[2] ?? TURKEY_OFFSET}`) : Number.NaN;
        if (Number.isNaN(time)) {
          ctx.addIssue({ code: "custom", message: "blog.validation.publishAt" });
          return z.NEVER;
        }
        return new Date(time);
      })
      .nullable(),
  ),
});
export type BlogStateChange = z.output<typeof blogStateChangeSchema>;
