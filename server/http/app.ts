import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import compression from "compression";
import cookieParser from "cookie-parser";
import express, { type NextFunction, type Request, type Response } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { AppContext } from "../core/app-context";
import { CSRF_COOKIE, newCsrfToken } from "../security/csrf";
import { answerReferenceCall } from "./api/reference-calls";
import { isSpeedtestStream } from "../speedtest/forward";
import { createApiRouter } from "./api/v1";
import { limitPageBodies } from "./body-limits";
import { createPageHandler } from "./page-handler";
import { mountMedia } from "./media";
import { readiness } from "./readiness";
import { withBusyPages } from "./busy-pages";
import { DATABASE_RETRY_AFTER_SECONDS, withDatabaseWaitMeter } from "../db/limits";
import { refuseUncleanPaths } from "./clean-path";
import { translate } from "../i18n";
import { cookieLocale, plainError } from "./plain-error";
import { httpsOnly, securityHeaders } from "./security-headers";
import { oneRequestPerTurn } from "./turn-queue";
import { buildApiContext, buildRequestContext, redirectToRememberedLanguage, rememberLanguageOfLink, type RequestContext } from "./request-context";

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

/**
 * The server's request listener: the spec's reference calls are answered from memory before
 * Express sees the request (they are the hottest calls and need none of its machinery);
 * everything else goes to the Express app, one request started per event-loop turn (turn-queue.ts).
 */
export function createRequestListener(
  http: express.Express,
  opts: { maxWaiting?: number; /** The speed test's streams, handed to its worker thread. */ speedtest?: RequestListener } = {},
): RequestListener {
  const pages = oneRequestPerTurn(http, { maxWaiting: opts.maxWaiting, onFull: refuseBusy });
  return (req, res) => {
    // Health checks answer however long the queue is: a busy instance is not a dead one.
    if (HEALTH_PATHS.test(req.url ?? "")) return void http(req, res);
    if (opts.speedtest && isSpeedtestStream(req.url)) return void opts.speedtest(req, res);
    if (!answerReferenceCall(req, res)) pages(req, res);
  };
}

/** CONNECT (a tunnel request) is no method of this site: 405, and the connection closes. */
export function refuseConnect(req: IncomingMessage, socket: Duplex) {
  const body = translate(cookieLocale(req), { key: "errors.methodNotAllowed" });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const HEALTH_PATHS = /^\/(?:healthz|readyz)(?:\?|$)/;

/** The queue is full: a translated 503 that says when to come back. */
function refuseBusy(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", Connection: "close" });
  res.end(translate(cookieLocale(req), { key: "errors.busy" }));
}

export function createHttpApp(app: AppContext, opts: HttpAppOptions): express.Express {
  const http = express();
  http.set("env", opts.mode === "development" ? "development" : "production");
  http.disable("x-powered-by");
  http.set("trust proxy", app.config.TRUST_PROXY ?? false);
  http.set("query parser", "simple");

  http.use(httpsOnly(app.config));
  // Before anything reads a route parameter: a NUL or broken byte in one is a 404, not a database error.
  http.use(refuseUncleanPaths);
  // A request's queries share one wait for the database (decision 035), not one wait each.
  http.use((_req, _res, next) => withDatabaseWaitMeter(next));
  http.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  http.get("/readyz", async (_req, res) => {
    const { status, body } = await readiness(app);
    if (status === 503) res.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(status).json(body);
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

  // Uploaded files (server/http/media.ts): the local folder or the bucket, with the same answers.
  mountMedia(http, app.storage, app.log);

  // The JSON API: its own light context, mounted before the page machinery.
  http.use(
    "/api/v1",
    (req, res, next) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      // Calls answer for a user or carry a token; the few public ones say otherwise themselves.
      res.setHeader("Cache-Control", "private, no-store");
      useContext(res, next, buildApiContext(app, req));
    },
    createApiRouter(app.modules),
  );

  http.use(compression());
  http.use(securityHeaders(app.config));
  http.use(cookieParser());
  http.use(rememberLanguageOfLink);
  http.use(redirectToRememberedLanguage);
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
      build: typeof opts.build === "function" ? ((get) => async () => withBusyPages(await get(), app.log))(opts.build) : withBusyPages(opts.build, app.log),
      mode: opts.mode ?? "production",
      getLoadContext: (_req, res) => res.locals.ctx as AppLoadContext,
      guestPages: app.guestPages,
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
