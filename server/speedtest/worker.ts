// The speed test's stream server (decision 015). In the site it is a worker thread of
// its own, started by start-worker.ts with its settings as workerData. Run on its own
// (`node build/server/speedtest-worker.js`) it is a test server apart from the site: it reads
// SESSION_SECRET (the site's, so the site accepts its receipts), SPEEDTEST_PORT and HOST.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { createStreamServer } from "./stream-server";
import type { StreamLimits } from "./stream-limits";

interface WorkerInput {
  secret: string;
  port: number;
  host: string;
  limits?: Partial<StreamLimits>;
}

function standaloneInput(): WorkerInput {
  const secret = process.env.SESSION_SECRET ?? "";
  if (secret.length < 32) {
    console.error("SESSION_SECRET (the site's, at least 32 characters) is needed to sign receipts the site accepts.");
    process.exit(1);
  }
  return { secret, port: Number(process.env.SPEEDTEST_PORT ?? 3001), host: process.env.HOST ?? "0.0.0.0" };
}

const input = isMainThread ? standaloneInput() : (workerData as WorkerInput);
const server = createStreamServer({ secret: input.secret, limits: input.limits });
server.on("error", (err) => {
  if (parentPort) parentPort.postMessage({ type: "error", message: err.message });
  else {
    console.error(err);
    process.exit(1);
  }
});
server.listen(input.port, input.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : input.port;
  if (parentPort) parentPort.postMessage({ type: "listening", port });
  else console.log(`speed test streams on http://${input.host}:${port}/api/v1/speedtest/`);
});
parentPort?.on("message", (msg: { type?: string }) => {
  if (msg?.type !== "close") return;
  server.close(() => parentPort?.postMessage({ type: "closed" }));
  server.closeAllConnections();
});
if (isMainThread) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.close(() => process.exit(0)));
}
