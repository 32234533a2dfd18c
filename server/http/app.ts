import type { RequestListener } from "node:http";
import path from "node:path";
import compression from "compression";
import cookieParser from "cookie-parser";
import express, { type NextFunction, type Request, type Response } from "express";
import { randomUUID } from "node:crypto";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { AppContext } from "../app-context";
import { translate } from "../i18n";
import { CSRF_COOKIE, newCsrfToken } from "../security/csrf";
import { answerReferenceCall } from "./api/reference-calls";
import { createApiRouter } from "./api/v1";
import { createPageHandler } from "./page-handler";
import { oneRequestPerTurn } from "./turn-queue";
import { buildApiContext, buildRequestContext, type RequestContext } from "./request-context";

export interface HttpAppOptions {
  /** The React Router server build, or a getter (the dev server reloads it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client, served as static files in production. */
  clientDir?: string;
  /** Extra middleware placed before the page handler (Vite's in development). */
  beforePages?: express.RequestHandler[];
  mode?: "production" | "development";
}

const ONE_YEAR = 365 * 24 * 3600;
/** A path whose last segment has an extension: the only kind the top-level static files answer. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;

const CSP_REST = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** Page responses: a per-request nonce lets only our own inline scripts run. */
function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  // randomUUID draws from a pooled entropy buffer: cheaper per request than randomBytes.
  const nonce = randomUUID().replaceAll("-", "");
  res.locals.nonce = nonce;
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  // Development: Vite's hot-reload preamble is an inline script without our nonce.
  if (res.app.get("env") !== "development") {
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'; ${CSP_REST}`);
  }
  next();
}

/** A short translated text answer, for requests refused before the page machinery runs. */
function plainError(req: Request, res: Response, status: number, key: string) {
  const locale = /(?:^|;\s*)gb_lng=en(?:;|$)/.test(req.headers.cookie ?? "") ? "en" : "tr";
  res.status(status).type("text/plain; charset=utf-8").send(translate(locale, { key }));
}

/**
 * Hands the request context on. A guest's context is ready at once and goes on synchronously:
 * deferring every request by a promise tick cost a quarter of the page throughput under load
 * (measured); only a session lookup waits for the database.
 */
function useContext(res: Response, next: NextFunction, ctx: RequestContext | Promise<RequestContext>) {
  if (!(ctx instanceof Promise)) {
    res.locals.ctx = ctx;
    return next();
  }
  ctx.then((value) => {
    res.locals.ctx = value;
    next();
  }, next);
}

const MAX_FORM_BYTES = 256 * 1024;
const MAX_MULTIPART_BYTES = 51 * 1024 * 1024;

/**
 * Page actions read urlencoded forms whole (request.formData()), so their size is capped before
 * any byte is read: 256 KB for plain forms; multipart bodies are streamed by the actions that
 * take files and capped at the attachment limit. A body without a declared length is refused.
 */
function limitPageBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = Number(req.headers["content-length"] ?? NaN);
  const multipart = /^multipart\/form-data/i.test(req.headers["content-type"] ?? "");
  if (!Number.isFinite(length)) {
    if (req.headers["transfer-encoding"] && !multipart) return void plainError(req, res, 411, "errors.badRequest");
    return next();
  }
  if (length > (multipart ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES)) {
    res.setHeader("Connection", "close");
    return void plainError(req, res, 413, "errors.payloadTooLarge");
  }
  next();
}

/**
 * The server's request listener: the spec's reference calls are answered from memory before
 * Express sees the request (they are the hottest calls and need none of its machinery);
 * everything else goes to the Express app, one request started per event-loop turn (turn-queue.ts).
 */
export function createRequestListener(http: express.Express): RequestListener {
  const pages = oneRequestPerTurn(http);
  return (req, res) => {
    if (!answerReferenceCall(req, res)) pages(req, res);
  };
}

export function createHttpApp(app: AppContext, opts: HttpAppOptions): express.Express {
  const http = express();
  http.set("env", opts.mode === "development" ? "development" : "production");
  http.disable("x-powered-by");
  http.set("trust proxy", app.config.TRUST_PROXY ?? false);
  http.set("query parser", "simple");

  http.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  http.get("/readyz", async (_req, res) => {
    try {
      await app.database.ping();
      res.json({ status: "ready", database: app.database.kind });
    } catch (err) {
      app.log.warn({ err }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  // Static files first: they need none of the per-request work below.
  if (opts.clientDir) {
    const assets = express.static(path.join(opts.clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR * 1000, index: false });
    http.use("/assets", compression(), assets);
    // Top-level files (favicon, sprite, manifest…) have an extension; page paths never do, and
    // asking the file system about them cost ~6% of a page request (a stat and a 404 error object).
    const rootFiles = express.static(opts.clientDir, { maxAge: "1h", index: false, redirect: false });
    http.use((req, res, next) => (FILE_PATH.test(req.path) ? rootFiles(req, res, next) : next()));
  }

  // Profile photos: only processed images (re-encoded by sharp) are ever written here.
  http.use("/media/avatars", express.static(path.join(app.config.uploadsDir, "avatars"), { maxAge: "1d", index: false, fallthrough: false }));

  // The JSON API: its own light context, mounted before the page machinery.
  http.use(
    "/api/v1",
    (req, res, next) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      useContext(res, next, buildApiContext(app, req));
    },
    createApiRouter(),
  );

  http.use(compression());
  http.use(securityHeaders);
  http.use(cookieParser());
  // A CSRF token per browser, kept in an httpOnly cookie and rendered into every form.
  http.use((req, res, next) => {
    let token = req.cookies?.[CSRF_COOKIE] as string | undefined;
    if (!token || !/^[\w-]{32}$/.test(token)) {
      token = newCsrfToken();
      res.cookie(CSRF_COOKIE, token, {
        httpOnly: true,
        sameSite: "lax",
        secure: app.config.SITE_URL.startsWith("https:"),
        path: "/",
      });
      req.cookies[CSRF_COOKIE] = token;
    }
    useContext(res, next, buildRequestContext(app, req, token, res.locals.nonce as string));
  });

  http.use(limitPageBodies);
  for (const mw of opts.beforePages ?? []) http.use(mw);

  http.all(
    "/{*splat}",
    createPageHandler({
      build: opts.build,
      mode: opts.mode ?? "production",
      getLoadContext: (_req, res) => res.locals.ctx as AppLoadContext,
    }),
  );

  http.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      if (!res.headersSent) plainError(_req, res, status, status === 404 ? "errors.notFound" : "errors.badRequest");
      return;
    }
    app.log.error({ err }, "unhandled request error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });
  return http;
}
