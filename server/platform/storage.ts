import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { AppError } from "./app-error";

/**
 * Where uploaded files are kept once accepted (decision 037): one interface, two places.
 * The local folder (DATA_DIR/uploads, the default, one machine) or an S3-compatible bucket (any
 * number of instances). A key is "<folder>/<name>" (avatars/abc.webp, contact/uuid.pdf); the
 * temporary files of an upload in progress never reach it (they stay on the receiving instance's
 * disk, DATA_DIR/uploads/tmp).
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** The local folder's path (served by express.static); absent for a bucket. */
  readonly root?: string;
  /** Stores bytes (or a file's bytes) under `key`, replacing what was there. */
  put(key: string, body: Buffer | { file: string }, contentType: string): Promise<void>;
  /** Copies one key to another; false when the source does not exist. */
  copy(from: string, to: string): Promise<boolean>;
  /** Deletes keys; a missing one is no error. */
  remove(keys: string[]): Promise<void>;
  /** Size and type of a key, or null when it does not exist. */
  head(key: string): Promise<{ size: number; contentType: string | undefined; etag: string | undefined; lastModified: Date | undefined } | null>;
  /** Reads a key for serving, honouring the request's conditions; null when it does not exist. */
  read(key: string, conditions?: ReadConditions): Promise<StoredRead | null>;
  /** Every key under a folder ("avatars/"), with its size and time. */
  list(prefix: string): AsyncIterable<{ key: string; size: number; lastModified: Date }>;
  /** Throws when the storage cannot be reached or written (readiness). */
  probe(): Promise<void>;
  close(): void;
}

export interface ReadConditions {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  range?: string;
}

export type StoredRead =
  | { status: 304; etag?: string; lastModified?: Date }
  | { status: 416 }
  | {
      status: 200 | 206;
      body: Readable;
      length: number;
      contentType: string | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
      contentRange?: string;
    };

/** A key this site writes: one folder of lower-case letters and hyphens, then a plain file name. */
export const STORAGE_KEY = /^[a-z-]{1,40}\/[\w-][\w.-]{0,150}$/;

export function storageKey(folder: string, name: string): string {
  const key = `${folder}/${name}`;
  if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A failure of the storage itself (disk full, bucket away): the person is told to try again. */
function unavailable(err: unknown): AppError {
  return new AppError("E_UNAVAILABLE", "errors.storageUnavailable", { cause: err });
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  pdf: "application/pdf",
  zip: "application/zip",
};

/** The content type a stored file's name implies (for the migration of a folder). */
export function contentTypeOf(name: string): string {
  return TYPES[path.extname(name).slice(1).toLowerCase()] ?? "application/octet-stream";
}

/** The local folder: what the site always did, now behind the interface. */
export function folderStorage(root: string): FileStorage {
  const file = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  return {
    kind: "local",
    root,
    async put(key, body) {
      const target = file(key);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        if (Buffer.isBuffer(body)) await writeFile(target, body);
        else await copyFile(body.file, target);
      } catch (err) {
        throw unavailable(err);
      }
    },
    async copy(from, to) {
      try {
        await mkdir(path.dirname(file(to)), { recursive: true });
        await copyFile(file(from), file(to));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw unavailable(err);
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => rm(file(k), { force: true })));
    },
    async head(key) {
      const info = await stat(file(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, contentType: contentTypeOf(key), etag: undefined, lastModified: info.mtime } : null;
    },
    async read(key) {
      const info = await stat(file(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { status: 200, body: createReadStream(file(key)), length: info.size, contentType: contentTypeOf(key), etag: undefined, lastModified: info.mtime };
    },
    async *list(prefix) {
      const folder = prefix.replace(/\/$/, "");
      const names = await readdir(path.join(root, folder)).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const info = await stat(path.join(root, folder, name)).catch(() => null);
        if (info?.isFile()) yield { key: `${folder}/${name}`, size: info.size, lastModified: info.mtime };
      }
    },
    async probe() {
      const probe = path.join(root, "tmp", `.probe-${process.pid}-${Date.now()}`);
      await mkdir(path.dirname(probe), { recursive: true });
      try {
        await writeFile(probe, "1");
      } finally {
        await rm(probe, { force: true });
      }
    },
    close() {},
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Deadline of one request to the bucket (connection and answer). */
  requestTimeoutMs?: number;
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const missing = (err: unknown) => statusOf(err) === 404 || (err as Error).name === "NoSuchKey" || (err as Error).name === "NotFound";

/**
 * An S3-compatible bucket through the official SDK (v3). The bucket stays private: the site
 * streams what it serves (decision 037). Checksums are only sent where S3 requires them, so
 * servers that do not speak the newer trailing-checksum encoding (MinIO before 2024, s3rver,
 * several hosted ones) store the bytes as sent.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const timeout = settings.requestTimeoutMs ?? 10_000;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: Math.min(timeout, 3000), requestTimeout: timeout },
  });
  const Bucket = settings.bucket;
  const check = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return key;
  };
  return {
    kind: "s3",
    async put(key, body, contentType) {
      check(key);
      try {
        if (Buffer.isBuffer(body)) {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
        } else {
          const { size } = await stat(body.file);
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(body.file), ContentType: contentType, ContentLength: size }));
        }
      } catch (err) {
        throw unavailable(err);
      }
    },
    async copy(from, to) {
      check(from);
      check(to);
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw unavailable(err);
      }
    },
    async remove(keys) {
      keys.forEach(check);
      for (let i = 0; i < keys.length; i += 1000) {
        const chunk = keys.slice(i, i + 1000);
        let failed: { Key?: string; Code?: string }[] | undefined;
        try {
          failed = (await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }))).Errors;
        } catch (err) {
          throw unavailable(err);
        }
        // A quiet delete answers 200 and names the keys it could not delete.
        if (failed?.length) throw unavailable(new Error(`not deleted: ${failed.map((e) => `${e.Key} (${e.Code})`).join(", ")}`));
      }
    },
    async head(key) {
      check(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType, etag: out.ETag, lastModified: out.LastModified };
      } catch (err) {
        if (missing(err)) return null;
        throw unavailable(err);
      }
    },
    async read(key, conditions = {}) {
      check(key);
      let out: GetObjectCommandOutput;
      try {
        out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            IfNoneMatch: conditions.ifNoneMatch,
            IfModifiedSince: conditions.ifModifiedSince && !conditions.ifNoneMatch ? parseHttpDate(conditions.ifModifiedSince) : undefined,
            Range: conditions.range,
          }),
        );
      } catch (err) {
        const status = statusOf(err);
        if (status === 304) return { status: 304 };
        if (status === 416) return { status: 416 };
        if (missing(err)) return null;
        throw unavailable(err);
      }
      return {
        status: out.ContentRange ? 206 : 200,
        body: out.Body as Readable,
        length: out.ContentLength ?? 0,
        contentType: out.ContentType,
        etag: out.ETag,
        lastModified: out.LastModified,
        contentRange: out.ContentRange,
      };
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of out.Contents ?? []) {
          if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
        }
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
    },
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}

function parseHttpDate(value: string): Date | undefined {
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : undefined;
}

/** The storage the settings ask for: a bucket when S3_BUCKET is set, else the local folder. */
export function openStorage(config: {
  uploadsDir: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}): FileStorage {
  if (!config.S3_BUCKET) return folderStorage(config.uploadsDir);
  return s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
