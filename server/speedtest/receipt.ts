import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * What the stream server measured of one test, signed with a key derived from SESSION_SECRET.
 * The result store accepts a result only with the receipt of its own test, so a stored figure
 * is bounded by the server's own byte counts; a test server run apart from the site (its own
 * SPEEDTEST_PORT, same SESSION_SECRET) signs receipts the site can check without a database.
 */
export interface Receipt {
  v: 1;
  testId: string;
  /** Milliseconds since the epoch when the test was started. */
  startedAt: number;
  issuedAt: number;
  /** Bytes the server handed to the network for the download streams. */
  downBytes: number;
  /** The best one-second rate of those bytes, Mbit/s: no honest download figure exceeds it. */
  downPeakMbps: number;
  /** Bytes the server received on the upload streams. */
  upBytes: number;
  /** The upload figure, computed by the server from what it received (steady-window mean). */
  upMbps: number;
  /** Latency requests the server answered for this test. */
  pings: number;
}

function key(secret: string): Buffer {
  return createHmac("sha256", secret).update("speedtest-receipt").digest();
}

export function signReceipt(secret: string, receipt: Receipt): string {
  const body = Buffer.from(JSON.stringify(receipt)).toString("base64url");
  const mac = createHmac("sha256", key(secret)).update(body).digest("base64url");
  return `${body}.${mac}`;
}

/** The receipt, or null when it is malformed or not signed with this secret. */
export function verifyReceipt(secret: string, token: string): Receipt | null {
  if (typeof token !== "string" || token.length > 2000) return null;
  const [body, mac, ...rest] = token.split(".");
  if (!body || !mac || rest.length) return null;
  const expected = createHmac("sha256", key(secret)).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Receipt;
    if (parsed?.v !== 1 || typeof parsed.testId !== "string") return null;
    for (const n of [parsed.startedAt, parsed.issuedAt, parsed.downBytes, parsed.downPeakMbps, parsed.upBytes, parsed.upMbps, parsed.pings]) {
      if (typeof n !== "number" || !Number.isFinite(n) || n < 0) return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

/** The header the site's forwarder uses to pass on the client's address; keyed so no client can set it. */
export function forwardKey(secret: string): string {
  return createHmac("sha256", secret).update("speedtest-forward").digest("base64url").slice(0, 32);
}
