import type { IncomingMessage, ServerResponse } from "node:http";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import type { MessageKey } from "../../common/i18n";
import { takesFiles } from "../../common/routes/registry";
import { AppError } from "../platform/app-error";
import { plainError } from "./plain-error";

export const MAX_FORM_BYTES = 256 * 1024;
export const MAX_MULTIPART_BYTES = 51 * 1024 * 1024;
/** The API's JSON calls read at most 100 KB (v1.ts); the upload calls stream their files (receive-upload.ts: 50 MB for the contact form, 5 MB for a photo). */
export const MAX_API_JSON_BYTES = 100 * 1024;

/** Methods a page answers; anything else (TRACE, PUT, DELETE, OPTIONS…) is a 405. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

function pagePath(pathname: string): string {
  // "/iletisim.data" is the same page's data request; "/en/iletisim" its English twin.
  const bare = pathname.replace(/\.data$/, "").replace(/^\/en(?=\/|$)/, "") || "/";
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
}

/** The body's media type, lower-cased, without parameters ("" when none is declared). */
export function mediaType(req: Pick<Request, "headers">): string {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The request declares a body (a length above zero, or chunks). */
export function hasBody(req: Pick<Request, "headers">): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) !== 0;
}

/** How long the rest of a refused body is read (and dropped) before the connection is cut. */
const LINGER_MS = 1000;

const dropping = new WeakSet<IncomingMessage>();

/**
 * Once the answer is sent, the rest of a body nobody read (a refusal, an upload stopped half-way:
 * its reader stops reading, so TCP holds the client back meanwhile) is read and dropped for a
 * moment, then the connection is cut if the client is still sending. Closing at once would make
 * the kernel answer the unread bytes with a reset, which can destroy the answer before the client
 * reads it. Registered for every request with a body; once per request.
 */
export function dropRestOfBody(req: IncomingMessage, res: ServerResponse) {
  if (dropping.has(req)) return;
  dropping.add(req);
  res.once("finish", () => {
    if (req.complete) return;
    // Whatever still listens (a pipe into a reader that stopped, a web stream's pump) would
    // queue what arrives: the rest goes nowhere.
    req.unpipe();
    req.removeAllListeners("data");
    req.resume();
    setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, LINGER_MS).unref();
  });
}

function refuse(req: Request, res: Response, status: number, key: MessageKey) {
  dropRestOfBody(req, res);
  plainError(req, res, status, key);
}

/**
 * Page requests: only GET, HEAD and POST; a POST body of the type the page takes (urlencoded,
 * or multipart where the action takes files), refused at once otherwise (415); a declared
 * length over the cap is refused before any byte is read (413), and the cap holds while an
 * undeclared (chunked) body streams (`res.locals.bodyCap`, applied by the page handler).
 */
export function limitPageBodies(req: Request, res: Response, next: NextFunction) {
  if (!PAGE_METHODS.has(req.method)) {
    res.setHeader("Allow", "GET, HEAD, POST");
    return void refuse(req, res, 405, "errors.methodNotAllowed");
  }
  if (req.method !== "POST" || !hasBody(req)) return next();
  const type = mediaType(req);
  const multipart = type === "multipart/form-data" && takesFiles(pagePath(req.path));
  if (!multipart && type !== "application/x-www-form-urlencoded") {
    return void refuse(req, res, 415, "errors.unsupportedMediaType");
  }
  const cap = multipart ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
  if (Number(req.headers["content-length"] ?? 0) > cap) return void refuse(req, res, 413, "errors.payloadTooLarge");
  res.locals.bodyCap = cap;
  dropRestOfBody(req, res);
  next();
}

/**
 * /api/v1: a declared length over the call's cap is refused at once (413), whatever the body's
 * type; a JSON call's body must declare its length (411); the upload reader caps what streams in.
 * `fileCalls`: the paths of the calls whose body is multipart (their declarations say so).
 */
export const limitApiBodies = (fileCalls: ReadonlySet<string>) => (req: Request, res: Response, next: NextFunction) => {
  const fileCall = fileCalls.has(req.path);
  const declared = req.headers["content-length"];
  if (declared === undefined && req.headers["transfer-encoding"] !== undefined && !fileCall) {
    // The JSON parser would read a body past its cap to the end before answering: a JSON call
    // says its length (every HTTP client does for a JSON body), and is refused at once otherwise.
    dropRestOfBody(req, res);
    return next(new AppError("E_LENGTH_REQUIRED", "errors.lengthRequired"));
  }
  if (hasBody(req)) dropRestOfBody(req, res);
  // An upload call checks a declared length itself, with the attachment limit in its message.
  if (fileCall || !(Number(declared ?? 0) > MAX_API_JSON_BYTES)) return next();
  next(new AppError("E_PAYLOAD_TOO_LARGE", "errors.payloadTooLarge"));
};

/**
 * The request body as the page handler reads it, counted while it streams: past `cap` bytes the
 * page answers 413 at once and the stream fails, so no reader ever holds more than the cap.
 */
export function cappedBody(req: Request, res: Response, cap: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      seen += chunk.length;
      if (seen <= cap) return done(null, chunk);
      req.unpipe(counter);
      if (!res.headersSent) refuse(req, res, 413, "errors.payloadTooLarge");
      done(Object.assign(new Error("request body over its cap"), { status: 413 }));
    },
  });
  req.on("error", (err) => counter.destroy(err));
  return req.pipe(counter);
}
