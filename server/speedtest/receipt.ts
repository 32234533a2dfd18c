import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * What the stream server measured of one test, signed with a key derived from SESSION_SECRET.
 * The result store accepts a result only with the receipt of its own test, so a stored figure
 * is bounded by the server's own byte counts; a test server run apart from the site (its own
 * SPEEDTEST_PORT, same SESSION_SECRET) signs receipts the site can check without a database.
 */
/**
 * The round trips the server timed in one part of a test: the gaps between the arrivals of
 * consecutive pings of that part, ms. A client sends a ping only once the previous one was
 * answered (the probe under load also waits 50 ms), so each gap holds one round trip: no
 * honest sample is longer than the gap around it.
 */
export interface RoundTrips {
  /** Gaps timed (pings of the part less one). */
  n: number;
  median: number;
  max: number;
  /** Mean absolute difference of consecutive gaps. */
  jitter: number;
}

export interface Receipt {
  v: 2;
  testId: string;
  /** Milliseconds since the epoch when the test was started. */
  startedAt: number;
  issuedAt: number;
  /** Bytes the server handed to the network for the download streams. */
  downBytes: number;
  /** The best one-second rate of those bytes, Mbit/s: no honest download figure exceeds it. */
  downPeakMbps: number;
  /**
   * The rate the server handed bytes to the network after the first second of the download,
   * Mbit/s: the link's rate, or more while socket buffers were still growing; an honest download
   * figure is not far below it.
   */
  downMbps: number;
  /** Bytes the server received on the upload streams. */
  upBytes: number;
  /** The upload figure, computed by the server from what it received (steady-window mean). */
  upMbps: number;
  /** Latency requests the server answered for this test. */
  pings: number;
  /** Round trips timed before the download (idle), during the download and during the upload. */
  rtt: { idle: RoundTrips; down: RoundTrips; up: RoundTrips };
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
    if (parsed?.v !== 2 || typeof parsed.testId !== "string" || typeof parsed.rtt !== "object" || parsed.rtt === null) return null;
    const trips = [parsed.rtt.idle, parsed.rtt.down, parsed.rtt.up];
    if (trips.some((r) => typeof r !== "object" || r === null)) return null;
    const numbers = [parsed.startedAt, parsed.issuedAt, parsed.downBytes, parsed.downPeakMbps, parsed.downMbps, parsed.upBytes, parsed.upMbps, parsed.pings];
    for (const r of trips) numbers.push(r.n, r.median, r.max, r.jitter);
    for (const n of numbers) {
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
