import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request, Response } from "express";

interface Prepared {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

const cache = new Map<string, Prepared>();

/**
 * Reference data that only changes with a deploy (cities, categories, types): serialised and
 * gzipped once per key, then answered from memory, with an ETag for revalidation.
 */
export function sendStaticJson(req: Request, res: Response, key: string, produce: () => unknown): void {
  let prepared = cache.get(key);
  if (!prepared) {
    const body = Buffer.from(JSON.stringify(produce()));
    prepared = { body, gzip: gzipSync(body), etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"` };
    cache.set(key, prepared);
  }
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("ETag", prepared.etag);
  res.setHeader("Vary", "Accept-Encoding, Accept-Language");
  if (req.headers["if-none-match"] === prepared.etag) {
    res.status(304).end();
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.end(gzip ? prepared.gzip : prepared.body);
}
