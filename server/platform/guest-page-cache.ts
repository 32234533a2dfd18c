import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { CONSENT_COOKIE, LOCALE_COOKIE, THEME_COOKIE } from "../../common/i18n";
import { stripLocale } from "../../common/paths";
import { isGuestCachedPath } from "../../common/routes/registry";
import { createShortCache, type ShortCache } from "./short-cache";
import { CSRF_COOKIE } from "../security/csrf";

/**
 * Guest pages rendered once and kept a short while (decision 018).
 *
 * A page a registry entry marks `guestCache` looks the same to every guest who has made the same
 * choices (language, theme, cookie consent), but for two per-request values: the CSRF token of
 * its forms and the CSP nonce of its scripts. It is rendered with two random stand-ins for them,
 * kept `PAGE_CACHE_SECONDS`, and each guest gets the kept bytes with their own token and nonce
 * written in. Only a plain GET or HEAD of the page's path qualifies: no query, no session, no
 * cookie but the preferences and the CSRF cookie (anything else, such as the remembered
 * infrastructure query, may change the page), and only a 200 document that sets no cookie of its
 * own is kept.
 */
/** What the cache reads of a request's context (the HTTP layer's RequestContext has these). */
export interface GuestVisitor {
  user: unknown;
  theme: string;
  consented: boolean;
  csrfToken: string;
  nonce: string;
}

export interface GuestPage {
  headers: [string, string][];
  html: string;
  csrfStandIn: string;
  nonceStandIn: string;
}

export interface GuestPageCache {
  /** The cache key of this request, or null when its page must be rendered for it. */
  keyFor(req: Request, ctx: GuestVisitor): string | null;
  /** The kept page, rendered by `render` with the stand-ins when missing or stale; null: not keepable. */
  get(key: string, render: (standIns: { csrfToken: string; nonce: string }) => Promise<GuestPage | null>): Promise<GuestPage | null>;
  clear(): void;
}

const PREFERENCE_COOKIES = new Set([LOCALE_COOKIE, THEME_COOKIE, CONSENT_COOKIE, CSRF_COOKIE]);

export function createGuestPageCache(opts: { keepMs: number }): GuestPageCache | undefined {
  if (opts.keepMs <= 0) return undefined;
  const cache: ShortCache = createShortCache({ keepMs: opts.keepMs, maxEntries: 200 });
  return {
    keyFor(req, ctx) {
      if (req.method !== "GET" && req.method !== "HEAD") return null;
      if (ctx.user || req.headers.authorization || req.originalUrl.includes("?")) return null;
      for (const name of Object.keys((req.cookies ?? {}) as object)) if (!PREFERENCE_COOKIES.has(name)) return null;
      if (!isGuestCachedPath(stripLocale(req.path))) return null;
      return `${req.path}\n${ctx.theme}\n${ctx.consented ? 1 : 0}`;
    },
    get(key, render) {
      return cache.get(key, () => render({ csrfToken: randomBytes(16).toString("hex"), nonce: randomBytes(16).toString("hex") }));
    },
    clear: () => cache.clear(),
  };
}

/** The kept page with this request's CSRF token and nonce in place of the stand-ins. */
export function sendGuestPage(res: Response, page: GuestPage, ctx: GuestVisitor): void {
  const html = page.html.split(page.csrfStandIn).join(ctx.csrfToken).split(page.nonceStandIn).join(ctx.nonce);
  const bytes = Buffer.from(html);
  res.status(200);
  for (const [key, value] of page.headers) res.append(key, value);
  res.setHeader("Content-Length", String(bytes.byteLength));
  res.end(bytes);
}
