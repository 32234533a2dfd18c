// `npm start`: builds the site when the build is missing or older than its sources, then serves
// it in production mode (embedded database and demo data unless configured otherwise). The build
// holds the compiled server too (server/build-entry.ts): no TypeScript is compiled at run time.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildFile = path.join(root, "build/server/index.js");

try {
  ensureBuild();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

process.env.NODE_ENV ??= "production";
process.chdir(root);
const entry = await import(pathToFileURL(buildFile).href);
if (typeof entry.start !== "function") {
  console.error("build/server/index.js has no start(): rebuild with `npm run build`.");
  process.exit(1);
}
await entry.start().catch((err) => {
  console.error(err);
  process.exit(1);
});
