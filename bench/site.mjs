// Starting the real site as a child process, and talking to it over plain node:http.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { spawnTracked } from "./procs.mjs";

/** A port that was free a moment ago (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The Node options `npm start` gives the site (package.json's "start" script), so that the bench
 * measures the same process: e.g. `--max-semi-space-size=64` (decision 007).
 */
export function startFlags(root) {
  const start = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
  const words = start.trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "scripts/start.mjs") throw new Error(`unexpected start script: ${start}`);
  return words.slice(1, -1);
}

/**
 * `node [npm start's options] scripts/start.mjs` with its own DATA_DIR and port. Its stdout/stderr lines are appended
 * to `output`: pino JSON lines at LOG_LEVEL=info (the site logs nothing per request at info, only
 * start-up, shutdown with the signal that caused it, warnings and errors), plus any build output.
 */
export function startSite({ root, port, dataDir, output = [] }) {
  const child = spawnTracked("site", process.execPath, [...startFlags(root), path.join(root, "scripts/start.mjs")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      JOB_POLL_MS: "0",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
    },
  });
  const site = { child, url: `http://127.0.0.1:${port}`, output };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) if (line.trim()) site.output.push(line);
    });
  }
  return site;
}

/** Polls GET /healthz until 200; throws if the child exits or timeoutMs passes. */
export async function waitForHealth(site, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (site.child.exitCode !== null || site.child.signalCode !== null) {
      throw new Error(`the site exited during start-up (code ${site.child.exitCode}):\n${site.output.slice(-20).join("\n")}`);
    }
    try {
      const res = await fetchRaw(`${site.url}/healthz`, { method: "GET", headers: {} });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the site did not answer /healthz within ${timeoutMs / 1000} s:\n${site.output.slice(-20).join("\n")}`);
}

/**
 * One request with exactly the given headers (node:http adds only Host and Connection; no
 * Accept-Encoding, so the body comes back as the server sends it to a client that asks for no
 * compression). Returns status, lower-cased headers and the raw body bytes.
 */
export function fetchRaw(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on("error", reject);
    req.end(body);
  });
}
