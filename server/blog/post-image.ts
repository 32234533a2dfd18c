import type { Readable } from "node:stream";
import { BLOG_DOCUMENT_LIMITS } from "../../common/blog/document";
import { BLOG_IMAGE_WIDTHS, BLOG_POST_IMAGE } from "../../common/blog/posts";
import type { BlogPostImage } from "../../common/blog/posts";
import type { AppContext } from "../core/app-context";
import { receiveImageForm, removeStoredImage, storeImage, type ImageForm, type ImageKind, type ImageStoreContext, type PartialFields } from "../platform/images";

/**
 * A post's pictures (its cover and those in its body): fitted into BLOG_POST_IMAGE's box,
 * re-encoded as WebP under uploads/blog-images by the shared pipeline (server/platform/images.ts),
 * served at /media/blog-images/. Every stored picture has the box's size.
 */
export const BLOG_IMAGE_KIND: ImageKind = {
  variants: BLOG_IMAGE_WIDTHS,
  folder: "blog-images",
  width: BLOG_POST_IMAGE.width,
  height: BLOG_POST_IMAGE.height,
  maxBytes: BLOG_POST_IMAGE.maxMb * 1024 * 1024,
  messages: {
    type: "blog.validation.image.type",
    size: "blog.validation.image.size",
    single: "blog.validation.image.single",
    unreadable: "blog.validation.image.unreadable",
  },
};

/** What happens to a post's cover on save: kept, replaced by a newly stored picture, or removed. */
export type BlogImageChange = { kind: "keep" } | { kind: "new"; image: BlogPostImage } | { kind: "remove" };

/** Reads a multipart form with at most one picture in BLOG_POST_IMAGE.field (PNG, JPEG or WebP by content). */
export function receiveBlogImageForm(
  app: AppContext,
  opts: { headers: Record<string, string | undefined>; body: Readable; partial?: PartialFields; verifyFields?: (fields: Record<string, string>) => void },
): Promise<ImageForm> {
  return receiveImageForm(app, {
    ...opts,
    kind: BLOG_IMAGE_KIND,
    fileField: BLOG_POST_IMAGE.field,
    maxFiles: 1,
    maxTotalBytes: 2 * BLOG_IMAGE_KIND.maxBytes,
    // The body's JSON (BLOG_DOCUMENT_LIMITS.maxJsonLength characters, up to 4 bytes each in UTF-8).
    maxFieldBytes: 4 * BLOG_DOCUMENT_LIMITS.maxJsonLength,
  });
}

/** Decodes an uploaded picture and stores it re-encoded: its stored name and size (415 with the picture's message otherwise). */
export async function storeBlogImage(app: ImageStoreContext, tempPath: string): Promise<BlogPostImage> {
  const name = await storeImage(app, BLOG_IMAGE_KIND, tempPath, BLOG_POST_IMAGE.field);
  return { name, width: BLOG_IMAGE_KIND.width, height: BLOG_IMAGE_KIND.height };
}

export function removeBlogImage(app: ImageStoreContext, name: string | null | undefined): Promise<void> {
  return removeStoredImage(app, BLOG_IMAGE_KIND, name);
}
