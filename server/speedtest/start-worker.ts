import { Worker } from "node:worker_threads";
import type { Logger } from "../platform/logger";
import type { StreamLimits } from "./stream-limits";

export interface SpeedtestWorker {
  /** The port the stream server listens on (SPEEDTEST_PORT, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the speed test's stream server in a worker thread of its own: the streams
 * never wait for the embedded database or a page render on the main thread, and the main
 * thread never touches their bytes except when it forwards the site's /api/v1/speedtest/ paths.
 * From the source (dev server, tests) the TypeScript worker is loaded through tsx; from the
 * build, build/server/speedtest-worker.js.
 */
export async function startSpeedtestWorker(opts: {
  secret: string;
  port: number;
  host: string;
  log: Logger;
  limits?: Partial<StreamLimits>;
}): Promise<SpeedtestWorker> {
  const workerData = { secret: opts.secret, port: opts.port, host: opts.host, limits: opts.limits };
  const fromSource = import.meta.url.endsWith(".ts");
  const worker = fromSource
    ? new Worker(
        `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./worker.ts", import.meta.url).href)}); });`,
        { eval: true, workerData },
      )
    : new Worker(new URL("./speedtest-worker.js", import.meta.url), { workerData });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (msg: { type: string; port?: number; message?: string }) => {
      if (msg.type === "listening") resolve(msg.port!);
      if (msg.type === "error") reject(new Error(`speed test server: ${msg.message}`));
    });
  });
  worker.on("error", (err) => opts.log.error({ err }, "speed test worker failed"));
  opts.log.info({ port }, "speed test streams listening");
  return {
    port,
    async close() {
      const closed = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.postMessage({ type: "close" });
      const timer = setTimeout(() => void worker.terminate(), 2000);
      timer.unref();
      await new Promise<void>((resolve) => worker.once("message", () => resolve()));
      await worker.terminate();
      await closed;
    },
  };
}

/**
 * The worker started by its first use (the site's forwarder asks for its port): concurrent first
 * uses share one start, and a start that failed is tried again by the next use. `close()` stops
 * it if it ever started.
 */
export function speedtestWorkerOnDemand(start: () => Promise<SpeedtestWorker>, onStartError: (err: unknown) => void) {
  let current: Promise<SpeedtestWorker> | undefined;
  return {
    port: (): Promise<number> => {
      if (!current) {
        const starting = start();
        current = starting;
        starting.catch((err: unknown) => {
          onStartError(err);
          if (current === starting) current = undefined;
        });
      }
      return current.then((w) => w.port);
    },
    async close(): Promise<void> {
      const worker = await current?.catch(() => undefined);
      await worker?.close();
    },
  };
}
