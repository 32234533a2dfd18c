import type { IncomingMessage, ServerResponse } from "node:http";
import { isLocale, type MessageKey } from "../../common/i18n";
import type { Locale } from "../../common/format";
import { translate } from "../i18n";

/**
 * The stream server's answers (stream-server.ts): it runs without the site's middleware, so its
 * headers, its errors in the API's shape and their language are set here.
 */

function pickLocale(req: IncomingMessage): Locale {
  const first = req.headers["accept-language"]?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  if (isLocale(first)) return first;
  return /(?:^|;\s*)gb_lng=en(?:;|$)/.test(req.headers.cookie ?? "") ? "en" : "tr";
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Timing-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Content-Length",
};

export function commonHeaders(res: ServerResponse) {
  for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
}

const STATUS: Record<string, number> = {
  E_BAD_REQUEST: 400,
  E_NOT_FOUND: 404,
  E_METHOD_NOT_ALLOWED: 405,
  E_CONFLICT: 409,
  E_PAYLOAD_TOO_LARGE: 413,
  E_RATE_LIMITED: 429,
  E_UNAVAILABLE: 503,
};

export function fail(req: IncomingMessage, res: ServerResponse, code: keyof typeof STATUS & string, key: MessageKey, close = false) {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ success: false, exception: code, message: translate(pickLocale(req), { key }) });
  res.statusCode = STATUS[code];
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  if (code === "E_RATE_LIMITED") res.setHeader("Retry-After", "60");
  if (close) res.setHeader("Connection", "close");
  res.end(body);
  // A body still arriving is not read: the connection closes once the answer is out.
  if (close) res.on("finish", () => req.destroy());
}

export function json(res: ServerResponse, value: unknown) {
  const body = JSON.stringify(value);
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}
