import type { Readable } from "node:stream";
import { PACKAGE_IMAGE } from "../../common/packages";
import type { AppContext } from "../core/app-context";
import { copyStoredImage, receiveImageForm, removeStoredImage, storeImage, type ImageForm, type ImageKind, type ImageStoreContext, type PartialFields } from "../platform/images";

/** Package images: fitted into 640×480, under uploads/package-images (the shared pipeline of server/platform/images.ts). */
export const PACKAGE_IMAGE_KIND: ImageKind = {
  folder: "package-images",
  width: PACKAGE_IMAGE.width,
  height: PACKAGE_IMAGE.height,
  maxBytes: PACKAGE_IMAGE.maxMb * 1024 * 1024,
  messages: {
    type: "packages.validation.image.type",
    size: "packages.validation.image.size",
    single: "packages.validation.image.single",
    unreadable: "packages.validation.image.unreadable",
  },
};

/** What happens to a package's image on save: kept, replaced by a newly stored file, or removed. */
export type PackageImageChange = { kind: "keep" } | { kind: "new"; name: string } | { kind: "remove" };

/**
 * Reads the dashboard's multipart package form: its text fields and at most one image (PNG,
 * JPEG or WebP by content, at most 5 MB). A body up to twice the image's limit is read, so a
 * file somewhat over it is refused at its own limit with the form's values already received
 * (`partial`), and the page can give them back.
 */
export function receivePackageForm(
  app: AppContext,
  opts: { headers: Record<string, string | undefined>; body: Readable; partial?: PartialFields; verifyFields?: (fields: Record<string, string>) => void },
): Promise<ImageForm> {
  return receiveImageForm(app, {
    ...opts,
    kind: PACKAGE_IMAGE_KIND,
    fileField: PACKAGE_IMAGE.field,
    maxFiles: 1,
    maxTotalBytes: 2 * PACKAGE_IMAGE_KIND.maxBytes,
  });
}

/** Decodes an uploaded package image and stores it re-encoded; returns its stored name (415 with the image's message otherwise). */
export function storePackageImage(app: ImageStoreContext, tempPath: string): Promise<string> {
  return storeImage(app, PACKAGE_IMAGE_KIND, tempPath, PACKAGE_IMAGE.field);
}

export function copyPackageImage(app: ImageStoreContext, name: string): Promise<string | null> {
  return copyStoredImage(app, PACKAGE_IMAGE_KIND, name);
}

export function removePackageImage(app: ImageStoreContext, name: string | null | undefined): Promise<void> {
  return removeStoredImage(app, PACKAGE_IMAGE_KIND, name);
}
