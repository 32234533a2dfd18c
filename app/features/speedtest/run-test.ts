// The speed test's measurement: latency, then download, then upload, against the
// stream server (server/speedtest/stream-server.ts). It runs in a Web Worker (measure.worker.ts
// gives it the worker's fetch, clock and Resource Timing), so the page's rendering never delays
// the byte counting; the arithmetic is common/speedtest/measure.ts (shared with the server, which
// measures the upload).
//
// Every phase ends by its own deadline whatever the network does: a stream that stalls, a ping
// that never answers, an upload the server never acknowledges, a `finish` that hangs. Each
// request carries the signal of its phase, which is aborted at the phase's deadline; the phase
// then reports what it measured (or fails when it measured nothing). The whole test ends within
// BUDGET.totalMs.
import { MAX_PHASE_MS, SLICE_MS, summariseLatency, median, bufferbloatGrade } from "../../../common/speedtest/measure";
import type { WorkerMessage, SpeedtestResult } from "./protocol";
import { deadline, sleep } from "./deadline";
import { readCounting } from "./read-counting";
import { runTransferPhase } from "./transfer-phase";

export interface RunEnv {
  fetch: (href: string, init?: RequestInit) => Promise<Response>;
  post: (msg: WorkerMessage) => void;
  /** A monotonic clock in ms (performance.now in the browser). */
  now: () => number;
  /**
   * Request sent → first byte of a finished request (Resource Timing), without the time the
   * measuring thread took to notice the answer; undefined when the browser does not tell.
   */
  serverTime?: (href: string) => Promise<number | undefined>;
  /** Fills a buffer with random bytes (crypto.getRandomValues, at most 64 KiB at a time). */
  fillRandom?: (bytes: Uint8Array) => void;
}

export interface Budget {
  /** The whole test, from `start` to the receipt. */
  totalMs: number;
  /** The latency phase (a warm-up ping and LATENCY_SAMPLES samples) at most. */
  latencyMs: number;
  /** Each transfer direction at most. */
  phaseMs: number;
  /** The `start` call at most; `finish` gets what is left of the whole. */
  callMs: number;
}

/** 14 s in all: the page shows a result within 15 s of the click. */
export const BUDGET: Budget = { totalMs: 14_000, latencyMs: 2_500, phaseMs: MAX_PHASE_MS, callMs: 3_000 };

const LATENCY_SAMPLES = 20;
/** Kept for `finish` at the end of the whole budget. */
const FINISH_RESERVE_MS = 1000;
/**
 * Progress goes to the page at most this often: every message re-renders the gauge, and on a
 * device short of CPU the page's rendering competes with the threads that receive the bytes
 * (at 20 updates a second the main thread took about as much CPU as the measuring worker).
 */
