import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookCall {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  receivedAt: number;
}

/**
 * A company's webhook for the browser suite: a local HTTP server (on loopback, which the site
 * calls because the suite starts it with WEBHOOK_ALLOW_PRIVATE=1) that keeps every call and
 * answers 200. It runs in the test worker, so the test reads its calls directly.
 */
export async function startWebhookReceiver(): Promise<{ url: string; calls: WebhookCall[]; close(): Promise<void> }> {
  const calls: WebhookCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      calls.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("received");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/genisbant/leads`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Why a call's Standard Webhooks signature does not verify, or null when it does. */
export type SignatureProblem = "missing headers" | "stale timestamp" | "bad signature";

/**
 * Verifies a call the way a receiver following the Standard Webhooks specification
 * (standardwebhooks.com) does, written here apart from the site's signing code: the secret is
 * "whsec_" and base64 key bytes; the signed content is `${webhook-id}.${webhook-timestamp}.${body}`;
 * webhook-signature is a space-separated list of "v1,<base64 HMAC-SHA256>" of which one must
 * match (compared in constant time); the timestamp (seconds) must be within five minutes.
 */
export function verifyStandardWebhook(secret: string, call: Pick<WebhookCall, "headers" | "body">, now = Date.now()): SignatureProblem | null {
  const id = call.headers["webhook-id"];
  const timestamp = call.headers["webhook-timestamp"];
  const signatures = call.headers["webhook-signature"];
  if (typeof id !== "string" || !id || typeof timestamp !== "string" || !/^\d+$/.test(timestamp) || typeof signatures !== "string") return "missing headers";
  if (Math.abs(now / 1000 - Number(timestamp)) > 5 * 60) return "stale timestamp";
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${call.body}`).digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : "bad signature";
}
