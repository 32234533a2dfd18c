import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { SESSION_COOKIE } from "../accounts/sessions";
import { CSRF_COOKIE, newCsrfToken } from "../security/csrf";
import { cappedBody } from "./body-limits";
import { DOCUMENT_BYTES } from "./document-bytes";
import { sendGuestPage, type GuestPage, type GuestPageCache } from "../platform/guest-page-cache";
import type { RequestContext } from "./request-context";

export interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** Guest pages kept a short while (decision 018); absent: every page is rendered for its request. */
  guestPages?: GuestPageCache;
}

/** The host part of the page's URL: anything after a character that would end it is dropped. */
function requestUrl(req: Request): URL {
  const host = (req.host ?? "").split(/[\\/?#@\s]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return new URL(req.originalUrl, `${req.protocol}://localhost`);
  }
}

/** `res` null: a render that no one request owns (a kept guest page), so no client's leaving aborts it. */
function toFetchRequest(req: Request, res: Response | null): globalThis.Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  // Loaders and actions see the request end when the browser goes away before the answer.
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (!res) return new globalThis.Request(requestUrl(req), init);
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    const cap = res.locals.bodyCap as number | undefined;
    init.body = createReadableStreamFromReadable(cap ? cappedBody(req, res, cap) : req);
    init.duplex = "half";
  }
  return new globalThis.Request(requestUrl(req), init);
}

async function send(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // append: Set-Cookie headers already on the response (the CSRF cookie) stay.
  for (const [key, value] of response.headers) res.append(key, value);
  privateAnswers(res, response);
  const documentBytes = (response as { [DOCUMENT_BYTES]?: Buffer })[DOCUMENT_BYTES];
  if (documentBytes) {
    res.end(documentBytes);
  } else if (response.body) {
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      // The browser went away mid-answer: nothing to report.
      if (!(res.destroyed || res.writableEnded)) throw error;
    }
  } else {
    res.end();
  }
}

const NEW_SESSION = `${SESSION_COOKIE}=`;

/**
 * One rule for every page: an answer for a signed-in user, or one that sets the session cookie
 * (sign-in, sign-out), is `private, no-store`. A new session also gets a new CSRF token, so a
 * token known before signing in is worth nothing after.
 */
function privateAnswers(res: Response, response: globalThis.Response) {
  const cookies = response.headers.getSetCookie();
  const setsSession = cookies.some((c) => c.startsWith(NEW_SESSION));
  if (!setsSession && !(res.locals.ctx as { user?: unknown } | undefined)?.user) return;
  res.setHeader("Cache-Control", "private, no-store");
  if (setsSession && !cookies.some((c) => c.startsWith(`${NEW_SESSION};`))) {
    const csrf = res.getHeader("Set-Cookie");
    const kept = (Array.isArray(csrf) ? csrf : csrf === undefined ? [] : [String(csrf)]).filter((c) => !c.startsWith(`${CSRF_COOKIE}=`));
    res.setHeader("Set-Cookie", [...kept, `${CSRF_COOKIE}=${newCsrfToken()}; Path=/; HttpOnly; SameSite=Lax`]);
  }
}

/**
 * React Router's request handler behind Express, in place of @react-router/express: the same
 * request conversion, but a rendered document is written as the bytes it already is instead of
 * being wrapped in a web stream and read back chunk by chunk (decision 007).
 */
export function createPageHandler(opts: PageHandlerOptions): RequestHandler {
  const handle = createRequestHandler(opts.build, opts.mode);

  /** The guest page rendered with stand-ins for the token and nonce; null when it is not one to keep. */
  async function renderGuestPage(req: Request, ctx: RequestContext, standIns: { csrfToken: string; nonce: string }): Promise<GuestPage | null> {
    // The context with the stand-ins in place of this request's own values (its getters stay lazy).
    const keptCtx = Object.create(ctx, { csrfToken: { value: standIns.csrfToken }, nonce: { value: standIns.nonce } }) as AppLoadContext;
    const response = await handle(toFetchRequest(req, null), keptCtx);
    const bytes = (response as { [DOCUMENT_BYTES]?: Buffer })[DOCUMENT_BYTES];
    if (response.status !== 200 || !bytes || response.headers.has("set-cookie")) {
      // Not one to keep: rendered again for the request. A streamed body (a route that defers
      // data) is read to its end rather than cut, which React would report as an error.
      if (response.body) void response.body.pipeTo(new WritableStream()).catch(() => undefined);
      return null;
    }
    const headers = [...response.headers].filter(([key]) => key !== "content-length");
    return { headers, html: bytes.toString("utf8"), csrfStandIn: standIns.csrfToken, nonceStandIn: standIns.nonce };
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const ctx = opts.getLoadContext(req, res);
      // A document render (not a client-side navigation's data) may take parts its HTML carries once.
      if (!req.path.endsWith(".data")) ctx.documentParts = new Map();
      const key = opts.guestPages?.keyFor(req, ctx);
      if (key) {
        const page = await opts.guestPages!.get(key, (standIns) => renderGuestPage(req, ctx, standIns));
        if (page && !res.destroyed) return sendGuestPage(res, page, ctx);
      }
      const response = await handle(toFetchRequest(req, res), ctx);
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
