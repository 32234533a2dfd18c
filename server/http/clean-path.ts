import type { NextFunction, Request, Response } from "express";
import { localeOfPath } from "../../common/paths";
import { translate } from "../i18n";
import { dropRestOfBody } from "./body-limits";
import { cookieLocale, plainError } from "./plain-error";

/** C0 and C1 control characters (NUL included): no path of the site has one, PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * True when every segment of a URL path decodes to well-formed UTF-8 without control
 * characters. Route parameters are decoded from these segments (by React Router and Express),
 * so a path that passes gives no handler a NUL byte or a broken character to pass on.
 */
export function isCleanPath(pathname: string): boolean {
  if (!pathname.includes("%")) return !CONTROL.test(pathname);
  try {
    // decodeURIComponent throws on malformed escapes and on bytes that are not UTF-8.
    return !CONTROL.test(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}

const API_PREFIX = /^\/api\//;

/**
 * Every request's path is checked here, once, before any route reads a parameter from it: a
 * path with a NUL, a control character or bytes that are not UTF-8 names nothing on the site.
 * A page asked with GET or HEAD gets the not-found page (in its language, with the site around
 * it), any other method a plain 404, and the API its JSON E_NOT_FOUND.
 */
export function refuseUncleanPaths(req: Request, res: Response, next: NextFunction) {
  const raw = req.url ?? "/";
  const query = raw.indexOf("?");
  const pathname = query >= 0 ? raw.slice(0, query) : raw;
  if (isCleanPath(pathname)) return next();
  dropRestOfBody(req, res);
  if (API_PREFIX.test(pathname)) {
    const header = req.headers["accept-language"]?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
    const locale = header === "en" || header === "tr" ? header : cookieLocale(req);
    res.status(404).setHeader("Cache-Control", "private, no-store");
    res.json({ success: false, exception: "E_NOT_FOUND", message: translate(locale, { key: "errors.notFound" }) });
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") return void plainError(req, res, 404, "errors.notFound");
  // The same request, for the not-found page: its loader answers 404 and the shell is rendered.
  const notFound = localeOfPath(pathname) === "en" ? "/en/404" : "/404";
  // (The page handler reads originalUrl.)
  req.url = req.originalUrl = pathname.endsWith(".data") ? `${notFound}.data` : notFound;
  next();
}
