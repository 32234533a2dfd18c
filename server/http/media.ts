import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { FileStorage } from "../platform/storage";
import { storageKey } from "../platform/storage";
import type { Logger } from "../platform/logger";
import { plainError } from "./plain-error";

const DAY = 24 * 3600;
const YEAR = 365 * DAY;
/** Seconds a client is asked to wait when the bucket does not answer. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

/** How long an answer of a folder may be kept (seconds): a day, or a year and immutable for names that are never reused. */
export interface MediaKeep {
  maxAgeSeconds: number;
  immutable?: true;
}

/**
 * The public folders of uploaded files, at /media/<folder>/<name> (decision 037). Only processed
 * images (re-encoded by sharp) are ever written there; contact attachments live in a folder that
 * is never served. A missing file ends here with a 404 and never reaches the pages.
 */
export const MEDIA_FOLDERS: readonly { folder: string; keep: MediaKeep }[] = [
  // Profile photos.
  { folder: "avatars", keep: { maxAgeSeconds: DAY } },
  // Company and service logos (dashboard upload, demo seed, import).
  { folder: "company-logos", keep: { maxAgeSeconds: DAY } },
  // Package images (server/platform/images.ts): under a random name that is never reused (a new
  // image gets a new name), so an answer may be kept for a year.
  { folder: "package-images", keep: { maxAgeSeconds: YEAR, immutable: true } },
  // Blog pictures (covers and those in a post's body): stored like package images (server/blog/post-image.ts).
  { folder: "blog-images", keep: { maxAgeSeconds: YEAR, immutable: true } },
];

/** Mounts every public folder, from the local folder (express.static) or the bucket (streamed). */
export function mountMedia(http: Express, storage: FileStorage, log: Logger): void {
  for (const { folder, keep } of MEDIA_FOLDERS) {
    const handler = storage.root
      ? express.static(path.join(storage.root, folder), {
          maxAge: keep.maxAgeSeconds * 1000,
          immutable: keep.immutable ?? false,
          index: false,
          fallthrough: false,
          setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
        })
      : fromBucket(storage, folder, keep, log);
    http.use(`/media/${folder}`, handler);
  }
}

/** The Cache-Control express.static gives the local folder's answers, for the bucket's. */
function cacheControl(keep: MediaKeep): string {
  return `public, max-age=${keep.maxAgeSeconds}${keep.immutable ? ", immutable" : ""}`;
}

const FILE_NAME = /^[\w-][\w.-]{0,150}$/;
const notFound = () => Object.assign(new Error("Not Found"), { status: 404 });

/**
 * A folder of the bucket, streamed through the site with the answers express.static gives for
 * the local folder: the same Cache-Control, ETag and Last-Modified, 304 to a matching
 * If-None-Match or If-Modified-Since, 206 to a Range, 405 to other methods, 404 when missing.
 * A bucket that does not answer is a 503 with Retry-After.
 */
function fromBucket(storage: FileStorage, folder: string, keep: MediaKeep, log: Logger) {
  const cache = cacheControl(keep);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).setHeader("Allow", "GET, HEAD").setHeader("Content-Length", "0").end();
      return;
    }
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      name = "";
    }
    if (!FILE_NAME.test(name)) return next(notFound());
    const key = storageKey(folder, name);
    res.setHeader("X-Content-Type-Options", "nosniff").setHeader("Cache-Control", cache);
    // What every full or partial answer says about the file.
    const describe = (file: { contentType?: string; length: number; etag?: string; lastModified?: Date }) => {
      res.setHeader("Accept-Ranges", "bytes").type(file.contentType ?? "application/octet-stream").setHeader("Content-Length", String(file.length));
      if (file.etag) res.setHeader("ETag", file.etag);
      if (file.lastModified) res.setHeader("Last-Modified", file.lastModified.toUTCString());
    };
    try {
      if (req.method === "HEAD") {
        const head = await storage.head(key);
        if (!head) return next(notFound());
        describe({ ...head, length: head.size });
        res.status(200).end();
        return;
      }
      const read = await storage.read(key, {
        ifNoneMatch: req.get("if-none-match"),
        ifModifiedSince: req.get("if-modified-since"),
        range: req.get("range"),
      });
      if (!read) return next(notFound());
      if (read.status === 304) {
        if (read.etag) res.setHeader("ETag", read.etag);
        res.status(304).end();
        return;
      }
      if (read.status === 416) {
        const head = await storage.head(key);
        res.status(416).setHeader("Content-Range", `bytes */${head?.size ?? 0}`).end();
        return;
      }
      describe(read);
      if (read.contentRange) res.setHeader("Content-Range", read.contentRange);
      res.status(read.status);
      await pipeline(read.body, res).catch((err: unknown) => {
        // A client that went away mid-answer is no error of ours; a bucket that broke off is logged.
        if (!res.writableFinished && !req.destroyed) log.warn({ err, key }, "media stream from the bucket broke off");
      });
    } catch (err) {
      log.warn({ err, key }, "media: the bucket did not answer");
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.setHeader("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS)).setHeader("Cache-Control", "no-store");
      plainError(req, res, 503, "errors.storageUnavailable");
    }
  };
}
