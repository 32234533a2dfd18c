// The entry of the server build (vite.config.ts): build/server/index.js is React Router's server
// build as before (the integration tests import it) plus `start()`, which scripts/start.mjs calls.
// The site's server code is bundled here with the routes that use it, so it is compiled at build
// time and loaded once (decision 009).
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { prepareDatabase as prepare, startSite } from "./start";

export * from "virtual:react-router/server-build";

/** Serves this build; its browser files are in ../client beside it. */
export function start(): Promise<void> {
  return startSite(build, fileURLToPath(new URL("../client", import.meta.url)), import.meta.url);
}

/** Creates, migrates and seeds the configured database, then returns (start() runs it in a child process). */
export function prepareDatabase(): Promise<void> {
  return prepare();
}
