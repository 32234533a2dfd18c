import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createAppContext } from "./app-context";
import { loadConfig } from "./config";
import { createHttpApp } from "./http/app";
import { serve } from "./http/serve";

/**
 * `npm run dev` (tsx): the site with Vite's dev server. Outside development it hands over to the
 * compiled build, as `npm start` does (scripts/start.mjs).
 */
async function main() {
  const config = loadConfig();
  if (config.NODE_ENV !== "development") {
    const entry = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as { start(): Promise<void> };
    return entry.start();
  }
  const app = await createAppContext({ config });
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }));
  const http = createHttpApp(app, {
    mode: "development",
    beforePages: [vite.middlewares],
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  await serve({ app, http, port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
