import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// postgres.js 3.4.9 throws from a setImmediate when a connection closes with a small write still
// scheduled, which ends the process (porsager/postgres#1154, #1208; decision 035). The fix is
// applied on install by patch-package (patches/postgres+3.4.9.patch, `postinstall`): an install
// that skipped it (`--ignore-scripts`) or a driver upgrade that dropped it fails here.
describe("the PostgreSQL driver's patch", () => {
  const root = path.resolve(import.meta.dirname, "../../node_modules/postgres");
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;

  for (const file of ["src/connection.js", "cjs/src/connection.js"]) {
    it(`${file}: a scheduled write finds no socket and settles its query instead of throwing`, () => {
      expect(version).toBe("3.4.9");
      const source = readFileSync(path.join(root, file), "utf8");
      const nextWrite = /function nextWrite\(fn\) \{[\s\S]*?\n {2}\}/.exec(source)?.[0] ?? "";
      expect(nextWrite).toMatch(/if \(!socket\) \{[\s\S]*error\(Errors\.connection\('CONNECTION_CLOSED'/);
      // Closing forgets the pending write, so the next one is scheduled again.
      expect(source).toMatch(/function terminate\(\) \{[^}]*\}?[^}]*clearImmediate\(nextWriteTimer\)\n\s+chunk = nextWriteTimer = null/);
      expect(source).toMatch(/function closed\(hadError\) \{[^}]*clearImmediate\(nextWriteTimer\)\n\s+chunk = nextWriteTimer = null/);
    });
  }
});

// The driver's own reconnect backoff grows to 20 s; after a restart that left a query waiting on a
// closed connection for that long after the server was back (decision 035).
describe("the reconnect backoff", () => {
  it("starts small, grows, and never passes a second however many connects failed", async () => {
    const { reconnectDelaySeconds, RECONNECT_CAP_SECONDS } = await import("./client");
    expect(RECONNECT_CAP_SECONDS).toBe(1);
    for (let retries = 0; retries <= 200; retries++) {
      for (let i = 0; i < 20; i++) {
        const s = reconnectDelaySeconds(retries);
        expect(s).toBeGreaterThan(0);
        expect(s).toBeLessThanOrEqual(1);
      }
    }
    expect(reconnectDelaySeconds(1)).toBeLessThanOrEqual(0.1);
    expect(Math.min(...Array.from({ length: 50 }, () => reconnectDelaySeconds(30)))).toBeGreaterThanOrEqual(0.5);
  });
});
