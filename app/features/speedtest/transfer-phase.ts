import { SLICE_MS, steadyEstimate, stillRising, type SteadyEstimate } from "../../../common/speedtest/measure";
import { deadline, sleep } from "./deadline";
import type { PhaseDetail, WorkerMessage } from "./protocol";

// A transfer phase of the speed test (run-test.ts): streams in one direction until the figure is
// stable or the phase's time is up.

/** Transfer streams at most: browsers open 6 connections per host, one stays for the latency probe. */
const MAX_STREAMS = 4;
/** Streams are added at most this often while the throughput keeps rising. */
const ADD_STREAM_MS = 300;
/** A figure is not called stable before this much of its phase has passed. */
const MIN_PHASE_MS = 1500;
/**
 * A slice this far from its steady window's mean is a stray: a stall of the receiver (on a 2-core
 * machine at 300 Mbit/s, slices of 54–215 against 290) or the gulp after one. Ordinary slices
 * stay within about 15% of it.
 */
const STRAY_SHARE = 0.2;

/**
 * Whether a transfer phase has its figure: at its time limit, or once the figure is stable
 * (measure.ts) after MIN_PHASE_MS and its steady window holds no stray slice. A window of 1.2–1.5 s
 * with a stall in it can pass the stability test and read 3–4% low (one stall of a quarter of a
 * slice's bytes costs a 15-slice window 1.7%), and nothing would win those bytes back if the
 * phase stopped there. Measuring on lets the steady window move past the stall or dilutes it, so
 * such a phase goes on until its window is clean, or to its limit (decision 026).
 */
export function phaseDone(slices: readonly number[], estimate: SteadyEstimate, elapsedMs: number, maxMs: number): boolean {
  if (elapsedMs >= maxMs) return true;
  if (!estimate.stable || elapsedMs < MIN_PHASE_MS) return false;
  const window = slices.slice(estimate.steadyStart);
  const mean = window.reduce((a, b) => a + b, 0) / window.length;
  return window.every((b) => Math.abs(b - mean) <= STRAY_SHARE * mean);
}

interface PhaseOutcome {
  mbps: number;
  loaded: number[];
  slicesUsed: number;
  detail: PhaseDetail;
}

/** What a phase takes from the test it is part of. */
export interface PhaseContext {
  /** A monotonic clock in ms. */
  now: () => number;
  /** Aborted when the whole test's budget is spent. */
  testSignal: AbortSignal;
  /** Pings while the phase runs (until `signal` aborts): the latency under load, samples after `skipMs`. */
  probeUnderLoad: (signal: AbortSignal, skipMs: number) => number[];
  progress: (msg: Extract<WorkerMessage, { type: "progress" }>) => void;
}

/**
 * Runs streams until the figure of `read()` is stable or `maxMs` passed, adding a stream every
 * ADD_STREAM_MS while the throughput keeps rising. A stream that fails (a refusal, a cut
 * connection) is not retried; the phase goes on with the others, and fails only when no
 * stream is left and nothing was measured.
 */
export async function runTransferPhase(
  ctx: PhaseContext,
  phase: "download" | "upload",
  maxMs: number,
  stream: (signal: AbortSignal) => Promise<void>,
  read: () => number[],
): Promise<PhaseOutcome> {
  const phaseDeadline = deadline(maxMs, ctx.testSignal);
  const phaseSignal = phaseDeadline.signal;
  const loaded = ctx.probeUnderLoad(phaseSignal, 1000);
  const start = ctx.now();
  let streams = 0;
  let running = 0;
  let lastError: unknown;
  const addStream = () => {
    streams++;
    running++;
    void (async () => {
      try {
        while (!phaseSignal.aborted) await stream(phaseSignal);
      } catch (err) {
        if (!phaseSignal.aborted) lastError = err;
      } finally {
        running--;
      }
    })();
  };
  addStream();
  let lastAdd = start;
  let estimate = steadyEstimate([]);
  let used = 0;
  while (!phaseSignal.aborted) {
    await sleep(SLICE_MS / 2);
    const now = ctx.now();
    const slices = read();
    used = slices.length;
    estimate = steadyEstimate(slices);
    const elapsed = now - start;
    const recent = slices.length ? (slices.slice(-3).reduce((a, b) => a + b, 0) * 8) / (Math.min(3, slices.length) * SLICE_MS * 1000) : 0;
    ctx.progress({ type: "progress", phase, fraction: Math.min(1, elapsed / maxMs), mbps: estimate.mbps || recent });
    if (phaseDone(slices, estimate, elapsed, maxMs)) break;
    if (running === 0 && streams >= MAX_STREAMS) break; // every stream failed
    if (streams < MAX_STREAMS && now - lastAdd >= ADD_STREAM_MS && (running === 0 || stillRising(slices))) {
      addStream();
      lastAdd = now;
    }
  }
  const endedByFailure = running === 0 && lastError !== undefined;
  // Ends every stream of the phase and its probe (the phase signal is the probe's too).
  phaseDeadline.end();
  const slices = read().slice(0, used);
  if (estimate.mbps === 0) {
    // No steady window (a very short or broken phase): the mean over everything measured.
    const total = slices.reduce((a, b) => a + b, 0);
    if (total === 0 && endedByFailure) throw lastError instanceof Error ? lastError : new Error(String(lastError));
    estimate = { ...estimate, mbps: slices.length ? (total * 8) / (slices.length * SLICE_MS * 1000) : 0 };
  }
  return { mbps: estimate.mbps, loaded: [...loaded], slicesUsed: used, detail: { slices, steadyStart: estimate.steadyStart, streams } };
}
