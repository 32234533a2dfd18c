import { createHmac } from "node:crypto";
import { AppError } from "./app-error";

/** What an Idempotency-Key header may be: 8 to 255 visible ASCII characters (a UUID is one). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;
export const IDEMPOTENCY_HEADER = "idempotency-key";

/**
 * The stored form of a request's Idempotency-Key: keyed with the site's secret and scoped to who
 * sent it (an account, or a hashed client address), so one client's key never meets another's
 * and the raw key is never stored. Absent header: undefined. A malformed one is a 400, so a
 * client that believes it is protected is told it is not.
 */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>, secret: string, scope: string): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !IDEMPOTENCY_KEY.test(raw)) throw new AppError("E_VALIDATION", "errors.idempotencyKey");
  return createHmac("sha256", secret).update(`idempotency\u0000${scope}\u0000${raw}`).digest("base64url");
}
