import { and, eq } from "drizzle-orm";
import type { BlogPostImage } from "../../common/blog/posts";
import type { AppContext } from "../core/app-context";
import { requireCorporate, type Actor } from "../accounts";
import { AppError, isAppError } from "../platform/app-error";
import type { ImageStoreContext } from "../platform/images";
import { blogTitleSlug } from "../../common/blog/post-url";
import { managedBy, parseBlogPostId, postNotFound } from "./get-post";
import { removeBlogImage, type BlogImageChange } from "./post-image";
import { blogPosts } from "./schema";
import { categoryUrlOf, postUrl } from "./visible-posts";
import { managedCompany } from "./manage-posts";
import { checkPostInput, forgetPublicCopies, isUniqueViolation, linkTwin, postColumns } from "./write-post";

// Writing a post from the dashboard: a new one (a draft) and the changes of an existing one, with
// the owner check of manage-posts.ts.

/** An unexpected failure of a save is the spec's "unknown add / update error" (the cause is logged). */
function unknownError(err: unknown, key: "blog.errors.addFailed" | "blog.errors.updateFailed"): unknown {
  if (isAppError(err)) return err;
  if (isUniqueViolation(err)) return new AppError("E_VALIDATION", "blog.errors.twinTaken", { fieldErrors: { twinId: { key: "blog.errors.twinTaken" } } });
  return new AppError("E_INTERNAL", key, { cause: err });
}

/**
 * A new post, as a draft: of a company the user manages (`companyId`), or of the site (null:
 * administrators only). `image`: a picture the caller has already stored (storeBlogImage); the
 * caller removes it if this fails.
 */
export async function createBlogPost(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; companyId: unknown; input: unknown; image?: BlogPostImage | null },
): Promise<{ id: number; url: string; categoryUrl: string }> {
  const user = requireCorporate(opts.actor);
  let companyId: number | null = null;
  if (opts.companyId === null || opts.companyId === undefined) {
    if (!user.isAdmin) throw new AppError("E_FORBIDDEN", "blog.errors.siteAdminOnly");
  } else companyId = (await managedCompany(app, user, opts.companyId)).id;
  const checked = checkPostInput(opts.input, { contentRequired: false });
  const slug = blogTitleSlug(checked.input.title);
  try {
    return await app.db.transaction(async (tx) => {
      const image = opts.image ?? null;
      const [row] = await tx
        .insert(blogPosts)
        .values({
          ...postColumns(checked),
          slug,
          authorId: user.id,
          companyId,
          state: "draft",
          image: image?.name ?? null,
          imageWidth: image?.width ?? null,
          imageHeight: image?.height ?? null,
        })
        .returning({ id: blogPosts.id });
      const id = row!.id;
      await linkTwin(tx, user, { id, language: checked.input.language, companyId, twinId: null }, checked.input.twinId);
      return { id, url: postUrl(slug, id), categoryUrl: categoryUrlOf(checked.input.categoryId) };
    });
  } catch (err) {
    throw unknownError(err, "blog.errors.addFailed");
  }
}

/**
 * Replaces a post's fields (the user manages it), in any state. Until the post is first
 * published its url follows the title; after that it stays, so links keep working. A post that
 * is or will be public must keep a body. The cover follows `image` (kept when not given: the
 * JSON API never changes it); a replaced or removed picture is deleted once the change is
 * committed, a new one stays the caller's to remove on failure.
 */
export async function updateBlogPost(
  app: Pick<AppContext, "db" | "pageCache" | "guestPages"> & ImageStoreContext,
  opts: { actor: Actor; id: unknown; input: unknown; image?: BlogImageChange },
): Promise<{ id: number; url: string; categoryUrl: string }> {
  const user = requireCorporate(opts.actor);
  const id = parseBlogPostId(opts.id);
  if (id === null) throw postNotFound();
  const change = opts.image ?? { kind: "keep" };
  let result: { id: number; url: string; categoryUrl: string; replaced: string | null; public: boolean };
  try {
    result = await app.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: blogPosts.id, state: blogPosts.state, slug: blogPosts.slug, publishedAt: blogPosts.publishedAt, companyId: blogPosts.companyId, twinId: blogPosts.twinId, image: blogPosts.image })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), managedBy(user)))
        .for("update")
        .limit(1);
      if (!current) throw postNotFound();
      const willBePublic = current.state === "published" || current.state === "scheduled";
      const checked = checkPostInput(opts.input, { contentRequired: willBePublic });
      const slug = current.publishedAt === null && current.state === "draft" ? blogTitleSlug(checked.input.title) : current.slug;
      const image = change.kind === "keep" ? undefined : change.kind === "new" ? change.image : null;
      await tx
        .update(blogPosts)
        .set({
          ...postColumns(checked),
          slug,
          updatedAt: new Date(),
          ...(image === undefined ? {} : { image: image?.name ?? null, imageWidth: image?.width ?? null, imageHeight: image?.height ?? null }),
        })
        .where(eq(blogPosts.id, id));
      await linkTwin(tx, user, { id, language: checked.input.language, companyId: current.companyId, twinId: current.twinId }, checked.input.twinId);
      return {
        id,
        url: postUrl(slug, id),
        categoryUrl: categoryUrlOf(checked.input.categoryId),
        replaced: image === undefined || current.image === image?.name ? null : current.image,
        public: willBePublic,
      };
    });
  } catch (err) {
    throw unknownError(err, "blog.errors.updateFailed");
  }
  if (result.replaced) await removeBlogImage(app, result.replaced);
  if (result.public) forgetPublicCopies(app);
  return { id: result.id, url: result.url, categoryUrl: result.categoryUrl };
}
