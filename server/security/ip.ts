import { createHmac } from "node:crypto";

/** IP addresses are never stored as such: only a keyed hash (KVKK). */
export function hashIp(secret: string, ip: string | undefined): string | null {
  if (!ip) return null;
  return createHmac("sha256", secret).update(`ip:${ip}`).digest("base64url").slice(0, 32);
}
