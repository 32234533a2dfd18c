import { performance } from "node:perf_hooks";
import { SLICE_MS, jitter, mbps, median, steadyEstimate } from "../../common/speedtest/measure";
import type { Receipt, RoundTrips } from "./receipt";

/**
 * What the stream server keeps of one test (stream-server.ts) and the figures it signs from it:
 * the bytes of each direction counted in slices of SLICE_MS, and when each ping arrived.
 */

/** Slices kept per direction: the lifetime of a test. */
const MAX_SLICES = 600;
/** The first second of a download is left out of the server's rate: it fills socket buffers. */
const DOWN_RAMP_SLICES = 10;

export type Part = "idle" | "down" | "up";

export interface TestState {
  id: string;
  ip: string;
  startedAt: number;
  created: number;
  down: number[];
  downT0?: number;
  downBytes: number;
  up: number[];
  upT0?: number;
  upBytes: number;
  /** An upload request has arrived: pings from now on are timed under upload. */
  upStarted: boolean;
  pings: number;
  /** When each ping arrived (performance.now), by the part of the test it came in. */
  pingTimes: Record<Part, number[]>;
  finished: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The gaps between consecutive ping arrivals: the round trips the server timed. */
export function roundTrips(arrivals: readonly number[]): RoundTrips {
  const gaps: number[] = [];
  for (let i = 1; i < arrivals.length; i++) gaps.push(arrivals[i] - arrivals[i - 1]);
  if (gaps.length === 0) return { n: 0, median: 0, max: 0, jitter: 0 };
  return { n: gaps.length, median: round2(median(gaps)), max: round2(Math.max(...gaps)), jitter: round2(jitter(gaps)) };
}

/** Mbit/s the server handed to the network after the ramp (and without the last, partial slice). */
export function sentRate(slices: readonly number[]): number {
  const from = slices.length > DOWN_RAMP_SLICES + 2 ? DOWN_RAMP_SLICES : 0;
  const to = Math.max(from + 1, slices.length - 1);
  const part = slices.slice(from, to);
  return round2(mbps(part.reduce((a, b) => a + b, 0), part.length * SLICE_MS));
}

/** Counts `bytes` in the slice of now, the direction's clock started at `t0`. */
export function addToSlices(slices: number[], t0: number, bytes: number) {
  const index = Math.floor((performance.now() - t0) / SLICE_MS);
  if (index >= MAX_SLICES) return;
  while (slices.length <= index) slices.push(0);
  slices[index] += bytes;
}

/** The receipt of a finished test; its upload figure is taken over the first `upTo` slices. */
export function testReceipt(test: TestState, upTo: number, issuedAt: number): Receipt {
  const up = steadyEstimate(test.up.slice(0, Math.min(upTo, test.up.length)));
  let peak = 0;
  let sum = 0;
  const window = Math.round(1000 / SLICE_MS);
  for (let i = 0; i < test.down.length; i++) {
    sum += test.down[i];
    if (i >= window) sum -= test.down[i - window];
    peak = Math.max(peak, sum);
  }
  const downPeakMbps = mbps(peak, Math.min(1000, Math.max(test.down.length, 1) * SLICE_MS));
  return {
    v: 2 as const,
    testId: test.id,
    startedAt: test.startedAt,
    issuedAt,
    downBytes: test.downBytes,
    downPeakMbps: round2(downPeakMbps),
    downMbps: sentRate(test.down),
    upBytes: test.upBytes,
    upMbps: round2(up.mbps),
    pings: test.pings,
    rtt: { idle: roundTrips(test.pingTimes.idle), down: roundTrips(test.pingTimes.down), up: roundTrips(test.pingTimes.up) },
  };
}
