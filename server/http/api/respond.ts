import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { isLocale } from "../../../common/i18n";
import type { Locale } from "../../../common/format";
import { translate } from "../../i18n";
import { asDatabaseBusy } from "../../db/limits";
import { AppError, isAppError } from "../../platform/app-error";
import type { ApiHandler, RequestContext } from "../../core/app-context";

/** The API's language: an explicit Accept-Language first, else the site cookie, else Turkish. */
export function apiLocale(req: Request, ctx: RequestContext): Locale {
  const header = req.headers["accept-language"];
  if (header) {
    const first = header.split(",")[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(first)) return first;
  }
  return ctx.locale;
}

/** `{ success: false, exception, message, errors? }` with the status of the code. */
export function sendError(res: Response, locale: Locale, err: unknown, log?: { error: (o: object, m: string) => void; warn?: (o: object, m: string) => void }) {
  const appError = asDatabaseBusy(err) ?? (isAppError(err) ? err : new AppError("E_INTERNAL", "errors.internal", { cause: err }));
  if (appError.code === "E_INTERNAL") log?.error({ err }, "api error");
  else if (appError.code === "E_UNAVAILABLE") log?.warn?.({ err: appError.cause ?? err }, "api answered busy");
  if (appError.retryAfterSeconds) res.setHeader("Retry-After", String(appError.retryAfterSeconds));
  const errors = appError.fieldErrors
    ? Object.fromEntries(Object.entries(appError.fieldErrors).map(([k, m]) => [k, translate(locale, m)]))
    : undefined;
  res.status(appError.status).json({
    success: false,
    exception: appError.code,
    message: translate(locale, appError.messageKey),
    ...(errors ? { errors } : {}),
  });
}

export type { ApiHandler };

/** Wraps a handler: gives it the request context, sends its result as JSON, maps its errors. */
export function api(handler: ApiHandler) {
  return async (req: Request, res: Response, _next: NextFunction) => {
    const ctx = res.locals.ctx as RequestContext;
    const locale = apiLocale(req, ctx);
    try {
      const result = await handler(req, res, { ...ctx, apiLocale: locale });
      if (!res.headersSent) res.json(result);
    } catch (err) {
      sendError(res, locale, err, ctx.app.log);
    }
  };
}

/**
 * The JSON body of a call, read up to `limit` (a size express understands: "16kb"). The apps
 * may send it without a Content-Type, so any declared type is read as JSON (a browser signed in
 * by cookie must declare JSON: v1.ts checks that before any body is read). A body that is sent
 * must be a JSON object, the shape every call's schema describes: `[]`, `null`, `"x"` or `1`
 * are a 400, never read as "no fields". No body at all leaves `req.body` undefined.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit, type: () => true, strict: false });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (err) return next(err);
      const body: unknown = req.body;
      if (body === undefined || (typeof body === "object" && body !== null && !Array.isArray(body))) return next();
      next(new AppError("E_BAD_REQUEST", "errors.bodyNotObject"));
    });
}
