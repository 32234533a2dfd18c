import { createHmac, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { WebhookFailure } from "../../common/packages";
import { isPublicAddress, publicOnlyLookup } from "./webhook-address";

/**
 * Standard Webhooks signing (standardwebhooks.com): headers webhook-id, webhook-timestamp
 * (seconds) and webhook-signature "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>",
 * keyed by the secret's bytes (base64, shown as "whsec_<base64>").
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** A new secret: 24 random bytes, base64, with the customary prefix. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export interface WebhookAnswer {
  status: number | null;
  ok: boolean;
  /** Why it failed (null when it answered 2xx). */
  reason: WebhookFailure | null;
  /** Milliseconds from the start of the call to its answer or failure. */
  ms: number;
}

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NODATA", "EAI_NONAME", "EAI_FAIL", "ENODATA", "ESERVFAIL", "ENONAME"]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "ESOCKETTIMEDOUT", "UND_ERR_CONNECT_TIMEOUT"]);

/** The class of a network error (its code; the message itself is never passed on). */
export function classifyWebhookError(err: NodeJS.ErrnoException | undefined, timedOut: boolean): WebhookFailure {
  if (timedOut) return "timeout";
  const code = err?.code ?? "";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "ENOTPUBLIC") return "private";
  if (TIMEOUT_CODES.has(code)) return "timeout";
  if (DNS_CODES.has(code)) return "dns";
  // OpenSSL's certificate and handshake errors: ERR_TLS_*, ERR_SSL_*, CERT_*, *_SELF_SIGNED_*, EPROTO (a plain-HTTP server behind https).
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|EPROTO$)|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|_SIGNATURE_FAILURE$|^HOSTNAME_MISMATCH$/.test(code)) return "tls";
  return "network";
}

/**
 * POSTs a signed JSON body; never throws (a failure is an answer with its class). The answer's
 * body is never read: only its status counts. Only public addresses are called
 * (webhook-address.ts), checked on the address connected to, unless `allowPrivate` (the
 * WEBHOOK_ALLOW_PRIVATE setting, for tests with a local receiver). Redirects are not followed.
 */
export async function postWebhook(
  url: string,
  secret: string,
  id: string,
  body: string,
  opts: { timeoutMs?: number; now?: Date; allowPrivate?: boolean } = {},
): Promise<WebhookAnswer> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  const timestamp = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { status: null, ok: false, reason: "invalid", ms: elapsed() };
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return { status: null, ok: false, reason: "invalid", ms: elapsed() };
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // An address literal is connected to without a lookup: checked here.
  if (!opts.allowPrivate && isIP(host) && !isPublicAddress(host)) return { status: null, ok: false, reason: "private", ms: elapsed() };
  const payload = Buffer.from(body);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    let timedOut = false;
    const done = (answer: Omit<WebhookAnswer, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: elapsed() });
    };
    const req = request(
      target,
      {
        method: "POST",
        agent: false,
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup() }),
        headers: {
          "content-type": "application/json",
          "content-length": String(payload.length),
          "user-agent": "GenisBant-Webhooks/1",
          "webhook-id": id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signWebhook(secret, id, timestamp, body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        done({ status, ok, reason: ok ? null : "http" });
        // The body is not read: the connection (agent: false, one call) is closed.
        res.destroy();
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error("timeout"));
    }, opts.timeoutMs ?? 10_000);
    req.on("error", (err: NodeJS.ErrnoException) => done({ status: null, ok: false, reason: classifyWebhookError(err, timedOut) }));
    req.end(payload);
  });
}
