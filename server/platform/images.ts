import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileTypeFromFile } from "file-type";
import sharp, { type ResizeOptions } from "sharp";
import type { MessageKey } from "../../common/i18n";
import { receiveUpload, type OpenUploadFile } from "./receive-upload";
import { AppError, isAppError, type Message } from "./app-error";
import { storageKey, type FileStorage } from "./storage";

/**
 * The one pipeline for pictures people upload to be shown on public pages (company and service
 * logos, package images): a multipart form streamed to disk by the shared upload reader, each
 * file judged by its content (file-type's magic bytes) and then decoded by sharp, fitted whole
 * into a fixed box on a transparent background (or, for pictures in a text, shrunk within one in
 * their own proportions), re-encoded as WebP without metadata and stored
 * as <folder>/<random>.webp in the site's storage (the uploads folder or a bucket, decision 037). Nothing that was not re-encoded here is ever
 * served from those folders.
 */

/** What an uploaded image may be, judged by its content. */
export const IMAGE_KINDS = [
  { extension: "png", mimeTypes: ["image/png"] },
  { extension: "jpg", mimeTypes: ["image/jpeg"] },
  { extension: "webp", mimeTypes: ["image/webp"] },
] as const;

/** Refuses images with more pixels than this before decoding them (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/** Stored names written by this module: random, URL-safe, always .webp. Anything else is never touched on disk. */
export const STORED_IMAGE_NAME = /^[\w-]{16,64}\.webp$/;

