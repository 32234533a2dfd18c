import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The links of the mails a person asked for with their address (an infrastructure alert, a
 * commitment reminder): a confirmation link (double opt-in) carrying a random secret whose hash
 * alone is stored, and an unsubscribe link that any later mail can carry without the secret kept
 * in clear: the record's id and an HMAC of it under SESSION_SECRET, per purpose.
 */

/** A new confirmation secret (24 random bytes, 32 base64url characters). */
export function newLinkSecret(): string {
  return randomBytes(24).toString("base64url");
}

/** What is stored of a confirmation secret. */
export function hashLinkSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Whether a link's token has the shape of a confirmation secret (so it is worth looking up). */
export function isLinkSecret(token: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(token);
}

/** The unsubscribe token of record `id` for `purpose` ("infra-alert", "commitment-reminder"). */
export function signedLinkToken(secret: string, purpose: string, id: number): string {
  return `${id}.${createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url")}`;
}

/** The record id an unsubscribe token was made for, or null when it is not one of `purpose`. */
export function signedLinkId(secret: string, purpose: string, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(signedLinkToken(secret, purpose, Number(m[1])));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got) ? Number(m[1]) : null;
}

/** Headers of RFC 8058 one-click unsubscribe (the mail client POSTs "List-Unsubscribe=One-Click" to the link). */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A site path as an absolute link for a mail. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}
