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
import { MAX_PHASE_MS, SLICE_MS, steadyEstimate, stillRising, summariseLatency, median, bufferbloatGrade, type SteadyEstimate } from "../../../common/speedtest/measure";
import type { WorkerMessage, SpeedtestResult, PhaseDetail } from "./protocol";

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

/** The buffer a download stream is read into, over and over (a byte stream's BYOB reader). */
const READ_BUFFER_BYTES = 256 * 1024;

/**
 * Reads a download body to its end, counting the bytes as they arrive. Where the body is a byte
 * stream (Chromium's and Firefox's fetch), into one reused buffer (BYOB): no new buffer per chunk
 * for the receiving thread to allocate and the collector to sweep, which at 300 Mbit/s on a device
 * short of CPU left the receiver behind the link (TCP then slows the sender: −6 % in one run in
 * four on the 2-core test machine). Elsewhere, the default reader.
 */
export async function readCounting(body: ReadableStream<Uint8Array>, count: (bytes: number) => void): Promise<void> {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    byob = undefined;
  }
  if (byob) {
    let buffer = new ArrayBuffer(READ_BUFFER_BYTES);
    for (;;) {
      const { done, value } = await byob.read(new Uint8Array(buffer));
      if (done || !value) break;
      count(value.byteLength);
      buffer = value.buffer as ArrayBuffer;
    }
    return;
  }
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    count(value.byteLength);
  }
}

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

/** A signal that aborts after `ms`, when any of `parents` aborts, or when ended early. */
export interface Deadline {
  signal: AbortSignal;
  /** Aborts it now (a phase that is over ends its streams). */
  end(): void;
}

/** A deadline driven by setTimeout (so a test's fake clock drives it too). */
export function deadline(ms: number, ...parents: AbortSignal[]): Deadline {
  const controller = new AbortController();
  const end = () => {
    clearTimeout(timer);
    for (const p of parents) p.removeEventListener("abort", end);
    if (!controller.signal.aborted) controller.abort(new DOMException("The phase is over.", "AbortError"));
  };
  const timer = setTimeout(end, Math.max(0, ms));
  for (const p of parents) {
    if (p.aborted) end();
    else p.addEventListener("abort", end, { once: true });
  }
  return { signal: controller.signal, end };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

interface PhaseOutcome {
  mbps: number;
  loaded: number[];
  slicesUsed: number;
  detail: PhaseDetail;
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

  /**
   * Runs streams until the figure of `read()` is stable or `maxMs` passed, adding a stream every
   * ADD_STREAM_MS while the throughput keeps rising. A stream that fails (a refusal, a cut
   * connection) is not retried; the phase goes on with the others, and fails only when no
   * stream is left and nothing was measured.
   */
  async function runPhase(
    phase: "download" | "upload",
    maxMs: number,
    stream: (signal: AbortSignal) => Promise<void>,
    read: () => number[],
  ): Promise<PhaseOutcome> {
    const phaseDeadline = deadline(maxMs, testSignal);
    const phaseSignal = phaseDeadline.signal;
    const loaded = probeUnderLoad(phaseSignal, 1000);
    const start = env.now();
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
      const now = env.now();
      const slices = read();
      used = slices.length;
      estimate = steadyEstimate(slices);
      const elapsed = now - start;
      const recent = slices.length ? (slices.slice(-3).reduce((a, b) => a + b, 0) * 8) / (Math.min(3, slices.length) * SLICE_MS * 1000) : 0;
      progress({ type: "progress", phase, fraction: Math.min(1, elapsed / maxMs), mbps: estimate.mbps || recent });
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
    const down = await runPhase(
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
    const up = await runPhase(
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
