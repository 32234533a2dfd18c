import { createServer, type Server } from "node:http";
import type { Express } from "express";
import type { AppContext } from "../app-context";
import { createRequestListener } from "./app";

/**
 * Listens, and on SIGTERM/SIGINT stops taking connections, lets running requests finish (at
 * most 10 s), then closes the job worker and the database.
 */
export async function serve(opts: { app: AppContext; http: Express; port: number; host: string }): Promise<Server> {
  const { app } = opts;
  const server = createServer(createRequestListener(opts.http));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
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
    await app.close();
    app.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
