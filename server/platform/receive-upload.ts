import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { fileTypeFromFile } from "file-type";
import { ATTACHMENT_MAX_FILE_BYTES, ATTACHMENT_MAX_TOTAL_BYTES, ATTACHMENT_TYPES } from "../../common/constants";
import { AppError } from "./app-error";

export const MAX_ATTACHMENTS = 10;

/** Opens a temporary upload file for writing (the app context's seam: a test can make it fail). */
export type OpenUploadFile = (path: string) => Writable;
export const openUploadFile: OpenUploadFile = (file) => createWriteStream(file);

/** A name with control characters (NUL above all) is refused: no database or file system takes it as is. */
// eslint-disable-next-line no-control-regex
const UNUSABLE_NAME = /[\u0000-\u001f\u007f]/;
const MB = 1024 * 1024;

export interface ReceivedFile {
  field: string;
  originalName: string;
  tempPath: string;
  sizeBytes: number;
  /** Known after the content check. */
  mimeType?: string;
  extension?: string;
}

export interface ReceivedForm {
  /** Each text field's last value. */
  fields: Record<string, string>;
  /** Every value of each text field, in order (a multiple select, repeated checkboxes). */
  allFields: Record<string, string[]>;
  files: ReceivedFile[];
  /** Deletes the temporary files that were not moved elsewhere. */
  discard(): Promise<void>;
}

/**
 * A body whose declared length is over `maxTotalBytes` (with a little room for the form's text
 * fields and multipart boundaries) is refused before a byte of it is read: 413 with the limit.
 * A call that checks who may upload before reading calls this first, so a huge body is a 413
 * whoever sends it.
 */
export function refuseDeclaredOver(headers: Record<string, string | undefined>, maxTotalBytes: number) {
  const declared = Number(headers["content-length"] ?? NaN);
  if (Number.isFinite(declared) && declared > maxTotalBytes + MB) {
    throw new AppError("E_PAYLOAD_TOO_LARGE", {
      key: "validation.attachments.totalSize",
      params: { max: maxTotalBytes / MB },
    });
  }
}

/**
 * Streams a multipart (or urlencoded) body to disk, never holding a file in memory. Stops with
 * E_PAYLOAD_TOO_LARGE as soon as one file passes 10 MB or all of them pass 50 MB — before
 * reading anything when Content-Length already says so — and checks each file's type by its
 * content (magic bytes), not by its name.
 */
export interface FileKind {
  extension: string;
  mimeTypes: readonly string[];
}

