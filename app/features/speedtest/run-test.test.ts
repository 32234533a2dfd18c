// The speed test's measurement (run-test.ts) against a simulated stream server on a fake clock:
// on a steady link it reads the link's rate; on a link that stalls (pings that never or slowly
// answer, a download that stops sending but never ends, an upload never acknowledged, a
// `finish` that hangs, refused streams) every phase still ends by its deadline and the whole
// test settles within its budget, instead of waiting on the network.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SLICE_MS, steadyEstimate } from "../../../common/speedtest/measure";
import { BUDGET, runTest, type RunEnv } from "./run-test";
import type { SpeedtestResult, WorkerMessage } from "./protocol";

interface Link {
  /** Round trip of a ping, ms; "never": no answer at all. */
  pingMs: number | "never";
  /** Round trips of the pings in turn (over and over), ms, instead of `pingMs`. */
  pingSequence?: number[];
  /** Download rate of the whole link, Mbit/s (shared by the streams). */
  downMbps: number;
  /** From this many ms of the download phase on, the link's download rate is this. */
  downChange?: { afterMs: number; mbps: number };
  /** After this many ms of the download phase no byte arrives any more, but no stream ends. */
  downStallAfterMs?: number;
  /** Upload rate of the whole link, Mbit/s. */
  upMbps: number;
  /** "never": the server takes the upload bodies but never answers them. */
  uploadAnswer?: "normal" | "never";
  start?: "normal" | "never";
  finish?: "normal" | "never";
  /** Streams (download or upload requests) past this many open at once are refused with 429. */
  maxStreams?: number;
}

const TICK_MS = 10;

function abortError(signal?: AbortSignal | null): unknown {
  return signal?.reason ?? new DOMException("aborted", "AbortError");
}

/** Resolves after `ms`, rejects when `signal` aborts first; "never" waits for the abort only. */
function wait(ms: number | "never", signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer =
      ms === "never"
        ? undefined
        : setTimeout(() => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function jsonResponse(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
}

/** A stream server on a simulated link, as `fetch` sees it (an aborted request rejects, its body errors). */
function simulatedServer(link: Link) {
  let downOpen = 0;
  let upOpen = 0;
  let downStart: number | undefined;
  const upSlices: number[] = [];
  let upT0: number | undefined;
  const chunk = new Uint8Array(1 << 20);
  const calls: string[] = [];
  let pings = 0;
  /** What `finish` was asked and answered. */
  const finished: { upTo?: number; upload?: number } = {};

  const fetch = async (href: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(href);
    const action = url.pathname.split("/").pop() ?? "";
    const signal = init.signal;
    calls.push(action);
    if (action === "start") {
      await wait(link.start === "never" ? "never" : 1, signal);
      return jsonResponse({ testId: "t".repeat(22) });
    }
    if (action === "ping") {
      const sequence = link.pingSequence;
      await wait(sequence ? sequence[pings++ % sequence.length] : link.pingMs, signal);
      return new Response(null, { status: 200 });
    }
    if (action === "download") {
      if (link.maxStreams !== undefined && downOpen >= link.maxStreams) return jsonResponse({ success: false }, 429);
      await wait(1, signal);
      downStart ??= Date.now();
      downOpen++;
      let closed = false;
      const close = () => {
        if (!closed) downOpen--;
        closed = true;
      };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          signal?.addEventListener("abort", () => {
            close();
            controller.error(abortError(signal));
          });
        },
        async pull(controller) {
          const stalled = link.downStallAfterMs !== undefined && Date.now() - downStart! >= link.downStallAfterMs;
          await wait(stalled ? "never" : TICK_MS, signal).catch(() => undefined);
          if (signal?.aborted) return;
          const rate = link.downChange && Date.now() - downStart! >= link.downChange.afterMs ? link.downChange.mbps : link.downMbps;
          const bytes = Math.round((rate * 1e6 * TICK_MS) / 8 / 1000 / Math.max(1, downOpen));
          controller.enqueue(chunk.subarray(0, bytes));
        },
      });
      return new Response(body, { status: 200 });
    }
    if (action === "upload") {
      if (link.maxStreams !== undefined && upOpen >= link.maxStreams) return jsonResponse({ success: false }, 429);
      upOpen++;
      try {
        let left = (init.body as Blob).size;
        while (left > 0) {
          await wait(TICK_MS, signal);
          upT0 ??= Date.now() - TICK_MS;
          const n = Math.min(left, Math.round((link.upMbps * 1e6 * TICK_MS) / 8 / 1000 / upOpen));
          left -= n;
          const i = Math.floor((Date.now() - TICK_MS / 2 - upT0) / SLICE_MS);
          while (upSlices.length <= i) upSlices.push(0);
          upSlices[i] += n;
        }
      } finally {
        upOpen--;
      }
      if (link.uploadAnswer === "never") await wait("never", signal);
      const complete = upT0 === undefined ? 0 : Math.floor((Date.now() - upT0) / SLICE_MS);
      return jsonResponse({ received: (init.body as Blob).size, slices: upSlices.slice(0, complete) });
    }
    if (action === "finish") {
      await wait(link.finish === "never" ? "never" : 1, signal);
      const upTo = Number(url.searchParams.get("upTo") ?? upSlices.length);
      finished.upTo = upTo;
      finished.upload = steadyEstimate(upSlices.slice(0, upTo)).mbps;
      return jsonResponse({ receipt: "receipt", upload: finished.upload });
    }
    return jsonResponse({}, 404);
  };
  return { fetch, calls, finished };
}

