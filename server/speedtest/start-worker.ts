import { Worker } from "node:worker_threads";
import type { Logger } from "../platform/logger";
import type { StreamLimits } from "./stream-server";

export interface SpeedtestWorker {
  /** The port the stream server listens on (SPEEDTEST_PORT, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the speed test's stream server in a worker thread of its own (issue 13): the streams
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
