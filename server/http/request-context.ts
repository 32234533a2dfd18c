import type { Request } from "express";
import type { Locale } from "../../common/format";
import { CONSENT_COOKIE, isLocale, LOCALE_COOKIE, THEME_COOKIE } from "../../common/i18n";
import type { AppContext } from "../app-context";
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

export function buildRequestContext(app: AppContext, req: Request, csrfToken: string, nonce: string): RequestContext {
  const ip = req.ip ?? req.socket.remoteAddress ?? "";
  return {
    app,
    ...readPreferences(req),
    csrfToken,
    nonce,
    ip,
    ipHash: hashIp(app.config.SESSION_SECRET, ip),
  };
}

const API_LOCALE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(tr|en)(?:;|$)`);

/**
 * The lighter context of /api/v1 calls: no cookie parsing beyond the language, no CSRF token or
 * CSP nonce, and the IP hash computed only when a handler asks for it.
 */
export function buildApiContext(app: AppContext, req: Request): RequestContext {
  const ip = req.ip ?? req.socket.remoteAddress ?? "";
  const match = API_LOCALE.exec(req.headers.cookie ?? "");
  let ipHash: string | null | undefined;
  return {
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
}