type Outcome = { result?: SpeedtestResult; error?: Error; elapsed: number; messages: WorkerMessage[]; finished: { upTo?: number; upload?: number } };

/** Runs a test on the fake clock until it settles or a minute has passed (a test that waits on the network never settles). */
async function run(link: Link): Promise<Outcome> {
  const server = simulatedServer(link);
  const messages: WorkerMessage[] = [];
  const env: RunEnv = { fetch: server.fetch, post: (m) => messages.push(m), now: () => Date.now() };
  const t0 = Date.now();
  let settled: { result?: SpeedtestResult; error?: Error; at: number } | undefined;
  runTest("http://speedtest.test/api/v1/speedtest", env).then(
    (result) => (settled = { result, at: Date.now() }),
    (error: Error) => (settled = { error, at: Date.now() }),
  );
  while (!settled && Date.now() - t0 < 60_000) await vi.advanceTimersByTimeAsync(TICK_MS);
  return { ...settled, elapsed: (settled?.at ?? Number.POSITIVE_INFINITY) - t0, messages, finished: server.finished };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Two decimals, as a result is reported. */
const round2 = (n: number) => Math.round(n * 100) / 100;

describe("runTest on a steady link", () => {
  it("reads the link's rates and round trip exactly, within its budget", async () => {
    const out = await run({ pingMs: 20, downMbps: 100, upMbps: 40 });
    expect(out.error).toBeUndefined();
    const r = out.result!;
    // 100 Mbit/s in 10 ms ticks is 125 000 bytes a tick, 1 250 000 a 100 ms slice. The first
    // slice lost its first tick to the request (1 ms on the fake clock): ramp-up, left out. The
    // figure is the mean of the steady slices: exactly 100, no factor.
    expect(r.detail.download.slices).toEqual([1_125_000, ...Array<number>(14).fill(1_250_000)]);
    expect(r.detail.download.steadyStart).toBe(1);
    expect(r.download).toBe(100);
    // The upload is the server's figure over the slices the page saw, as `finish` answered it.
    expect(out.finished.upTo).toBe(r.detail.upload.slices.length);
    expect(r.upload).toBe(round2(out.finished.upload!));
    expect(r.ping).toBe(20);
    expect(r.pingMin).toBe(20);
    expect(r.jitter).toBe(0);
    // The probe under load meets the same 20 ms: no bufferbloat, grade A+.
    expect(r.loadedDown).toBe(20);
    expect(r.loadedUp).toBe(20);
    expect(r.grade).toBe("A+");
    expect(r.samples).toEqual(Array<number>(20).fill(20));
    expect(out.elapsed).toBeLessThanOrEqual(BUDGET.totalMs);
    expect(out.messages.filter((m) => m.type === "phase").map((m) => m.type === "phase" && m.phase)).toEqual(["latency", "download", "upload"]);
  });
  it("reads the last steady stretch: 100 Mbit/s for a second, then 50, reads exactly 50", async () => {
    const out = await run({ pingMs: 20, downMbps: 100, downChange: { afterMs: 1000, mbps: 50 }, upMbps: 40 });
    const r = out.result!;
    const slices = r.detail.download.slices;
    // After the change every slice carries 625 000 bytes (50 Mbit/s); the figure averages only those.
    expect(slices.slice(r.detail.download.steadyStart)).toEqual(Array<number>(slices.length - r.detail.download.steadyStart).fill(625_000));
    expect(slices.slice(0, r.detail.download.steadyStart).some((b) => b > 625_000)).toBe(true);
    expect(r.download).toBe(50);
  });

  it("takes the median round trip as ping, the smallest as its minimum, and the mean step as jitter", async () => {
    // The warm-up ping takes the first 20; then 26, 20, 26, … (20 samples): median 23, steps of 6.
    const out = await run({ pingMs: 20, pingSequence: [20, 26], downMbps: 100, upMbps: 40 });
    const r = out.result!;
    expect(r.samples).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 26 : 20)));
    expect(r.ping).toBe(23);
    expect(r.pingMin).toBe(20);
    expect(r.jitter).toBe(6);
  });
});

