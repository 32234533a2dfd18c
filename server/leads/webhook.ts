import { createHmac, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
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
  /** The first 500 characters of the answer, or the network error. */
  text: string;
}

/**
 * POSTs a signed JSON body; never throws (a network error is an answer with status null).
 * Only public addresses are called (webhook-address.ts), checked on the address connected to,
 * unless `allowPrivate` (the WEBHOOK_ALLOW_PRIVATE setting, for tests with a local receiver).
 * Redirects are not followed.
 */
export async function postWebhook(
  url: string,
  secret: string,
  id: string,
  body: string,
  opts: { timeoutMs?: number; now?: Date; allowPrivate?: boolean } = {},
): Promise<WebhookAnswer> {
  const timestamp = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { status: null, ok: false, text: "invalid webhook address" };
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return { status: null, ok: false, text: "invalid webhook address" };
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // An address literal is connected to without a lookup: checked here.
  if (!opts.allowPrivate && isIP(host) && !isPublicAddress(host)) return { status: null, ok: false, text: `refused: ${host} is not a public address` };
  const payload = Buffer.from(body);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const done = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
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
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (text.length < 500) text += chunk;
          else res.destroy();
        });
        const finish = () => done({ status, ok: status >= 200 && status < 300, text: text.slice(0, 500) });
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error("timeout"));
    }, opts.timeoutMs ?? 10_000);
    req.on("error", (err) => done({ status: null, ok: false, text: err.message.slice(0, 500) }));
    req.end(payload);
  });
}
