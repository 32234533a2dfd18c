import { and, eq } from "drizzle-orm";
import type { BlogLanguage } from "../../common/blog/posts";
import { blogPostInputSchema, type BlogPostInput } from "../../common/forms/blog";
import type { SessionUser } from "../core/app-context";
import type { AppContext, Transaction } from "../core/app-context";
import { toValidationErrors } from "../../common/validation/messages";
import { AppError, type FieldErrors } from "../platform/app-error";
import type { BlogDocument } from "../../common/blog/document";
import { blogDocumentText, readingMinutes } from "../../common/blog/document-text";
import { checkBlogDocument } from "./content/schema";
import { managedBy } from "./get-post";
import { blogPosts } from "./schema";

/** A post's form, checked: its fields, its body and what is derived from them. */
export interface CheckedPost {
  input: BlogPostInput;
  content: BlogDocument;
  contentText: string;
  readingMinutes: number;
}

/**
 * Checks a post's form: the fields with the shared schema, then the body with the content schema
 * (required for a post that is or will be public). Every problem is E_VALIDATION on its field.
 */
export function checkPostInput(raw: unknown, opts: { contentRequired: boolean }): CheckedPost {
  const parsed = blogPostInputSchema.safeParse(raw);
  if (!parsed.success) {
    // A tag's problem is the tags field's (one text box); a FAQ entry's stays on its own field.
    const fieldErrors: FieldErrors = {};
    for (const [field, message] of Object.entries(toValidationErrors(parsed.error))) {
      const key = /^tags\.\d+$/.test(field) ? "tags" : field;
      fieldErrors[key] ??= message;
    }
    throw new AppError("E_VALIDATION", Object.values(fieldErrors)[0]!, { fieldErrors });
  }
  const input = parsed.data;
  const checked = checkBlogDocument(input.content, { required: opts.contentRequired });
  if (!checked.success) throw new AppError("E_VALIDATION", checked.error, { fieldErrors: { content: checked.error } });
  const contentText = blogDocumentText(checked.data);
  return { input, content: checked.data, contentText, readingMinutes: readingMinutes(contentText) };
}

/** The stored columns of a checked form (slug, state and picture are the caller's). */
export function postColumns(p: CheckedPost) {
  const { input } = p;
  return {
    categoryId: input.categoryId,
    language: input.language,
    title: input.title,
    subtitle: input.subtitle,
    tags: input.tags,
    content: p.content,
    contentText: p.contentText,
    readingMinutes: p.readingMinutes,
    faq: input.faq,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
  };
}

const twinError = (key: "blog.validation.twin" | "blog.errors.twinLanguage" | "blog.errors.twinOwner" | "blog.errors.twinTaken") =>
  new AppError("E_VALIDATION", key, { fieldErrors: { twinId: { key } } });

/**
 * Links a post to its translation, both ways, and unlinks the one it had: the twin must be a
 * post the user manages (so another owner's post is "not valid", as a forged id), in the other
 * language, of the same company (or both the site's), without a translation of its own.
 */
export async function linkTwin(
  tx: Transaction,
  user: Pick<SessionUser, "id" | "isAdmin">,
  post: { id: number; language: BlogLanguage; companyId: number | null; twinId: number | null },
  twinId: number | null,
): Promise<void> {
  if (twinId !== null) {
    if (twinId === post.id) throw twinError("blog.validation.twin");
    const [twin] = await tx
      .select({ id: blogPosts.id, language: blogPosts.language, companyId: blogPosts.companyId, twinId: blogPosts.twinId })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, twinId), managedBy(user)))
      .for("update")
      .limit(1);
    if (!twin) throw twinError("blog.validation.twin");
    if (twin.language === post.language) throw twinError("blog.errors.twinLanguage");
    if (twin.companyId !== post.companyId) throw twinError("blog.errors.twinOwner");
    if (twin.twinId !== null && twin.twinId !== post.id) throw twinError("blog.errors.twinTaken");
  }
  if (post.twinId !== null && post.twinId !== twinId) {
    await tx.update(blogPosts).set({ twinId: null }).where(and(eq(blogPosts.id, post.twinId), eq(blogPosts.twinId, post.id)));
  }
  await tx.update(blogPosts).set({ twinId }).where(eq(blogPosts.id, post.id));
  if (twinId !== null) await tx.update(blogPosts).set({ twinId: post.id }).where(eq(blogPosts.id, twinId));
}

/**
 * The guest pages and kept lists (decisions 016, 018) show a change to what readers see at once:
 * a publication, a public post's edit, a post taken down.
 */
export function forgetPublicCopies(app: Pick<AppContext, "pageCache" | "guestPages">): void {
  app.pageCache.clear();
  app.guestPages?.clear();
}

/** Postgres' unique violation (a twin taken by a concurrent save). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
