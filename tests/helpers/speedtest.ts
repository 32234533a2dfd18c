import { signReceipt, type Receipt, type RoundTrips } from "../../server/speedtest/receipt";

let seq = 0;

/**
 * A receipt the stream server would have signed for an honest test of 80 Mbit/s down and 20 up
 * with a 10 ms ping: the figures of `honestFigures` fit it. Fields can be overridden.
 */
export function signedReceipt(secret: string, overrides: Partial<Receipt> = {}): string {
  seq++;
  const now = Date.now();
  const trips = (median: number, max: number, jitter: number, n = 19): RoundTrips => ({ n, median, max, jitter });
  return signReceipt(secret, {
    v: 2,
    testId: `helper-test-${process.pid}-${String(seq).padStart(9, "0")}`,
    startedAt: now - 20_000,
    issuedAt: now,
    downBytes: 60_000_000,
    downPeakMbps: 90,
    downMbps: 85,
    upBytes: 15_000_000,
    upMbps: 20,
    pings: 60,
    rtt: { idle: trips(10.5, 14, 1.2), down: trips(80, 95, 6), up: trips(85, 110, 8) },
    ...overrides,
  });
}

/** Figures that fit `signedReceipt()`'s default counts. */
export const honestFigures = { download: 80, upload: 20, ping: 10, pingMin: 8, jitter: 1, loadedDown: 28, loadedUp: 35 };

/** The claims of a receipt (its payload; the signature is not checked). */
export function receiptClaims(receipt: string): Receipt {
  return JSON.parse(Buffer.from(receipt.split(".")[0]!, "base64url").toString("utf8")) as Receipt;
}

/**
 * Figures that fit a receipt the real stream server signed (read from its claims): what an
 * honest page would have measured of that same test.
 */
export function figuresFor(receipt: string): typeof honestFigures {
  const c = receiptClaims(receipt);
  const download = Math.round(Math.min(c.downPeakMbps, c.downMbps) * 100) / 100;
  const ping = Math.round(c.rtt.idle.median * 100) / 100;
  const loaded = (r: RoundTrips) => (r.n ? Math.round(r.median * 100) / 100 : ping);
  return { download, upload: c.upMbps, ping, pingMin: Math.min(ping, Math.max(0, ping - 0.1)), jitter: Math.min(c.rtt.idle.jitter, c.rtt.idle.max), loadedDown: loaded(c.rtt.down), loadedUp: loaded(c.rtt.up) };
}
