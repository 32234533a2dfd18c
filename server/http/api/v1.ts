import express, { type NextFunction, type Request, type Response } from "express";
import { AppError, isAppError } from "../../platform/app-error";
import type { RequestContext } from "../request-context";
import { hasBody, limitApiBodies, mediaType } from "../body-limits";
import type { AreaModule } from "../../core/app-context";
import { documentedCalls, fileCallPaths, routeCalls } from "./calls";
import { apiLocale, sendError } from "./respond";
import { openApiDocument } from "./openapi";

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The request says it comes from a page of this site: `Sec-Fetch-Site: same-origin`, or an Origin naming this host. */
function fromThisSite(req: Request): boolean {
  if (req.headers["sec-fetch-site"] === "same-origin") return true;
  const origin = req.headers.origin;
  return origin !== undefined && originHost(origin) === req.headers.host;
}

/**
 * CSRF for the API (decision 003). Browsers send Origin / Sec-Fetch-Site, so a cross-site
 * browser request is refused outright. A call signed in by the session cookie is a browser's,
 * which a page elsewhere can make send the cookie with a form-like body (text/plain,
 * urlencoded, multipart) that needs no CORS preflight: such a call must say it comes from this
 * site and, when it carries a body, declare JSON (the upload calls: multipart). Apps send a
 * bearer token and neither header; their calls pass unchanged.
 */
const browserCallsFromThisSite = (fileCalls: ReadonlySet<string>) => (req: Request, res: Response, next: NextFunction) => {
  const ctx = res.locals.ctx as RequestContext;
  const site = req.headers["sec-fetch-site"];
  const origin = req.headers.origin;
  const crossSite = site === "cross-site" || (origin !== undefined && originHost(origin) !== req.headers.host);
  const refuse = (err: AppError) => sendError(res, apiLocale(req, ctx), err);
  if (crossSite) return refuse(new AppError("E_CSRF", "errors.csrf"));
  if (req.method === "POST" && ctx.credential === "cookie") {
    if (!fromThisSite(req)) return refuse(new AppError("E_CSRF", "errors.csrf"));
    if (hasBody(req) && mediaType(req) !== (fileCalls.has(req.path) ? "multipart/form-data" : "application/json")) {
      return refuse(new AppError("E_UNSUPPORTED_TYPE", "errors.jsonRequired"));
    }
  }
  next();
};

const API_METHODS = new Set(["GET", "HEAD", "POST"]);

/** /api/v1: the calls the areas declare (their modules' `api`), with the checks every call shares. */
export function createApiRouter(modules: readonly AreaModule[]): express.Router {
  const router = express.Router();
  const calls = documentedCalls(modules);
  const fileCalls = fileCallPaths(calls);

  // Calls are GET or POST: any other method (TRACE, PUT, OPTIONS…) is a 405, never a 500.
  router.use((req, res, next) => {
    if (API_METHODS.has(req.method)) return next();
    res.setHeader("Allow", "GET, HEAD, POST");
    sendError(res, apiLocale(req, res.locals.ctx as RequestContext), new AppError("E_METHOD_NOT_ALLOWED", "errors.methodNotAllowed"));
  });
  // A declared body over the call's cap is refused before any byte is read.
  router.use(limitApiBodies(fileCalls));

  router.get("/openapi.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.json(openApiDocument(modules));
  });

  router.use(browserCallsFromThisSite(fileCalls));
  router.use(routeCalls(calls));

  router.use((req, res) => {
    const ctx = res.locals.ctx as RequestContext;
    sendError(res, apiLocale(req, ctx), new AppError("E_NOT_FOUND", "errors.notFound"));
  });
  // Body-parser errors (bad JSON, too large) arrive here.
  router.use((err: { type?: string; status?: number }, req: Request, res: Response, _next: NextFunction) => {
    const ctx = res.locals.ctx as RequestContext;
    const mapped = isAppError(err)
      ? err
      : err.type === "entity.too.large"
        ? new AppError("E_PAYLOAD_TOO_LARGE", "errors.payloadTooLarge")
        : err.type === "entity.parse.failed"
          ? new AppError("E_BAD_REQUEST", "errors.badJson")
          : err.status && err.status < 500
            ? new AppError("E_BAD_REQUEST", "errors.badRequest")
            : err;
    sendError(res, apiLocale(req, ctx), mapped, ctx.app.log);
  });
  return router;
}
