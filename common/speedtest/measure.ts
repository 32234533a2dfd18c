/**
 * The speed test's arithmetic, pure and isomorphic: the browser's Web Worker, the
 * stream server (upload is measured by what the server received) and the result store all use
 * these functions, so a figure is computed one way everywhere. No fudge factor: goodput.
 */

/** Bytes are counted in slices of this many milliseconds. */
export const SLICE_MS = 100;
/** Each direction stops at this many milliseconds even when the figure is not yet stable. */
export const MAX_PHASE_MS = 6000;
/** The steady window must be at least this long before a figure counts as stable. */
const MIN_STEADY_SLICES = 12;
/** The two halves of the steady window agree within this share: the figure is stable. */
const STABLE_TOLERANCE = 0.02;
/**
 * And every half-second block of it is within this share of its mean. Without this a window of
 * gulps and gaps (a receiver short of CPU takes the bytes that waited in its socket and pipe
 * buffers in bursts: 0, 1000, 500 Mbit/s…) could pass and read whatever burst it caught.
 */
const BLOCK_SLICES = 5;
const BLOCK_TOLERANCE = 0.1;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The share of the largest consecutive differences jitter leaves out (rounded: 4 of the page's 19,
 * 20 of the ping utility's 99, none of 2). One stall of the browser or the machine (a pause of the
 * worker's thread, a collection, a scheduler hiccup of a busy phone) is one long sample and so two
 * large differences, and in a mean of 19 it alone would read as jitter of the link: a 3 ms stall
 * on a steady link gave 0.34 ms where the link had 0.03. Leaving out the largest fifth keeps two
 * such stalls out and barely moves the figure of a link that really varies (decision 026).
 */
export const JITTER_LEFT_OUT_SHARE = 0.2;

/** How many of `differences` consecutive differences jitter leaves out. */
export function jitterLeftOut(differences: number): number {
  return Math.round(differences * JITTER_LEFT_OUT_SHARE);
}

/**
 * Jitter: the mean absolute difference of consecutive samples (RFC 3550's idea, unsmoothed),
 * leaving out the largest fifth of the differences (`JITTER_LEFT_OUT_SHARE`).
 */
export function jitter(samples: readonly number[]): number {
  if (samples.length < 2) return 0;
  const differences: number[] = [];
  for (let i = 1; i < samples.length; i++) differences.push(Math.abs(samples[i] - samples[i - 1]));
  differences.sort((a, b) => a - b);
  const kept = differences.length - jitterLeftOut(differences.length);
  let sum = 0;
  for (let i = 0; i < kept; i++) sum += differences[i];
  return sum / kept;
}

export interface LatencySummary {
  /** Median round trip, ms. */
  ping: number;
  /** Smallest round trip, ms. */
  min: number;
  jitter: number;
  samples: number;
}

export function summariseLatency(samples: readonly number[]): LatencySummary {
  return { ping: median(samples), min: Math.min(...samples), jitter: jitter(samples), samples: samples.length };
}

/** Megabits per second of `bytes` over `ms` milliseconds. */
export function mbps(bytes: number, ms: number): number {
  return ms > 0 ? (bytes * 8) / (ms * 1000) : 0;
}

export interface SteadyEstimate {
  /** Mean goodput over the steady window, Mbit/s (0 when there is no steady window yet). */
  mbps: number;
  /** The first slice the figure averages (everything before it is ramp-up, dropped). */
  steadyStart: number;
  /** Slices the figure averages. */
  steadySlices: number;
  /** The steady window is long enough, its two halves agree and none of its half-seconds strays. */
  stable: boolean;
}

/** The rolling window (in slices, one second) compared with the level when the steady window is looked for. */
const LEVEL_WINDOW = 10;
/** Rolling windows that stray this far from the level of the last window end the steady window. */
const STEADY_TOLERANCE = 0.05;
/** Leading slices under this share of the level are ramp-up still, even inside a window that passed. */
const RAMP_SLICE_SHARE = 0.8;

/**
 * The figure of one direction from its byte counts per slice (completed slices only). A steady
 * window reaches back from the last slice as long as every rolling one-second window stays
 * within 5% of the level of the last second (leading slices under 80% of it are dropped too):
 * so the ramp-up (TCP slow start, streams being added) and bursts or stalls before it are left
 * out, while a burst and the gap that pays for it inside the window average out. The figure is
 * the mean over the steady window, never a maximum or a high percentile. It is stable when the
 * window is at least MIN_STEADY_SLICES long, the means of its two halves agree within 2% and
 * every half-second of it is within 10% of its mean. While it is not, the figure averages at
 * least the last half of the slices: a link that never settles (it stalls and bursts, or its
 * receiver takes the bytes in gulps) read over its last second alone read 10% high or 60% low.
 */
export function steadyEstimate(slices: readonly number[], sliceMs = SLICE_MS): SteadyEstimate {
  const none: SteadyEstimate = { mbps: 0, steadyStart: slices.length, steadySlices: 0, stable: false };
  if (slices.length < LEVEL_WINDOW + 1) return none;
  const prefix = [0];
  for (const b of slices) prefix.push(prefix[prefix.length - 1] + b);
  const windowSum = (from: number) => prefix[from + LEVEL_WINDOW] - prefix[from];
  const end = slices.length;
  const level = windowSum(end - LEVEL_WINDOW);
  if (level <= 0) return none;
  let start = end - LEVEL_WINDOW;
  // The first slice is never part of it: the streams were still being opened.
  while (start > 1 && Math.abs(windowSum(start - 1) - level) <= STEADY_TOLERANCE * level) start--;
  const perSlice = level / LEVEL_WINDOW;
  while (start < end - LEVEL_WINDOW && slices[start] < RAMP_SLICE_SHARE * perSlice) start++;
  const steady = slices.slice(start, end);
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  let stable = false;
  if (steady.length >= MIN_STEADY_SLICES) {
    const half = steady.length >> 1;
    const first = sum(steady.slice(0, half)) / half;
    const second = sum(steady.slice(steady.length - half)) / half;
    stable = first > 0 && Math.abs(second - first) / Math.max(first, second) <= STABLE_TOLERANCE;
    const mean = sum(steady) / steady.length;
    for (let b = steady.length - BLOCK_SLICES; stable && b >= 0; b -= BLOCK_SLICES) {
      stable = Math.abs(sum(steady.slice(b, b + BLOCK_SLICES)) / BLOCK_SLICES - mean) <= BLOCK_TOLERANCE * mean;
    }
  }
  if (!stable) start = Math.min(start, end >> 1);
  const result = mbps(prefix[end] - prefix[start], (end - start) * sliceMs);
  return { mbps: result, steadyStart: start, steadySlices: end - start, stable };
}

/** Whether adding a stream helped: throughput of the last window rose by more than 5% over the one before. */
export function stillRising(slices: readonly number[], windowSlices = 3): boolean {
  if (slices.length < windowSlices * 2) return true;
  const sumOf = (from: number) => slices.slice(from, from + windowSlices).reduce((a, b) => a + b, 0);
  const last = sumOf(slices.length - windowSlices);
  const before = sumOf(slices.length - 2 * windowSlices);
  return last > before * 1.05;
}

export type BufferbloatGrade = "A+" | "A" | "B" | "C" | "D" | "F";

/** The figures of one test (Mbit/s and ms), as measured, stored and shown. */
export interface SpeedtestFigures {
  download: number;
  upload: number;
  ping: number;
  pingMin: number;
  jitter: number;
  loadedDown: number;
  loadedUp: number;
  grade: string;
}

/** The grade of the latency added under load (ms): A+ < 5, A < 30, B < 60, C < 200, D < 400, else F. */
export function bufferbloatGrade(extraMs: number): BufferbloatGrade {
  const extra = Math.max(0, extraMs);
  if (extra < 5) return "A+";
  if (extra < 30) return "A";
  if (extra < 60) return "B";
  if (extra < 200) return "C";
  if (extra < 400) return "D";
  return "F";
}

/** What a connection is good for, from the smallest to the largest need (Mbit/s down, up; ms ping). */
export const USES = [
  { key: "browsing", down: 5, up: 1, ping: 200 },
  { key: "hdStreaming", down: 10, up: 1, ping: 200 },
  { key: "videoCalls", down: 5, up: 3, ping: 100 },
  { key: "gaming", down: 10, up: 3, ping: 50 },
  { key: "uhdStreaming", down: 25, up: 1, ping: 200 },
  { key: "bigFamily", down: 100, up: 10, ping: 100 },
] as const;

export type UseKey = (typeof USES)[number]["key"];

/** The uses a result is enough for, in the order of USES. */
export function enoughFor(result: { download: number; upload: number; ping: number }): UseKey[] {
  return USES.filter((u) => result.download >= u.down && result.upload >= u.up && result.ping <= u.ping).map((u) => u.key);
}

/** A result is poor when it misses video calls and HD streaming, or reaches under half of what was promised. */
export function isPoor(result: { download: number; upload: number; ping: number }, promisedDown?: number | null): boolean {
  const uses = enoughFor(result);
  if (!uses.includes("videoCalls") || !uses.includes("hdStreaming")) return true;
  return promisedDown != null && promisedDown > 0 && result.download < promisedDown * 0.5;
}

/** The share (0..∞, 1 = 100%) of a promised speed that a figure reaches, or null without a promise. */
export function shareOfPromise(measured: number, promised: number | null | undefined): number | null {
  return promised && promised > 0 ? measured / promised : null;
}
