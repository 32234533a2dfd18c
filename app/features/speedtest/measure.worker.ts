/// <reference lib="webworker" />
// The speed test's measurement (issue 13), in a Web Worker so the page's rendering never delays
// the byte counting. Latency first, then download, then upload; the arithmetic is
// common/speedtest/measure.ts (shared with the server, which measures the upload).
import { MAX_PHASE_MS, SLICE_MS, steadyEstimate, stillRising, summariseLatency, median, bufferbloatGrade } from "../../../common/speedtest/measure";
import type { WorkerMessage, RunRequest, SpeedtestResult } from "./protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (msg: WorkerMessage) => scope.postMessage(msg);

const LATENCY_SAMPLES = 20;
/** Transfer streams at most: browsers open 6 connections per host, one stays for the latency probe. */
const MAX_STREAMS = 4;
/** Streams are added at most this often while the throughput keeps rising. */
const ADD_STREAM_MS = 300;
/** A figure is not called stable before this much of its phase has passed. */
const MIN_PHASE_MS = 1500;
const DOWNLOAD_REQUEST_BYTES = 128 * 1024 * 1024;
const UPLOAD_BUFFER_BYTES = 32 * 1024 * 1024;
const PING_TIMEOUT_MS = 3000;
const CALL_TIMEOUT_MS = 10_000;

let base = "";
let testId = "";
let sequence = 0;

function url(action: string, params = ""): string {
  return `${base}/${action}?t=${testId}&n=${++sequence}${params}`;
}

/** The round trip of a finished request from Resource Timing (request sent → first byte), else the wall time. */
async function roundTrip(href: string, wall: number): Promise<number> {
  for (let i = 0; i < 3; i++) {
    const entry = performance.getEntriesByName(href).pop() as PerformanceResourceTiming | undefined;
    if (entry) {
      performance.clearResourceTimings();
      if (entry.responseStart > 0 && entry.requestStart > 0) return entry.responseStart - entry.requestStart;
      return wall;
    }
    await new Promise((r) => setTimeout(r, 0));
  }
  return wall;
}

/** The request's own time limit, joined with the phase's signal when there is one. */
function limit(ms: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function ping(signal?: AbortSignal): Promise<number> {
  const href = url("ping");
  const t = performance.now();
  const res = await fetch(href, { cache: "no-store", signal: limit(PING_TIMEOUT_MS, signal) });
  await res.arrayBuffer();
  const wall = performance.now() - t;
  if (!res.ok) throw new Error(`ping ${res.status}`);
  return roundTrip(href, wall);
}

/** Pings one after another while a transfer runs: the latency under load. */
function probeUnderLoad(signal: AbortSignal, skipMs: number): Promise<number[]> {
  const samples: number[] = [];
  const start = performance.now();
  return (async () => {
    while (!signal.aborted) {
      try {
        const rtt = await ping(signal);
        if (performance.now() - start >= skipMs) samples.push(rtt);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return samples;
  })();
}

function addBytes(slices: number[], t0: number, n: number) {
  const i = Math.floor((performance.now() - t0) / SLICE_MS);
  while (slices.length <= i) slices.push(0);
  slices[i] += n;
}

function completed(slices: number[], t0: number): number[] {
  const done = Math.floor((performance.now() - t0) / SLICE_MS);
  const copy = slices.slice(0, done);
  while (copy.length < done) copy.push(0);
  return copy;
}

interface PhaseOutcome {
  mbps: number;
  loaded: number[];
  slicesUsed: number;
  /** For the accuracy check: bytes per slice, where the steady window began, streams used. */
  detail: { slices: number[]; steadyStart: number; streams: number };
}

/**
 * Runs streams until the figure of `read()` is stable or MAX_PHASE_MS passed, adding a stream
 * every ADD_STREAM_MS while the throughput keeps rising.
 */
async function runPhase(
  phase: "download" | "upload",
  stream: (signal: AbortSignal) => Promise<void>,
  read: () => number[],
): Promise<PhaseOutcome> {
  const controller = new AbortController();
  const probeController = new AbortController();
  const probe = probeUnderLoad(probeController.signal, 1000);
  const start = performance.now();
  const running: Promise<void>[] = [];
  const addStream = () =>
    running.push(
      (async () => {
        while (!controller.signal.aborted) {
          try {
            await stream(controller.signal);
          } catch (err) {
            if (controller.signal.aborted) return;
            throw err;
          }
        }
      })(),
    );
  addStream();
  let lastAdd = start;
  let failure: unknown;
  void Promise.all(running).catch((err) => (failure = err));
  let estimate = steadyEstimate([]);
  let used = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, SLICE_MS / 2));
    if (failure) break;
    const now = performance.now();
    const slices = read();
    used = slices.length;
    estimate = steadyEstimate(slices);
    const elapsed = now - start;
    const recent = slices.length ? (slices.slice(-3).reduce((a, b) => a + b, 0) * 8) / (Math.min(3, slices.length) * SLICE_MS * 1000) : 0;
    post({ type: "progress", phase, fraction: Math.min(1, elapsed / MAX_PHASE_MS), mbps: estimate.mbps || recent });
    if ((estimate.stable && elapsed >= MIN_PHASE_MS) || elapsed >= MAX_PHASE_MS) break;
    if (running.length < MAX_STREAMS && now - lastAdd >= ADD_STREAM_MS && stillRising(slices)) {
      addStream();
      void Promise.all(running).catch((err) => (failure = err));
      lastAdd = now;
    }
  }
  controller.abort();
  probeController.abort();
  const loaded = await probe;
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  if (estimate.mbps === 0) {
    // No steady window (a very short or broken phase): the mean over everything measured.
    const slices = read();
    const total = slices.reduce((a, b) => a + b, 0);
    estimate = { ...estimate, mbps: slices.length ? (total * 8) / (slices.length * SLICE_MS * 1000) : 0 };
  }
  return { mbps: estimate.mbps, loaded, slicesUsed: used, detail: { slices: read().slice(0, used), steadyStart: estimate.steadyStart, streams: running.length } };
}