describe("runTest on a link that stalls ends every phase by its deadline", () => {
  it("pings that answer slowly: the latency phase stops at its deadline with the samples it has", async () => {
    const out = await run({ pingMs: 900, downMbps: 50, upMbps: 10 });
    expect(out.error).toBeUndefined();
    expect(out.result!.samples.length).toBeGreaterThan(0);
    expect(out.result!.samples.length).toBeLessThan(20);
    expect(out.elapsed).toBeLessThanOrEqual(BUDGET.totalMs);
  });

  it("pings that never answer: the test fails within the latency deadline instead of waiting", async () => {
    const out = await run({ pingMs: "never", downMbps: 50, upMbps: 10 });
    expect(out.error?.message).toMatch(/latency/);
    expect(out.elapsed).toBeLessThanOrEqual(BUDGET.latencyMs + 1000);
  });

  it("a download that stops sending without ending, an upload never acknowledged: both phases end at their deadline", async () => {
    const out = await run({ pingMs: 20, downMbps: 50, downStallAfterMs: 400, upMbps: 10, uploadAnswer: "never" });
    expect(out.error).toBeUndefined();
    // 400 ms of 50 Mbit/s (40 ticks of 62 500 bytes), then nothing until the phase's 6 s: no
    // steady window, so the figure is the mean over the 60 slices, 20 Mbit / 6 s.
    const down = out.result!.detail.download;
    expect(down.slices).toHaveLength(60);
    expect(down.slices.reduce((a, b) => a + b, 0)).toBe(2_500_000);
    expect(out.result!.download).toBe(3.33);
    expect(out.elapsed).toBeLessThanOrEqual(BUDGET.totalMs);
  });

  it("a start or a finish that never answers: the test fails within its budget", async () => {
    const start = await run({ pingMs: 20, downMbps: 50, upMbps: 10, start: "never" });
    // The call's deadline aborted it: the reason every phase's deadline gives.
    expect(start.error).toMatchObject({ name: "AbortError", message: "The phase is over." });
    expect(start.result).toBeUndefined();
    expect(start.elapsed).toBeLessThanOrEqual(BUDGET.callMs + 100);
    const finish = await run({ pingMs: 20, downMbps: 50, upMbps: 10, finish: "never" });
    expect(finish.error).toMatchObject({ name: "AbortError", message: "The phase is over." });
    expect(finish.result).toBeUndefined();
    expect(finish.elapsed).toBeLessThanOrEqual(BUDGET.totalMs);
  });

  it("everything slow at once: still settled within the budget", async () => {
    const out = await run({ pingMs: 2900, downMbps: 50, downStallAfterMs: 100, upMbps: 10, uploadAnswer: "never", finish: "never" });
    expect(out.elapsed).toBeLessThanOrEqual(BUDGET.totalMs);
  });

  it("streams refused by the server's per-IP limit: the phase goes on with the streams it got", async () => {
    const out = await run({ pingMs: 20, downMbps: 100, upMbps: 40, maxStreams: 1 });
    expect(out.error).toBeUndefined();
    // One stream carries the whole link: exactly 100.
    expect(out.result!.detail.download.streams).toBeGreaterThan(1);
    expect(out.result!.download).toBe(100);
    expect(out.elapsed).toBeLessThanOrEqual(BUDGET.totalMs);
  });

  it("every stream refused: the test fails, it does not wait", async () => {
    const out = await run({ pingMs: 20, downMbps: 100, upMbps: 40, maxStreams: 0 });
    expect(out.error?.message).toMatch(/download 429/);
    expect(out.elapsed).toBeLessThanOrEqual(BUDGET.totalMs);
  });
});
