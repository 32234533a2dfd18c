import { createHash, randomBytes } from "node:crypto";

/** A random secret for a cookie, bearer token or mailed code: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Secrets are stored only as their SHA-256; a database leak gives no usable token. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}
