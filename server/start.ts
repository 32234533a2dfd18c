import type { ServerBuild } from "react-router";
import { createAppContext } from "./app-context";
import { loadConfig } from "./config";
import { createHttpApp } from "./http/app";
import { serve } from "./http/serve";

/**
 * Starts the production site from a server build: database (migrated and seeded), job worker,
 * HTTP server. Reached through build/server/index.js (server/build-entry.ts), so `npm start` runs
 * the compiled build with no TypeScript loader, and the server code exists once in the process.
 */
export async function startSite(build: ServerBuild, clientDir: string): Promise<void> {
  const config = loadConfig();
  const app = await createAppContext({ config });
  const http = createHttpApp(app, { build, clientDir });
  await serve({ app, http, port: config.PORT, host: config.HOST });
  // Start-up (migrations, the demo seed) leaves tens of MiB of garbage in pages the site would
  // keep resident until traffic recycles them; one full collection gives them back (decision
  // 009). Only when node runs with --expose-gc, as `npm start` does.
  (globalThis as { gc?: () => void }).gc?.();
}
