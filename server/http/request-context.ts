import type { Request } from "express";
import type { Locale } from "../../common/format";
import { CONSENT_COOKIE, isLocale, LOCALE_COOKIE, THEME_COOKIE } from "../../common/i18n";
import type { AppContext } from "../app-context";
import { findSessionUser, SESSION_COOKIE, type SessionUser } from "../accounts/sessions";
import { hashIp } from "../security/ip";

export type Theme = "light" | "dark";

/** What every loader, action and API handler gets for one request. */
export interface RequestContext {
  app: AppContext;
  locale: Locale;
  theme: Theme;
  /** The cookie-consent choice has been made on this device. */
  consented: boolean;
  csrfToken: string;
  /** Per-request nonce for the Content-Security-Policy of inline scripts. */
  nonce: string;
  ipHash: string | null;
  /** Client address, for rate-limit keys only; never stored. */
  ip: string;
  /** The signed-in user, if any (session cookie on the site, bearer token or cookie on the API). */
  user: SessionUser | null;
  /** The secret that authenticated this request (to end it on logout). */
  sessionToken?: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

export function readPreferences(req: Request): { locale: Locale; theme: Theme; consented: boolean } {
  const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
  const lng = cookies[LOCALE_COOKIE]?.toLowerCase();
  return {
    locale: isLocale(lng) ? lng : "tr",
    theme: cookies[THEME_COOKIE] === "dark" ? "dark" : "light",
    consented: cookies[CONSENT_COOKIE] === "1",
  };
}

export function buildRequestContext(
  app: AppContext,
  req: Request,
  csrfToken: string,
  nonce: string,
): RequestContext | Promise<RequestContext> {
  const ip = req.ip ?? req.socket.remoteAddress ?? "";
  const sessionToken = (req.cookies as Record<string, string | undefined>)[SESSION_COOKIE];
  const base: RequestContext = {
    app,
    ...readPreferences(req),
    csrfToken,
    nonce,
    ip,
    ipHash: hashIp(app.config.SESSION_SECRET, ip),
    user: null,
  };
  if (!sessionToken) return base;
  return findSessionUser(app.db, sessionToken).then((user) => ({ ...base, user, sessionToken: user ? sessionToken : undefined }));
}

const API_LOCALE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(tr|en)(?:;|$)`);

/**
 * The lighter context of /api/v1 calls: no cookie parsing beyond the language, no CSRF token or
 * CSP nonce, and the IP hash computed only when a handler asks for it.
 */
const API_SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([\\w-]+)`);

export function buildApiContext(app: AppContext, req: Request): RequestContext | Promise<RequestContext> {
  const ip = req.ip ?? req.socket.remoteAddress ?? "";
  const cookie = req.headers.cookie ?? "";
  const match = API_LOCALE.exec(cookie);
  const bearer = /^Bearer\s+([\w-]+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const sessionToken = bearer ?? API_SESSION.exec(cookie)?.[1];
  let ipHash: string | null | undefined;
  const base: RequestContext = {
    user: null,
    app,
    locale: (match?.[1] as Locale | undefined) ?? "tr",
    theme: "light",
    consented: false,
    csrfToken: "",
    nonce: "",
    ip,
    get ipHash() {
      if (ipHash === undefined) ipHash = hashIp(app.config.SESSION_SECRET, ip);
      return ipHash;
    },
  };
  if (!sessionToken) return base;
  return findSessionUser(app.db, sessionToken).then((user) => {
    base.user = user;
    base.sessionToken = user ? sessionToken : undefined;
    return base;
  });
}