/** The part of the app context the image store needs. */
export interface ImageStoreContext {
  /** uploadsDir/tmp takes the files of an upload in progress, on this instance's disk. */
  config: { uploadsDir: string };
  storage: FileStorage;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** One kind of stored image: its folder under uploads, its box and what its messages say. */
export interface ImageKind {
  /** Folder in the storage (and /media/<folder> where it is served). */
  folder: string;
  width: number;
  height: number;
  /**
   * "contain" (the default): fitted whole into exactly width×height, padded on a transparent
   * background (logos and cards line up). "inside": the picture's own proportions, shrunk to fit
   * within width×height and never enlarged (pictures inside a text).
   */
  fit?: "contain" | "inside";
  /**
   * Narrower copies stored beside each picture for a srcset ("<name>-<width>w.webp", see
   * imageVariantName), each width below the stored picture's own. None by default.
   */
  variants?: readonly number[];
  /** Most bytes of one uploaded file. */
  maxBytes: number;
  messages: {
    /** Not a PNG, JPEG or WebP by its content. */
    type: MessageKey;
    /** Too large; `{{max}}` is the limit in MB. */
    size: MessageKey;
    /** More files in the field than one. */
    single: MessageKey;
    /** Of an accepted kind by its first bytes, but sharp cannot decode it. */
    unreadable: MessageKey;
  };
}

/** The stored name of a picture's copy `width` pixels wide ("abc.webp" → "abc-480w.webp"). */
export function imageVariantName(name: string, width: number): string {
  return name.replace(/\.webp$/, `-${width}w.webp`);
}

/** The copies a picture stored `width` wide has: the kind's widths below its own. */
export function imageVariantWidths(kind: Pick<ImageKind, "variants">, width: number): number[] {
  return (kind.variants ?? []).filter((w) => w < width);
}

const onField = (code: AppError["code"], message: Message, field: string) => new AppError(code, message, { fieldErrors: { [field]: message } });

/** The shared upload reader speaks of "attachments"; say the same things about an image, on its field. */
function imageUploadError(err: unknown, kind: ImageKind, defaultField: string): unknown {
  if (!isAppError(err)) return err;
  const key = err.messageKey.key;
  const field = Object.keys(err.fieldErrors ?? {})[0] ?? defaultField;
  if (err.code === "E_UNSUPPORTED_TYPE" && (key === "validation.attachments.type" || key === "validation.attachments.mismatch")) {
    return onField("E_UNSUPPORTED_TYPE", { key: kind.messages.type }, field);
  }
  if (err.code === "E_PAYLOAD_TOO_LARGE" && key.startsWith("validation.attachments.")) {
    return onField("E_PAYLOAD_TOO_LARGE", { key: kind.messages.size, params: { max: kind.maxBytes / 1024 / 1024 } }, field);
  }
  if (err.code === "E_VALIDATION" && key === "validation.attachments.count") return onField("E_VALIDATION", { key: kind.messages.single }, field);
  return err;
}

/** A multipart form with image files, as read by `receiveImageForm`. */
export interface ImageForm {
  /** Each text field's (last) value. */
  get(name: string): string | undefined;
  /** Every value of a repeated field. */
  getAll(name: string): string[];
  /** The temporary file of each image field that carried one (checked by its content). */
  files: Map<string, string>;
  /** Deletes the temporary files. */
  discard(): Promise<void>;
}

/** What arrived of a form's text fields, filled while it streams: still readable when the upload is refused. */
export interface PartialFields {
  fields: Record<string, string>;
  allFields: Record<string, string[]>;
}

/**
 * Reads a dashboard form that carries images (streamed to disk, never held in memory): at most
 * `maxFiles` files of at most `kind.maxBytes` each, in `fileField` or a field `acceptFile` takes,
 * PNG, JPEG or WebP by content. `verifyFields` runs on the text fields (CSRF, intent) before
 * anything is decoded. The errors name the image, on its field. When given, `partial` receives
 * the text fields as they arrive, so a page can give them back even when the file was refused.
 */
export async function receiveImageForm(
  app: ImageStoreContext & { openUploadFile?: OpenUploadFile },
  opts: {
    headers: Record<string, string | undefined>;
    body: Readable;
    kind: ImageKind;
    fileField: string;
    acceptFile?: (field: string) => boolean;
    maxFiles?: number;
    /** Room for the whole body beyond the files' own limit (default: the files' limit). */
    maxTotalBytes?: number;
    maxFields?: number;
    /** Largest text field in bytes (receiveUpload's default when absent). */
    maxFieldBytes?: number;
    partial?: PartialFields;
    verifyFields?: (fields: Record<string, string>) => void;
  },
): Promise<ImageForm> {
  const maxFiles = opts.maxFiles ?? 1;
  let form;
  try {
    form = await receiveUpload({
      headers: opts.headers,
      body: opts.body,
      tempDir: path.join(app.config.uploadsDir, "tmp"),
      fileField: opts.fileField,
      acceptFile: opts.acceptFile,
      types: IMAGE_KINDS,
      maxFileBytes: opts.kind.maxBytes,
      maxTotalBytes: opts.maxTotalBytes ?? opts.kind.maxBytes * maxFiles,
      maxFiles,
      maxFields: opts.maxFields ?? 200,
      maxFieldBytes: opts.maxFieldBytes,
      openFile: app.openUploadFile,
      received: opts.partial,
    });
  } catch (err) {
    throw imageUploadError(err, opts.kind, opts.fileField);
  }
  const received = form;
  try {
    opts.verifyFields?.(received.fields);
  } catch (err) {
    await received.discard();
    throw err;
  }
  return {
    get: (name) => received.fields[name],
    getAll: (name) => received.allFields[name] ?? [],
    files: new Map(received.files.map((f) => [f.field, f.tempPath])),
    discard: () => received.discard(),
  };
}

/** A stored picture: its random name and the size it was stored at. */
export interface StoredImage {
  name: string;
  width: number;
  height: number;
}

/**
 * Decodes an image file, fits it into the kind's box (see ImageKind.fit), re-encodes it as WebP
 * without metadata and stores it under a new random name; returns the name and the stored size.
 * The file is judged by its content again first (the imports read files no upload reader has
 * checked); anything that is not a PNG, JPEG or WebP, or that sharp cannot decode, is a 415 with
 * the kind's message on `field`.
 */
export async function storeSizedImage(app: ImageStoreContext, kind: ImageKind, tempPath: string, field: string): Promise<StoredImage> {
  const detected = await fileTypeFromFile(tempPath).catch(() => undefined);
  if (!detected || !IMAGE_KINDS.some((k) => (k.mimeTypes as readonly string[]).includes(detected.mime))) {
    throw onField("E_UNSUPPORTED_TYPE", { key: kind.messages.type }, field);
  }
  const name = `${randomBytes(18).toString("base64url")}.webp`;
  const resize: ResizeOptions =
    kind.fit === "inside"
      ? { fit: "inside", withoutEnlargement: true }
      : { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 }, withoutEnlargement: false };
  // Every copy is made before anything is stored: a picture sharp cannot decode stores nothing.
  const copies: { name: string; data: Buffer }[] = [];
  let size: { width: number; height: number };
  try {
    const { data, info } = await sharp(tempPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize(kind.width, kind.height, resize)
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    copies.push({ name, data });
    size = { width: info.width, height: info.height };
    // The narrower copies, from the stored picture (already decoded once, small and clean).
    for (const w of imageVariantWidths(kind, info.width)) {
      copies.push({ name: imageVariantName(name, w), data: await sharp(data).resize({ width: w }).webp({ quality: 80 }).toBuffer() });
    }
  } catch (err) {
    app.log.info({ err, folder: kind.folder }, "an uploaded image could not be decoded");
    throw onField("E_UNSUPPORTED_TYPE", { key: kind.messages.unreadable }, field);
  }
  try {
    // The narrower copies first: once the picture itself is there, its srcset is too.
    for (const copy of copies.slice(1)) await app.storage.put(storageKey(kind.folder, copy.name), copy.data, "image/webp");
    await app.storage.put(storageKey(kind.folder, name), copies[0]!.data, "image/webp");
  } catch (err) {
    await removeFiles(app, name, kind).catch(() => {});
    throw err;
  }
  return { name, ...size };
}

/** storeSizedImage for the kinds whose size is always their box's: the stored name. */
export async function storeImage(app: ImageStoreContext, kind: ImageKind, tempPath: string, field: string): Promise<string> {
  return (await storeSizedImage(app, kind, tempPath, field)).name;
}

/** A picture's file and its narrower copies (whichever exist). */
function removeFiles(app: ImageStoreContext, name: string, kind: Pick<ImageKind, "folder" | "variants">): Promise<void> {
  return app.storage.remove([name, ...(kind.variants ?? []).map((w) => imageVariantName(name, w))].map((n) => storageKey(kind.folder, n)));
}

/** A copy of a stored image (and its narrower copies) under a new random name (a duplicated record owns its own files). */
export async function copyStoredImage(app: ImageStoreContext, kind: Pick<ImageKind, "folder" | "variants">, name: string): Promise<string | null> {
  if (!STORED_IMAGE_NAME.test(name)) return null;
  const copy = `${randomBytes(18).toString("base64url")}.webp`;
  // The narrower copies first (a picture narrower than a width has none of that width), then the
  // picture: a missing source (removed by hand) leaves the copy without an image; a storage that
  // fails is "try again" (E_UNAVAILABLE from the storage).
  for (const w of kind.variants ?? []) {
    await app.storage.copy(storageKey(kind.folder, imageVariantName(name, w)), storageKey(kind.folder, imageVariantName(copy, w)));
  }
  if (!(await app.storage.copy(storageKey(kind.folder, name), storageKey(kind.folder, copy)))) {
    await removeFiles(app, copy, kind).catch(() => {});
    return null;
  }
  return copy;
}

/** Deletes a stored image this module wrote, with its narrower copies (never any other path). */
export async function removeStoredImage(app: ImageStoreContext, kind: Pick<ImageKind, "folder" | "variants">, name: string | null | undefined): Promise<void> {
  if (!name || !STORED_IMAGE_NAME.test(name)) return;
  await removeFiles(app, name, kind).catch((err: unknown) => app.log.warn({ err, name, folder: kind.folder }, "could not remove a stored image"));
}
