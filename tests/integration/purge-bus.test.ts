import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/platform/logger";
import { startPurgeBus, type PurgeKind } from "../../server/platform/purge";

// The purge bus (decision 036) on each of its ways: the database's LISTEN/NOTIFY (here an
// in-process stand-in with the same contract; the real one runs in instances.test.ts), Redis
// pub/sub alone (REDIS_TEST_URL), and the database when Redis is down.
const log = createLogger("silent");

/** A database's LISTEN/NOTIFY for buses in one process; `deliver: false` loses every notification. */
function fakeDatabase(deliver = true) {
  const listeners = new Set<(payload: string) => void>();
  let notified = 0;
  return {
    get notified() {
      return notified;
    },
    database: {
      async listen(_channel: string, fn: (payload: string) => void) {
        listeners.add(fn);
        return async () => void listeners.delete(fn);
      },
      async notify(_channel: string, payload: string) {
        notified++;
        if (deliver) for (const fn of listeners) fn(payload);
      },
    },
  };
}

async function heard(received: PurgeKind[], count: number, withinMs = 1000): Promise<number> {
  const start = performance.now();
  while (received.length < count && performance.now() - start < withinMs + 2000) await new Promise((r) => setTimeout(r, 10));
  return performance.now() - start;
}

describe("the purge bus", () => {
  it("over the database: the other instance clears what was named, the sender ignores its own", async () => {
    const db = fakeDatabase();
    const a: PurgeKind[] = [];
    const b: PurgeKind[] = [];
    const busA = await startPurgeBus({ database: db.database, log, onPurge: (k) => a.push(k) });
    const busB = await startPurgeBus({ database: db.database, log, onPurge: (k) => b.push(k) });
    busA.publish("page");
    busA.publish("guest");
    await heard(b, 2);
    expect(b).toEqual(["page", "guest"]);
    expect(a).toEqual([]);
    await busA.close();
    await busB.close();
  });

  it.skipIf(!process.env.REDIS_TEST_URL)("over Redis alone, when the database carries nothing, within a second", async () => {
    const db = fakeDatabase(false);
    const redisA = new Redis(process.env.REDIS_TEST_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const redisB = new Redis(process.env.REDIS_TEST_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    await Promise.all([redisA, redisB].map((r) => new Promise((resolve) => (r.status === "ready" ? resolve(null) : r.once("ready", resolve)))));
    const b: PurgeKind[] = [];
    const busA = await startPurgeBus({ database: db.database, redis: redisA, log, onPurge: () => {} });
    const busB = await startPurgeBus({ database: db.database, redis: redisB, log, onPurge: (k) => b.push(k) });
    busA.publish("page");
    expect(await heard(b, 1)).toBeLessThan(1000);
    expect(b).toEqual(["page"]);
    expect(db.notified).toBe(0);
    await busA.close();
    await busB.close();
    redisA.disconnect();
    redisB.disconnect();
  });

  it("with Redis down, over the database", async () => {
    const db = fakeDatabase();
    // Nothing listens on port 1: the client never becomes ready.
    const down = new Redis("redis://127.0.0.1:1", { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    down.on("error", () => {});
    const b: PurgeKind[] = [];
    const busA = await startPurgeBus({ database: db.database, redis: down, log, onPurge: () => {} });
    const busB = await startPurgeBus({ database: db.database, log, onPurge: (k) => b.push(k) });
    busA.publish("guest");
    expect(await heard(b, 1)).toBeLessThan(1000);
    expect(b).toEqual(["guest"]);
    await busA.close();
    await busB.close();
    down.disconnect();
  });
});