const PROGRESS_MS = 250;
const DOWNLOAD_REQUEST_BYTES = 128 * 1024 * 1024;
const UPLOAD_BUFFER_BYTES = 32 * 1024 * 1024;

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Runs one whole test against the stream server at `base` (…/api/v1/speedtest). */
export async function runTest(baseUrl: string, env: RunEnv, budget: Budget = BUDGET): Promise<SpeedtestResult> {
  const base = baseUrl.replace(/\/+$/, "");
  const begun = env.now();
  const testEnd = begun + budget.totalMs;
  const left = () => testEnd - env.now();
  /** Aborted when the whole budget is spent: nothing outlives it. */
  const whole = deadline(budget.totalMs);
  const testSignal = whole.signal;
  let testId = "";
  let sequence = 0;
  let lastProgress = Number.NEGATIVE_INFINITY;
  const progress = (msg: Extract<WorkerMessage, { type: "progress" }>) => {
    const now = env.now();
    if (now - lastProgress < PROGRESS_MS && msg.fraction < 1) return;
    lastProgress = now;
    env.post(msg);
  };
  const url = (action: string, params = "") => `${base}/${action}?t=${testId}&n=${++sequence}${params}`;

  /** A POST answered with JSON, within `ms`. */
  async function call(name: string, href: string, ms: number, ...parents: AbortSignal[]): Promise<Record<string, unknown>> {
    const limit = deadline(ms, ...parents);
    try {
      const res = await env.fetch(href, { method: "POST", cache: "no-store", signal: limit.signal });
      if (!res.ok) throw new Error(`${name} ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    } finally {
      limit.end();
    }
  }

  async function ping(signal: AbortSignal): Promise<number> {
    const href = url("ping");
    const t = env.now();
    const res = await env.fetch(href, { cache: "no-store", signal });
    await res.arrayBuffer();
    const wall = env.now() - t;
    if (!res.ok) throw new Error(`ping ${res.status}`);
    return (await env.serverTime?.(href)) ?? wall;
  }

  /** Pings one after another while a transfer runs: the latency under load (samples after `skipMs`). */
  function probeUnderLoad(signal: AbortSignal, skipMs: number): number[] {
    const samples: number[] = [];
    const start = env.now();
    void (async () => {
      while (!signal.aborted) {
        try {
          const rtt = await ping(signal);
          if (env.now() - start >= skipMs) samples.push(rtt);
        } catch {
          return;
        }
        await sleep(50);
      }
    })();
    return samples;
  }

  const phaseContext = { now: () => env.now(), testSignal, probeUnderLoad, progress };

  try {
    return await measure();
  } finally {
    whole.end();
  }

  async function measure(): Promise<SpeedtestResult> {
    // `start`: the test id the streams need.
    const started = await env.fetch(`${base}/start`, {
      method: "POST",
      cache: "no-store",
      signal: deadline(Math.min(budget.callMs, left()), testSignal).signal,
    });
    if (!started.ok) throw new Error(`start ${started.status}`);
    testId = ((await started.json()) as { testId: string }).testId;

    // Latency: a warm-up ping opens the connection, then up to LATENCY_SAMPLES sequential round trips.
    env.post({ type: "phase", phase: "latency" });
    const latencyDeadline = deadline(Math.min(budget.latencyMs, left() - 2 * FINISH_RESERVE_MS), testSignal);
    const latencySignal = latencyDeadline.signal;
    const samples: number[] = [];
    let latencyError: unknown;
    try {
      await ping(latencySignal);
      while (samples.length < LATENCY_SAMPLES && !latencySignal.aborted) {
        samples.push(await ping(latencySignal));
        progress({ type: "progress", phase: "latency", fraction: samples.length / LATENCY_SAMPLES, ms: median(samples) });
      }
    } catch (err) {
      if (!latencySignal.aborted) throw err;
      latencyError = err;
    }
    latencyDeadline.end();
    if (samples.length === 0) throw new Error(`latency: no answer (${latencyError instanceof Error ? latencyError.message : "deadline"})`);
    const latency = summariseLatency(samples);

    // Download: half of what is left (at most phaseMs), the other half for the upload.
    env.post({ type: "phase", phase: "download" });
    const downSlices: number[] = [];
    const downT0 = env.now();
    const addBytes = (n: number) => {
      const i = Math.floor((env.now() - downT0) / SLICE_MS);
      while (downSlices.length <= i) downSlices.push(0);
      downSlices[i] += n;
    };
    const completed = () => {
      const done = Math.floor((env.now() - downT0) / SLICE_MS);
      const copy = downSlices.slice(0, done);
      while (copy.length < done) copy.push(0);
      return copy;
    };
    const down = await runTransferPhase(
      phaseContext,
      "download",
      Math.min(budget.phaseMs, (left() - FINISH_RESERVE_MS) / 2),
      async (signal) => {
        const res = await env.fetch(url("download", `&bytes=${DOWNLOAD_REQUEST_BYTES}`), { cache: "no-store", signal });
        if (!res.ok || !res.body) throw new Error(`download ${res.status}`);
        await readCounting(res.body, addBytes);
      },
      completed,
    );

    // Upload: measured by what the server received; its slices come back with every answer.
    env.post({ type: "phase", phase: "upload" });
    const buffer = new Uint8Array(UPLOAD_BUFFER_BYTES);
    if (env.fillRandom) for (let i = 0; i < buffer.length; i += 65536) env.fillRandom(buffer.subarray(i, Math.min(buffer.length, i + 65536)));
    const blob = new Blob([buffer]);
    let serverSlices: number[] = [];
    const up = await runTransferPhase(
      phaseContext,
      "upload",
      Math.min(budget.phaseMs, left() - FINISH_RESERVE_MS),
      async (signal) => {
        const recent = serverSlices.slice(-5);
        const bytesPerSecond = recent.length ? (recent.reduce((a, b) => a + b, 0) * 1000) / (recent.length * SLICE_MS) : 0;
        // Each request lasts about half a second at the current rate.
        const size = Math.max(256 * 1024, Math.min(UPLOAD_BUFFER_BYTES, Math.round(bytesPerSecond / 2)));
        const res = await env.fetch(url("upload"), { method: "POST", body: blob.slice(0, size), cache: "no-store", signal });
        if (!res.ok) throw new Error(`upload ${res.status}`);
        const answer = (await res.json()) as { slices: number[] };
        if (answer.slices.length > serverSlices.length) serverSlices = answer.slices;
      },
      () => serverSlices,
    );
    // The server's figure over the slices the client saw (all of them when it saw none).
    const upTo = up.slicesUsed > 0 ? `&upTo=${up.slicesUsed}` : "";
    // What is left of the whole budget (the reserve kept for it), not cut short by the budget's own end.
    const finished = (await call("finish", url("finish", upTo), Math.max(left(), 500))) as { receipt: string; upload: number };

    const loadedDown = down.loaded.length ? median(down.loaded) : latency.ping;
    const loadedUp = up.loaded.length ? median(up.loaded) : latency.ping;
    return {
      download: round(down.mbps),
      upload: round(finished.upload),
      ping: round(latency.ping),
      pingMin: round(latency.min),
      jitter: round(latency.jitter),
      loadedDown: round(loadedDown),
      loadedUp: round(loadedUp),
      grade: bufferbloatGrade(Math.max(loadedDown, loadedUp) - latency.ping),
      receipt: finished.receipt,
      durationMs: Math.round(env.now() - begun),
      samples,
      detail: { download: down.detail, upload: up.detail },
    };
  }
}
