import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "./logger";

/**
 * What a content change clears on every instance (issue 22, decision 036): `page`, the short
 * cache (kept searches, the home sections); `guest`, the rendered guest pages.
 */
export type PurgeKind = "page" | "guest";
const KINDS: readonly PurgeKind[] = ["page", "guest"];

/** The PostgreSQL channel and the Redis channel a purge travels on. */
export const PURGE_CHANNEL = "gb_purge";

/** How long the start waits for the Redis subscription before it goes on without (it subscribes when Redis comes). */
const SUBSCRIBE_WAIT_MS = 2000;

export interface PurgeBus {
  /** Tells the other instances to clear `kind` (this one has cleared its own already). Never throws. */
  publish(kind: PurgeKind): void;
  close(): Promise<void>;
}

/**
 * Carries purges between the instances of one site: over Redis pub/sub when the site has Redis,
 * else (and whenever a Redis publish fails) over the database's LISTEN/NOTIFY. Every instance
 * listens on both, so a purge arrives whichever way it was sent; an instance ignores its own.
 * On one embedded PGlite there is one process: its notifications come back to it and are ignored.
 */
export async function startPurgeBus(opts: {
  database: Pick<DatabaseHandle, "listen" | "notify">;
  redis?: Redis;
  log: Logger;
  /** Clears this instance's `kind` (a purge from another instance). */
  onPurge: (kind: PurgeKind) => void;
}): Promise<PurgeBus> {
  const { database, redis, log, onPurge } = opts;
  const self = randomUUID();
  const receive = (message: string) => {
    const [from, kind] = message.split(" ");
    if (from === self || !KINDS.includes(kind as PurgeKind)) return;
    onPurge(kind as PurgeKind);
  };
  const unlisten = await database.listen(PURGE_CHANNEL, receive);
  // A connection of its own for the subscription (a subscribed Redis connection takes no other
  // command); it subscribes again by itself after a reconnect.
  // Subscribed on every (re)connection: Redis may be down when the site starts and come later.
  const subscriber = redis?.duplicate({ enableOfflineQueue: false, lazyConnect: false });
  if (subscriber) {
    subscriber.on("error", (err) => log.warn({ err }, "redis purge subscriber error"));
    subscriber.on("message", (_channel: string, message: string) => receive(message));
    const subscribed = new Promise<void>((resolve) => {
      subscriber.on("ready", () => {
        subscriber.subscribe(PURGE_CHANNEL).then(
          () => resolve(),
          (err: unknown) => log.warn({ err }, "redis purge subscription failed"),
        );
      });
    });
    // The start waits for the subscription a little, not for Redis to come back.
    await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
  }

  const viaDatabase = (message: string) =>
    database.notify(PURGE_CHANNEL, message).catch((err: unknown) => log.warn({ err }, "purge notification failed"));

  return {
    publish(kind) {
      const message = `${self} ${kind}`;
      if (redis && redis.status === "ready") {
        redis.publish(PURGE_CHANNEL, message).catch(() => viaDatabase(message));
      } else {
        void viaDatabase(message);
      }
    },
    async close() {
      await unlisten().catch(() => {});
      subscriber?.disconnect();
    },
  };
}
