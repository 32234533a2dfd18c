import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { PHOTO_FIELD, PHOTO_MAX_MB, PHOTO_MIME_TYPES, SETTINGS_BOUNDS } from "../../common/forms/settings";
import type { AppContext } from "../core/app-context";
import { receiveUpload, type ReceivedForm } from "../platform/receive-upload";
import { users } from "./schema";
import { AppError, isAppError } from "../platform/app-error";
import { STORED_IMAGE_NAME } from "../platform/images";
import { storageKey, type FileStorage } from "../platform/storage";
import { consumeLimit } from "../security/rate-limit";
import { requireUser } from "./permissions";
import { liveUser } from "./profile";
import type { SessionUser } from "./sessions";

/** What a profile photo may be, judged by its content. */
const PHOTO_KINDS = [
  { extension: "jpg", mimeTypes: ["image/jpeg"] },
  { extension: "png", mimeTypes: ["image/png"] },
  { extension: "webp", mimeTypes: ["image/webp"] },
] as const;

/** Photo uploads per account: decoding images costs CPU, so 20 an hour is plenty. */
export const PHOTO_UPLOAD_LIMIT = { name: "avatar-upload", points: 20, durationSeconds: 3600 };

/** Refuses images with more pixels than this before decoding them (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;


/** The storage folder of profile photos (served at /media/avatars). */
export const AVATARS_FOLDER = "avatars";

const sizeError = () =>
  new AppError("E_PAYLOAD_TOO_LARGE", { key: "settings.validation.photo.size", params: { max: PHOTO_MAX_MB } });
const typeError = () => new AppError("E_UNSUPPORTED_TYPE", "settings.validation.photo.type");

/** The shared upload reader speaks of "attachments"; say the same things about a photo. */
function photoError(err: unknown): unknown {
  if (!isAppError(err)) return err;
  const key = err.messageKey.key;
  if (err.code === "E_UNSUPPORTED_TYPE" && (key === "validation.attachments.type" || key === "validation.attachments.mismatch")) return typeError();
  if (err.code === "E_PAYLOAD_TOO_LARGE" && key.startsWith("validation.attachments.")) return sizeError();
  if (err.code === "E_VALIDATION" && key === "validation.attachments.count") {
    return new AppError("E_VALIDATION", "settings.validation.photo.single");
  }
  return err;
}

/**
 * Deletes a stored profile photo. Only a name the upload wrote (random, URL-safe, .webp: the
 * image pipeline's STORED_IMAGE_NAME) is ever a key; anything else in the column is left alone.
 */
export async function removeAvatarFile(storage: FileStorage, name: string | null): Promise<void> {
  if (!name || !STORED_IMAGE_NAME.test(name)) return;
  await storage.remove([storageKey(AVATARS_FOLDER, name)]);
}

function removeOldAvatar(app: AppContext, name: string | null): Promise<void> {
  return removeAvatarFile(app.storage, name).catch((err: unknown) => app.log.warn({ err, name }, "could not remove an old avatar"));
}

/** Points the user's image at `image` (or none) and returns the name it replaced. */
async function swapImage(app: AppContext, userId: number, image: string | null): Promise<string | null> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx.select({ image: users.image }).from(users).where(liveUser(userId)).for("update").limit(1);
    if (!row) throw new AppError("E_NOT_FOUND", "settings.errors.userNotFound");
    await tx.update(users).set({ image, updatedAt: sql`now()` }).where(eq(users.id, userId));
    return row.image;
  });
}

/**
 * The profile photo form (multipart, streamed to disk by the shared upload reader). The file must
 * be a JPEG, PNG or WebP by its content and at most 5 MB; it is decoded, turned upright,
 * cropped to a 256×256 square and re-encoded as WebP without metadata, stored as
 * avatars/<random>.webp in the site's storage, and the previous photo is deleted. Nothing is kept on failure.
 */
export async function uploadPhoto(
  app: AppContext,
  opts: {
    user: SessionUser | null;
    headers: Record<string, string | undefined>;
    body: Readable;
    /** Runs on the parsed text fields before anything is stored (CSRF and intent checks). */
    verifyFields?: (fields: Record<string, string>) => void;
  },
): Promise<{ image: string }> {
  const user = requireUser(opts);
  await consumeLimit(app.limits, PHOTO_UPLOAD_LIMIT, `user:${user.id}`);
  let form: ReceivedForm;
  try {
    form = await receiveUpload({
      headers: opts.headers,
      body: opts.body,
      tempDir: path.join(app.config.uploadsDir, "tmp"),
      fileField: PHOTO_FIELD,
      types: PHOTO_KINDS,
      maxFileBytes: SETTINGS_BOUNDS.photo.maxBytes,
      maxTotalBytes: SETTINGS_BOUNDS.photo.maxBytes,
      maxFiles: 1,
    });
  } catch (err) {
    throw photoError(err);
  }
  let stored: string | undefined;
  try {
    opts.verifyFields?.(form.fields);
    if (form.files.length === 0) throw new AppError("E_VALIDATION", "settings.validation.photo.required");
    if (form.files.length > 1) throw new AppError("E_VALIDATION", "settings.validation.photo.single");
    const [file] = form.files;
    if (file.sizeBytes > SETTINGS_BOUNDS.photo.maxBytes) throw sizeError();
    const detected = await fileTypeFromFile(file.tempPath);
    if (!detected || !(PHOTO_MIME_TYPES as readonly string[]).includes(detected.mime)) throw typeError();

    const name = `${randomBytes(18).toString("base64url")}.webp`;
    const { size } = SETTINGS_BOUNDS.photo;
    let photo: Buffer;
    try {
      photo = await sharp(file.tempPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
        .rotate()
        .resize(size, size, { fit: "cover", position: "centre" })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (err) {
      app.log.info({ err }, "profile photo could not be decoded");
      throw new AppError("E_UNSUPPORTED_TYPE", "settings.validation.photo.unreadable");
    }
    stored = storageKey(AVATARS_FOLDER, name);
    await app.storage.put(stored, photo, "image/webp");
    const previous = await swapImage(app, user.id, name);
    stored = undefined;
    if (previous !== name) await removeOldAvatar(app, previous);
    return { image: name };
  } catch (err) {
    if (stored) await app.storage.remove([stored]).catch((cause: unknown) => app.log.warn({ err: cause, key: stored }, "could not remove a photo left by a failed change"));
    throw err;
  } finally {
    await form.discard();
  }
}

/** Removes the user's profile photo (the default avatar shows again) and deletes its file. */
export async function removePhoto(app: AppContext, opts: { user: SessionUser | null }): Promise<void> {
  const user = requireUser(opts);
  const previous = await swapImage(app, user.id, null);
  await removeOldAvatar(app, previous);
}
