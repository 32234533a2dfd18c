import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createAppContext } from "./app-context";
import { loadConfig } from "./config";
import { createHttpApp } from "./http/app";
import { serve } from "./http/serve";

/** Starts the site: database (migrated and seeded), job worker, HTTP server. */
async function main() {
  const config = loadConfig();
  const app = await createAppContext({ config });
  const dev = config.NODE_ENV === "development";

  let http;
  if (dev) {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    http = createHttpApp(app, {
      mode: "development",
      beforePages: [vite.middlewares],
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  } else {
    const buildFile = path.resolve("build/server/index.js");
    if (!existsSync(buildFile)) throw new Error("No build found: run `npm run build` (npm start does it for you).");
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    http = createHttpApp(app, { build, clientDir: path.resolve("build/client") });
  }

  await serve({ app, http, port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
