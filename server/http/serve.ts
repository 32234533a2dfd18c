import { createServer, type Server } from "node:http";
import type { Express } from "express";
import type { AppContext } from "../core/app-context";
import { servedUrl } from "../config";
import { createRequestListener, refuseConnect } from "./app";
import { createSpeedtestForwarder } from "../speedtest/forward";
import { speedtestWorkerOnDemand, startSpeedtestWorker } from "../speedtest/start-worker";

/**
 * Listens, and on SIGTERM/SIGINT stops taking connections, lets running requests finish (at
 * most 10 s), then closes the job worker and the database.
 */
export async function serve(opts: { app: AppContext; http: Express; port: number; host: string }): Promise<Server> {
  const { app } = opts;
  // The speed test's streams run in a worker thread of their own. With its own port
  // (SPEEDTEST_PORT) it starts with the site; reached only through the site, it starts with the
  // first test: an idle site does not keep its ~24 MiB (decision 009).
  const speedtest = speedtestWorkerOnDemand(
    () => startSpeedtestWorker({ secret: app.config.SESSION_SECRET, port: app.config.SPEEDTEST_PORT, host: opts.host, log: app.log }),
    (err) => app.log.error({ err }, "speed test worker did not start"),
  );
  if (app.config.SPEEDTEST_PORT) await speedtest.port();
  const forward = createSpeedtestForwarder({
    port: speedtest.port,
    secret: app.config.SESSION_SECRET,
    trust: opts.http.get("trust proxy fn") as (addr: string, i: number) => boolean,
  });
  const server = createServer(createRequestListener(opts.http, { speedtest: forward }));
  server.keepAliveTimeout = 65_000;
  server.on("connect", refuseConnect);
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  // PORT=0 lets the system choose: links then point at the port actually served.
  if (app.config.siteUrlFromAddress) app.config.SITE_URL = servedUrl(opts.host, port);
  app.log.info({ port, database: app.database.kind }, `listening on http://localhost:${port}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await speedtest.close();
    await app.close();
    app.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
