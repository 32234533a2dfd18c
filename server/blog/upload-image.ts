import type { Readable } from "node:stream";
import { BLOG_BODY_IMAGE, BLOG_IMAGE_WIDTHS, blogImagePath } from "../../common/blog/posts";
import { requireAdmin, requireCorporate, type Actor } from "../accounts";
import type { AppContext, SessionUser } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { receiveImageForm, storeSizedImage, type ImageKind } from "../platform/images";
import { refuseDeclaredOver } from "../platform/receive-upload";
import { consumeLimit } from "../security/rate-limit";
import { getManagedBlogPost, managedCompany } from "./manage-posts";
import { BLOG_IMAGE_KIND } from "./post-image";

/** Pictures inside a post's text: the cover's folder and messages, their own proportions within 1600×1600. */
export const BLOG_BODY_IMAGE_KIND: ImageKind = {
  variants: BLOG_IMAGE_WIDTHS,
  ...BLOG_IMAGE_KIND,
  width: BLOG_BODY_IMAGE.maxWidth,
  height: BLOG_BODY_IMAGE.maxHeight,
  maxBytes: BLOG_BODY_IMAGE.maxMb * 1024 * 1024,
  fit: "inside",
};

/** Picture uploads per account: decoding costs CPU; a post with many pictures still fits in an hour. */
export const BLOG_IMAGE_UPLOAD_LIMIT = { name: "blog-image-upload", points: 60, durationSeconds: 3600 };

/**
 * Who may put a picture in which post: a post the caller manages (`post`), a new post of one of
 * their companies (`company`), or a new post of the site (neither: administrators only). A post
 * and a company together must agree. Another owner's post or company answers as no such one: 404.
 */
async function checkOwner(app: AppContext, actor: Actor, target: { post?: unknown; company?: unknown }): Promise<SessionUser> {
  const user = requireCorporate(actor);
  if (target.post !== undefined) {
    const post = await getManagedBlogPost(app, { actor, id: target.post });
    if (target.company !== undefined && String(post.company?.id ?? "") !== target.company) throw new AppError("E_NOT_FOUND", "blog.errors.notFound");
    return user;
  }
  if (target.company !== undefined) {
    await managedCompany(app, user, target.company);
    return user;
  }
  return requireAdmin(actor);
}

/**
 * The editor's image button: one PNG, JPEG or WebP (judged by its content) in the multipart field
 * BLOG_BODY_IMAGE.field, re-encoded as WebP within 1600×1600 in its own proportions under
 * uploads/blog-images. Its address and stored size go into the post's body; the post itself is
 * not changed here. A declared length over the limit, the owner and the rate limit are checked
 * before a byte of the body is read.
 */
export async function uploadBlogBodyImage(
  app: AppContext,
  opts: { actor: Actor; target: { post?: unknown; company?: unknown }; headers: Record<string, string | undefined>; body: Readable },
): Promise<{ src: string; width: number; height: number }> {
  refuseDeclaredOver(opts.headers, BLOG_BODY_IMAGE_KIND.maxBytes);
  const user = await checkOwner(app, opts.actor, opts.target);
  await consumeLimit(app.limits, BLOG_IMAGE_UPLOAD_LIMIT, `user:${user.id}`);
  const form = await receiveImageForm(app, { headers: opts.headers, body: opts.body, kind: BLOG_BODY_IMAGE_KIND, fileField: BLOG_BODY_IMAGE.field, maxFields: 5 });
  try {
    const tempPath = form.files.get(BLOG_BODY_IMAGE.field);
    if (!tempPath) throw new AppError("E_VALIDATION", "blog.validation.image.required", { fieldErrors: { [BLOG_BODY_IMAGE.field]: { key: "blog.validation.image.required" } } });
    const stored = await storeSizedImage(app, BLOG_BODY_IMAGE_KIND, tempPath, BLOG_BODY_IMAGE.field);
    return { src: blogImagePath(stored.name), width: stored.width, height: stored.height };
  } finally {
    await form.discard();
  }
}