export async function receiveUpload(opts: {
  headers: Record<string, string | undefined>;
  body: Readable;
  tempDir: string;
  fileField: string;
  /** Other file fields taken besides `fileField` (default none). */
  acceptFile?: (field: string) => boolean;
  /** Most text fields (default 20). */
  maxFields?: number;
  /** Largest text field in bytes (default 64 KB): a blog post's body as JSON needs more. */
  maxFieldBytes?: number;
  /** Accepted kinds, checked by content; default: the contact form's zip, pdf, png, jpg. */
  types?: readonly FileKind[];
  /** Per-file and total limits; default 10 MB and 50 MB. */
  maxFileBytes?: number;
  maxTotalBytes?: number;
  maxFiles?: number;
  /** Where bytes are written; default createWriteStream. */
  openFile?: OpenUploadFile;
  /**
   * Filled with the text fields as they arrive: what came before a refused file (too large, of
   * the wrong kind) can still be given back to the form.
   */
  received?: { fields: Record<string, string>; allFields: Record<string, string[]> };
}): Promise<ReceivedForm> {
  const openFile = opts.openFile ?? openUploadFile;
  const types = opts.types ?? ATTACHMENT_TYPES;
  const maxFileBytes = opts.maxFileBytes ?? ATTACHMENT_MAX_FILE_BYTES;
  const maxTotalBytes = opts.maxTotalBytes ?? ATTACHMENT_MAX_TOTAL_BYTES;
  const maxFiles = opts.maxFiles ?? MAX_ATTACHMENTS;
  const contentType = opts.headers["content-type"] ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    throw new AppError("E_UNSUPPORTED_TYPE", "errors.unsupportedMediaType");
  }
  refuseDeclaredOver(opts.headers, maxTotalBytes);
  await mkdir(opts.tempDir, { recursive: true }).catch((err: unknown) => {
    throw new AppError("E_UNAVAILABLE", "errors.storageUnavailable", { cause: err });
  });

  const fields: Record<string, string> = opts.received?.fields ?? {};
  const allFields: Record<string, string[]> = opts.received?.allFields ?? {};
  const maxFields = opts.maxFields ?? 20;
  const files: ReceivedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
  };

  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: opts.headers as Record<string, string>,
      limits: { fileSize: maxFileBytes, files: maxFiles, fields: maxFields, fieldSize: opts.maxFieldBytes ?? 64 * 1024, parts: maxFields + 20 },
    });
  } catch {
    throw new AppError("E_BAD_REQUEST", "errors.badRequest");
  }

  const writes: Promise<void>[] = [];
  const open = new Set<{ source: Readable; out: Writable }>();
  let total = 0;
  // A failed write (disk full, no permission), even one that surfaces after the body ended.
  let writeError: AppError | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (err: AppError) => {
        if (settled) return;
        settled = true;
        opts.body.unpipe(bb);
        // Stop reading: TCP holds the client back while the answer is made, and the request's
        // owner drops the rest once the answer is sent (dropRestOfBody in body-limits.ts).
        opts.body.pause();
        // Files cut off mid-way will never end by themselves: end their writes now.
        for (const { source, out } of open) {
          source.destroy();
          out.destroy();
        }
        reject(err);
      };
      bb.on("field", (name, value, info) => {
        if (info.valueTruncated) fail(new AppError("E_PAYLOAD_TOO_LARGE", "errors.payloadTooLarge"));
        else {
          fields[name] = value;
          (allFields[name] ??= []).push(value);
        }
      });
      bb.on("file", (name, stream, info) => {
        if (settled || !(name === opts.fileField || opts.acceptFile?.(name)) || !info.filename) {
          stream.resume();
          return;
        }
        if (UNUSABLE_NAME.test(info.filename)) {
          stream.resume();
          fail(new AppError("E_VALIDATION", "validation.attachments.name"));
          return;
        }
        const file: ReceivedFile = {
          field: name,
          originalName: path.basename(info.filename).slice(0, 200),
          tempPath: path.join(opts.tempDir, randomUUID()),
          sizeBytes: 0,
        };
        files.push(file);
        stream.on("data", (chunk: Buffer) => {
          file.sizeBytes += chunk.length;
          total += chunk.length;
          if (total > maxTotalBytes) {
            fail(
              new AppError("E_PAYLOAD_TOO_LARGE", {
                key: "validation.attachments.totalSize",
                params: { max: maxTotalBytes / MB },
              }),
            );
            stream.resume();
          }
        });
        stream.on("limit", () =>
          fail(
            new AppError("E_PAYLOAD_TOO_LARGE", {
              key: "validation.attachments.fileSize",
              params: { name: file.originalName, max: maxFileBytes / MB },
            }),
          ),
        );
        const out = openFile(file.tempPath);
        const entry = { source: stream, out };
        open.add(entry);
        out.once("close", () => open.delete(entry));
        // Settles once the file descriptor is closed, so a later discard() cannot race the open.
        writes.push(new Promise<void>((resolve) => out.once("close", () => resolve())));
        // A write that fails (disk full, no permission) ends the upload at once: "try again later".
        out.once("error", (err) => {
          writeError ??= new AppError("E_UNAVAILABLE", "errors.storageUnavailable", { cause: err });
          fail(writeError);
        });
        pipeline(stream, out).catch(() => {});
      });
      bb.on("filesLimit", () =>
        fail(new AppError("E_VALIDATION", { key: "validation.attachments.count", params: { max: maxFiles } })),
      );
      bb.on("partsLimit", () => fail(new AppError("E_PAYLOAD_TOO_LARGE", "errors.payloadTooLarge")));
      bb.on("fieldsLimit", () => fail(new AppError("E_PAYLOAD_TOO_LARGE", "errors.payloadTooLarge")));
      bb.on("error", () => fail(new AppError("E_BAD_REQUEST", "errors.badRequest")));
      opts.body.on("error", () => fail(new AppError("E_BAD_REQUEST", "errors.badRequest")));
      // The body as a whole (boundaries, fields, junk the parser skips) is capped as it streams too.
      let bodyBytes = 0;
      opts.body.on("data", (chunk: Buffer) => {
        bodyBytes += chunk.length;
        if (bodyBytes > maxTotalBytes + MB) {
          fail(new AppError("E_PAYLOAD_TOO_LARGE", { key: "validation.attachments.totalSize", params: { max: maxTotalBytes / MB } }));
        }
      });
      bb.on("close", () => {
        if (settled) return;
        settled = true;
        resolve();
      });
      opts.body.pipe(bb);
    });
    await Promise.all(writes);
    if (writeError) throw writeError;

    for (const file of files) {
      const detected = await fileTypeFromFile(file.tempPath);
      const allowed = types.find((t) => detected && t.mimeTypes.includes(detected.mime));
      if (!detected || !allowed) {
        // A name of an accepted kind with other content is told so, apart from a kind we never take.
        const ext = path.extname(file.originalName).slice(1).toLowerCase().replace(/^jpeg$/, "jpg");
        const key = types.some((t) => t.extension === ext) ? ("validation.attachments.mismatch" as const) : ("validation.attachments.type" as const);
        const message = { key, params: { name: file.originalName } };
        throw new AppError("E_UNSUPPORTED_TYPE", message, { fieldErrors: { [file.field]: message } });
      }
      file.mimeType = detected.mime;
      file.extension = allowed.extension;
    }
  } catch (err) {
    await Promise.all(writes);
    await discard();
    throw err;
  }
  return { fields, allFields, files, discard };
}

/** Removes temporary upload files left by a crash (older than `maxAgeMs`, so no live upload is touched). */
export async function sweepStaleUploads(tempDir: string, maxAgeMs = 3_600_000, now = Date.now()): Promise<number> {
  const { readdir, stat } = await import("node:fs/promises");
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(tempDir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
