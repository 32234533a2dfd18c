/**
 * What the stream server (stream-server.ts) allows: per IP, concurrent streams and tests and bytes
 * per window; per request, bytes and seconds; in all, streams and tests kept in memory. Past a
 * limit it answers a 4xx or cuts the stream. Tests and a separate test server pass their own.
 */
export interface StreamLimits {
  /** Download and upload requests open at once from one IP. */
  streamsPerIp: number;
  /** Open streams in all. */
  streamsTotal: number;
  /** Tests started by one IP in a window. */
  testsPerIp: number;
  /** Bytes (both directions) one IP may move in a window. */
  bytesPerIp: number;
  windowMs: number;
  /** Largest download request and upload body. */
  maxRequestBytes: number;
  /** A stream open longer than this is cut. */
  maxRequestMs: number;
  /** A test takes streams for this long after its start. */
  testLifetimeMs: number;
  /** Tests kept in memory at once. */
  maxTests: number;
}

export const defaultLimits: StreamLimits = {
  streamsPerIp: 12,
  streamsTotal: 400,
  testsPerIp: 30,
  bytesPerIp: 50 * 1024 ** 3,
  windowMs: 10 * 60_000,
  maxRequestBytes: 256 * 1024 ** 2,
  maxRequestMs: 15_000,
  testLifetimeMs: 60_000,
  maxTests: 20_000,
};
