// `npm start`: builds the site when the build is missing or older than its sources, then serves
// it in production mode (embedded database and demo data unless configured otherwise).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const buildFile = path.join(root, "build/server/index.js");
const sources = ["app", "common", "server", "locales", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const builtAt = existsSync(buildFile) ? statSync(buildFile).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changedAt > builtAt) {
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
}

process.env.NODE_ENV ??= "production";
process.chdir(root);
register();
await import("../server/main.ts");
