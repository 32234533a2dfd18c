import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../core/app-context";
import { withTimeout } from "../platform/deadline";

const PROBE_TIMEOUT_MS = 2000;

/**
 * Writes, then removes, a one-byte file where uploads in progress land (this instance's disk):
 * a full or read-only disk fails it. A bucket (decision 037) must answer too.
 */
export async function probeStorage(app: AppContext): Promise<void> {
  const dir = path.join(app.config.uploadsDir, "tmp");
  const file = path.join(dir, `.probe-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("storage probe timed out")), PROBE_TIMEOUT_MS);
      const out = app.openUploadFile(file);
      out.once("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      out.end(Buffer.from("1"), (err?: Error | null) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      });
    });
  } finally {
    await rm(file, { force: true });
  }
  if (app.storage.kind !== "local") await withTimeout(app.storage.probe(), PROBE_TIMEOUT_MS, "bucket probe timed out");
}

/**
 * What /readyz answers: 200 when the database answers and uploads can be written, else 503 naming
 * the problem. While queries are giving up waiting for a connection (decision 035) the instance
 * is not ready either: a load balancer sends its traffic elsewhere until it has caught up.
 */
export async function readiness(app: AppContext): Promise<{ status: 200 | 503; body: Record<string, string> }> {
  if (app.database.starved()) {
    app.log.warn("readiness: database queries are waiting past their deadline");
    return { status: 503, body: { status: "unavailable", database: "busy", storage: "unchecked" } };
  }
  const [database, storage] = await Promise.allSettled([app.database.ping(), probeStorage(app)]);
  if (database.status === "fulfilled" && storage.status === "fulfilled") {
    return { status: 200, body: { status: "ready", database: app.database.kind, storage: "ok" } };
  }
  const problems = { database: database.status === "rejected" ? database.reason : null, storage: storage.status === "rejected" ? storage.reason : null };
  app.log.warn(problems, "readiness check failed");
  return {
    status: 503,
    body: {
      status: "unavailable",
      database: database.status === "fulfilled" ? app.database.kind : "unavailable",
      storage: storage.status === "fulfilled" ? "ok" : "unwritable",
    },
  };
}