async function download(): Promise<PhaseOutcome> {
  const slices: number[] = [];
  const t0 = performance.now();
  return runPhase(
    "download",
    async (signal) => {
      const res = await fetch(url("download", `&bytes=${DOWNLOAD_REQUEST_BYTES}`), { cache: "no-store", signal });
      if (!res.ok || !res.body) throw new Error(`download ${res.status}`);
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        addBytes(slices, t0, value.byteLength);
      }
    },
    () => completed(slices, t0),
  );
}

function randomBuffer(bytes: number): Uint8Array<ArrayBuffer> {
  const buffer = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 65536) crypto.getRandomValues(buffer.subarray(i, Math.min(bytes, i + 65536)));
  return buffer;
}

async function upload(): Promise<PhaseOutcome & { receipt: string }> {
  const blob = new Blob([randomBuffer(UPLOAD_BUFFER_BYTES)]);
  // Upload is measured by what the server received: its slices come back with every answer.
  let serverSlices: number[] = [];
  let streams = 0;
  const outcome = await runPhase(
    "upload",
    async (signal) => {
      streams = Math.max(streams, 1);
      const recent = serverSlices.slice(-5);
      const bytesPerSecond = recent.length ? (recent.reduce((a, b) => a + b, 0) * 1000) / (recent.length * SLICE_MS) : 0;
      // Each request lasts about half a second at the current rate.
      const size = Math.max(256 * 1024, Math.min(UPLOAD_BUFFER_BYTES, Math.round(bytesPerSecond / 2)));
      const res = await fetch(url("upload"), { method: "POST", body: blob.slice(0, size), cache: "no-store", signal });
      if (!res.ok) throw new Error(`upload ${res.status}`);
      const answer = (await res.json()) as { slices: number[] };
      if (answer.slices.length > serverSlices.length) serverSlices = answer.slices;
    },
    () => serverSlices,
  );
  const res = await fetch(url("finish", `&upTo=${outcome.slicesUsed}`), { method: "POST", cache: "no-store", signal: limit(CALL_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`finish ${res.status}`);
  const finished = (await res.json()) as { receipt: string; upload: number };
  return { ...outcome, mbps: finished.upload, receipt: finished.receipt };
}

async function run(request: RunRequest) {
  base = request.base.replace(/\/+$/, "");
  performance.setResourceTimingBufferSize(1000);
  const begun = performance.now();
  const started = await fetch(`${base}/start`, { method: "POST", cache: "no-store", signal: limit(CALL_TIMEOUT_MS) });
  if (!started.ok) throw new Error(`start ${started.status}`);
  testId = ((await started.json()) as { testId: string }).testId;

  post({ type: "phase", phase: "latency" });
  await ping(); // opens the warm connection
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    samples.push(await ping());
    post({ type: "progress", phase: "latency", fraction: (i + 1) / LATENCY_SAMPLES, ms: median(samples) });
  }
  const latency = summariseLatency(samples);

  post({ type: "phase", phase: "download" });
  const down = await download();
  post({ type: "phase", phase: "upload" });
  const up = await upload();

  const loadedDown = down.loaded.length ? median(down.loaded) : latency.ping;
  const loadedUp = up.loaded.length ? median(up.loaded) : latency.ping;
  const result: SpeedtestResult = {
    download: round(down.mbps),
    upload: round(up.mbps),
    ping: round(latency.ping),
    pingMin: round(latency.min),
    jitter: round(latency.jitter),
    loadedDown: round(loadedDown),
    loadedUp: round(loadedUp),
    grade: bufferbloatGrade(Math.max(loadedDown, loadedUp) - latency.ping),
    receipt: up.receipt,
    durationMs: Math.round(performance.now() - begun),
    samples,
    detail: { download: down.detail, upload: up.detail },
  };
  post({ type: "done", result });
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

scope.onmessage = (event: MessageEvent<RunRequest>) => {
  if (event.data?.type !== "run") return;
  run(event.data).catch((err: unknown) => post({ type: "error", message: err instanceof Error ? err.message : String(err) }));
};
