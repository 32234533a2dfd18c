import { LRUCache } from "lru-cache";

/**
 * A short-lived, in-process cache for figures that every visitor sees alike and that may lag a
 * little behind the database (the home page's popular lists and category counts). Concurrent
 * misses share one load; after the keep time the stale value is still served while one
 * refresh runs behind it, and a failed refresh keeps the stale value. Per process: other
 * instances keep their own (see docs/decisions/016-short-page-cache.md); the site's clear()
 * reaches them all (server/platform/purge.ts, decision 036).
 */
export interface ShortCache {
  /** The value under `key`, loaded with `load` when missing or stale. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything (a test, or a change the next visitor must see). */
  clear(): void;
}

interface Box {
  value: unknown;
}

export function createShortCache(opts: { keepMs: number; maxEntries?: number }): ShortCache {
  if (opts.keepMs <= 0) return { get: (_key, load) => load(), clear() {} };
  const cache = new LRUCache<string, Box, () => Promise<unknown>>({
    max: opts.maxEntries ?? 100,
    ttl: opts.keepMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let failed: { err: unknown } | undefined;
      const box = await cache.fetch(key, {
        context: () =>
          load().catch((err: unknown) => {
            failed = { err };
            throw err;
          }),
      });
      if (box) return box.value as T;
      // A failed first load leaves nothing to serve: its caller gets its error (not a second wait
      // on a database that did not answer, decision 035); a caller that shared it loads again.
      if (failed) throw failed.err;
      return load();
    },
    clear: () => cache.clear(),
  };
}
