import { createHmac, randomBytes } from "node:crypto";

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

/** POSTs a signed JSON body; never throws (a network error is an answer with status null). */
export async function postWebhook(url: string, secret: string, id: string, body: string, opts: { timeoutMs?: number; now?: Date } = {}): Promise<WebhookAnswer> {
  const timestamp = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  try {
    const res = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      headers: {
        "content-type": "application/json",
        "user-agent": "GenisBant-Webhooks/1",
        "webhook-id": id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhook(secret, id, timestamp, body),
      },
      body,
    });
    const text = (await res.text().catch(() => "")).slice(0, 500);
    return { status: res.status, ok: res.status >= 200 && res.status < 300, text };
  } catch (err) {
    return { status: null, ok: false, text: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
  }
}
