/// <reference lib="webworker" />
// The speed test's Web Worker: runs the measurement (run-test.ts) off the page's main
// thread, so rendering never delays the byte counting, with the worker's fetch, clock, Resource
// Timing and random bytes.
import { runTest } from "./run-test";
import type { WorkerMessage, RunRequest } from "./protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (msg: WorkerMessage) => scope.postMessage(msg);

/** The round trip of a finished request from Resource Timing (request sent → first byte), or undefined. */
async function serverTime(href: string): Promise<number | undefined> {
  for (let i = 0; i < 3; i++) {
    const entry = performance.getEntriesByName(href).pop() as PerformanceResourceTiming | undefined;
    if (entry) {
      performance.clearResourceTimings();
      return entry.responseStart > 0 && entry.requestStart > 0 ? entry.responseStart - entry.requestStart : undefined;
    }
    await new Promise((r) => setTimeout(r, 0));
  }
  return undefined;
}

scope.onmessage = (event: MessageEvent<RunRequest>) => {
  if (event.data?.type !== "run") return;
  performance.setResourceTimingBufferSize(1000);
  runTest(event.data.base, {
    fetch: (href, init) => fetch(href, init),
    post,
    now: () => performance.now(),
    serverTime,
    fillRandom: (bytes) => crypto.getRandomValues(bytes),
  }).then(
    (result) => post({ type: "done", result }),
    (err: unknown) => post({ type: "error", message: err instanceof Error ? err.message : String(err) }),
  );
};
