import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../config";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The site's own origins: the page's ('self') and SITE_URL's when it differs (a proxy in front),
 * and the speed test's stream server when it has an address of its own (SPEEDTEST_PUBLIC_URL).
 */
function connectSrc(siteUrl: string, speedtestUrl?: string): string {
  const speedtest = speedtestUrl ? ` ${new URL(speedtestUrl).origin}` : "";
  return `connect-src 'self' ${new URL(siteUrl).origin}${speedtest}`;
}

function cspRest(config: Config): string {
  return [
    "default-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Company profile videos: an iframe from YouTube's no-cookie host, inserted only after the
    // visitor clicks the video's placeholder (app/features/companies/youtube-facade.tsx).
    "frame-src https://www.youtube-nocookie.com",
    connectSrc(config.SITE_URL, config.SPEEDTEST_PUBLIC_URL),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function isHttpsSite(config: Config): boolean {
  return config.SITE_URL.startsWith("https:");
}

/**
 * Every answer of an https site: HSTS, and `Secure` on every cookie it sets (session, CSRF,
 * language, theme, consent), whoever set it.
 */
export function httpsOnly(config: Config) {
  const https = isHttpsSite(config);
  return (_req: Request, res: Response, next: NextFunction) => {
    if (!https) return next();
    res.setHeader("Strict-Transport-Security", HSTS);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const cookies = res.getHeader("Set-Cookie");
      if (cookies !== undefined) {
        const list = Array.isArray(cookies) ? cookies : [String(cookies)];
        res.setHeader("Set-Cookie", list.map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`)));
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/** Page responses: a per-request nonce lets only our own inline scripts run. */
export function securityHeaders(config: Config) {
  const rest = cspRest(config);
  return (_req: Request, res: Response, next: NextFunction) => {
    // randomUUID draws from a pooled entropy buffer: cheaper per request than randomBytes.
    const nonce = randomUUID().replaceAll("-", "");
    res.locals.nonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    // Development: Vite's hot-reload preamble is an inline script without our nonce (and its socket).
    if (res.app.get("env") !== "development") {
      res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'; ${rest}`);
    }
    next();
  };
}
