import type { NextFunction, Request, Response } from "express";
import type { Locale } from "../../common/format";
import { isPagePath, LANGUAGE_LINK_PARAM, localeOfPath, localizePath } from "../../common/paths";
import { CONSENT_COOKIE, isLocale, LOCALE_COOKIE, THEME_COOKIE } from "../../common/i18n";
import type { AppContext, RequestContext, Theme } from "../core/app-context";
import { findSessionUser, SESSION_COOKIE } from "../accounts/sessions";
import { hashIp } from "../security/ip";

export type { RequestContext, Theme } from "../core/app-context";

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

/** The language remembered on this device (the language menu's cookie), Turkish by default. */
function rememberedLocale(req: Request): Locale {
  const lng = (req.cookies as Record<string, string | undefined> | undefined)?.[LOCALE_COOKIE]?.toLowerCase();
  return isLocale(lng) ? lng : "tr";
}

/** A page's preferences: its language from its URL (/en/… is English), theme and consent from cookies. */
export function readPreferences(req: Request): { locale: Locale; theme: Theme; consented: boolean } {
  const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
  return {
    locale: localeOfPath(req.path),
    theme: cookies[THEME_COOKIE] === "dark" ? "dark" : "light",
    consented: cookies[CONSENT_COOKIE] === "1",
  };
}

/** How long the language choice is remembered (as the preferences form keeps it). */
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/**
 * A language link (the language menu's, decision 025): a page GET with ?lng=tr|en stores the
 * choice and goes on (302) to the same URL without the flag, before the remembered language is
 * read, so that a link to a Turkish page from an English one is not sent back to /en. An unknown
 * value is dropped without storing anything.
 */
export function rememberLanguageOfLink(req: Request, res: Response, next: NextFunction) {
  const query = req.originalUrl.indexOf("?");
  if ((req.method !== "GET" && req.method !== "HEAD") || query < 0 || !isPagePath(req.path)) return next();
  const params = new URLSearchParams(req.originalUrl.slice(query + 1));
  if (!params.has(LANGUAGE_LINK_PARAM)) return next();
  const lng = params.get(LANGUAGE_LINK_PARAM)?.toLowerCase();
  params.delete(LANGUAGE_LINK_PARAM);
  if (isLocale(lng)) res.append("Set-Cookie", `${LOCALE_COOKIE}=${lng}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`);
  res.setHeader("Cache-Control", "no-store");
  const rest = params.toString();
  // isPagePath refused "//host" paths: the target stays on this site.
  res.redirect(302, req.path + (rest ? `?${rest}` : ""));
}

/**
 * A bare (Turkish) page path asked for with English remembered goes on to its /en twin (302), so
 * the cookie keeps the choice for links and bookmarks without the path. Only document requests:
 * data requests (.data), files and the API answer in the language of their URL. The Turkish
 * answer depends on the cookie, so it says so (Vary: Cookie) for caches.
 */
export function redirectToRememberedLanguage(req: Request, res: Response, next: NextFunction) {
  if ((req.method !== "GET" && req.method !== "HEAD") || localeOfPath(req.path) === "en" || !isPagePath(req.path)) return next();
  res.vary("Cookie");
  if (rememberedLocale(req) !== "en") return next();
  const query = req.originalUrl.indexOf("?");
  res.setHeader("Cache-Control", "no-store");
  res.redirect(302, localizePath("en", req.path + (query >= 0 ? req.originalUrl.slice(query) : "")));
}

/**
 * The context both kinds of request share. The IP hash is computed only when a handler reads
 * it, and the database is asked only when the request carries a session secret: a guest's
 * context is ready at once.
 */
function contextFor(
  app: AppContext,
  req: Request,
  fields: Pick<RequestContext, "locale" | "theme" | "consented" | "csrfToken" | "nonce">,
  sessionToken: string | undefined,
  credential: "cookie" | "bearer" = "cookie",
): RequestContext | Promise<RequestContext> {
  const ip = req.ip ?? req.socket.remoteAddress ?? "";
  let ipHash: string | null | undefined;
  const ctx: RequestContext = {
    app,
    ...fields,
    method: req.method,
    ip,
    get ipHash() {
      if (ipHash === undefined) ipHash = hashIp(app.config.SESSION_SECRET, ip);
      return ipHash;
    },
    user: null,
  };
  if (!sessionToken) return ctx;
  return findSessionUser(app.db, sessionToken).then((user) => {
    ctx.user = user;
    ctx.sessionToken = user ? sessionToken : undefined;
    ctx.credential = user ? credential : undefined;
    return ctx;
  });
}

/** Pages: preferences from the parsed cookies, the session cookie. */
export function buildRequestContext(
  app: AppContext,
  req: Request,
  csrfToken: string,
  nonce: string,
): RequestContext | Promise<RequestContext> {
  const sessionToken = (req.cookies as Record<string, string | undefined>)[SESSION_COOKIE];
  return contextFor(app, req, { ...readPreferences(req), csrfToken, nonce }, sessionToken);
}

const API_LOCALE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(tr|en)(?:;|$)`);
const API_SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([\\w-]+)`);

/**
 * /api/v1 calls: no cookie parsing beyond the language and the session, no CSRF token or CSP
 * nonce; a bearer token (the apps) or the session cookie (the site's own scripts).
 */
export function buildApiContext(app: AppContext, req: Request): RequestContext | Promise<RequestContext> {
  const cookie = req.headers.cookie ?? "";
  const bearer = /^Bearer\s+([\w-]+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const locale = (API_LOCALE.exec(cookie)?.[1] as Locale | undefined) ?? "tr";
  return contextFor(
    app,
    req,
    { locale, theme: "light", consented: false, csrfToken: "", nonce: "" },
    bearer ?? API_SESSION.exec(cookie)?.[1],
    bearer ? "bearer" : "cookie",
  );
}
