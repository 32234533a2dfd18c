// Starts the production build of the site as a child process, for the end-to-end suite (its
// global setup) and scripts/lighthouse.mjs: a free port, a fresh temporary DATA_DIR (embedded
// PGlite with the demo data), SMTP, DATABASE_URL and REDIS_URL unset.
//
// The server runs from a private copy of build/ (with node_modules linked), so a rebuild of the
// working tree while the tests run (another terminal, `npm start` after an edit) cannot pull the
// assets out from under the browser. Like `npm start`, it first rebuilds when the build is
// missing or older than its sources (scripts/ensure-build.mjs).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild } from "../../scripts/ensure-build.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 120_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
/** A private copy of build/ beside links to node_modules, to run the server from. */
function snapshotBuild(dir: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
      const server = path.join(dir, "build/server/index.js");
      if (!existsSync(server)) throw new Error("build/server/index.js missing");
      // A copy taken in the middle of someone else's build may lack assets the server names.
      const named = new Set(readFileSync(server, "utf8").match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
      // (Server-side chunks of dynamic imports live in build/server/assets under the same kind of name.)
      const missing = [...named].filter((a) => !existsSync(path.join(dir, "build/client", a)) && !existsSync(path.join(dir, "build/server", a)));
      if (missing.length) throw new Error(`assets missing from the build: ${missing.join(", ")}`);
      break;
    } catch (err) {
      // A build running elsewhere empties build/ for a moment; wait for it to finish.
      rmSync(path.join(dir, "build"), { recursive: true, force: true });
      if (attempt >= 30) throw err;
      spawnSync("sleep", ["2"]);
    }
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
}

export interface StartedSite {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the site and resolves once GET /healthz answers 200. */
export async function startSite(extraEnv: Record<string, string> = {}): Promise<StartedSite> {
  ensureBuild();
  const port = await freePort();
  const workDir = mkdtempSync(path.join(tmpdir(), "genisbant-e2e-"));
  const dataDir = path.join(workDir, "data");
  snapshotBuild(workDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    JOB_POLL_MS: "500",
    LOG_LEVEL: "warn",
    // Canonical and Open Graph URLs name the site actually served, as in production.
    SITE_URL: baseUrl,
  };
  for (const key of Object.keys(env)) {
    if (key.startsWith("VITEST") || ["SMTP_URL", "DATABASE_URL", "REDIS_URL", "TRUST_PROXY", "SESSION_SECRET"].includes(key)) delete env[key];
  }
  Object.assign(env, extraEnv);

  // What scripts/start.mjs does after building: TypeScript through tsx, then server/main.ts,
  // here with the snapshot as working directory (main.ts serves ./build from there).
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
    cwd: workDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exitCode: number | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );

  const stop = async () => {
    if (exitCode === undefined) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`The site exited (code ${exitCode}) before answering /healthz:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The site did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}
