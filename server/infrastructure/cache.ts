import type { Redis } from "ioredis";

/**
 * The http source's cache: entries live past their freshness (`staleSeconds`), so a level or an
 * answer fetched before can still be served while the upstream API is down. In Redis when the
 * site has one (shared by every process), else in this process (bounded, least recently used
 * first out).
 */
export interface CacheEntry<T> {
  value: T;
  /** Milliseconds since the epoch. */
  storedAt: number;
}

export interface InfraCache {
  get<T>(key: string): Promise<CacheEntry<T> | undefined>;
  set<T>(key: string, value: T, keepSeconds: number): Promise<void>;
}

export function createMemoryCache(maxEntries = 20_000, now: () => number = Date.now): InfraCache {
  const entries = new Map<string, CacheEntry<unknown> & { expires: number }>();
  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return { value: entry.value as T, storedAt: entry.storedAt };
    },
    async set<T>(key: string, value: T, keepSeconds: number) {
      entries.delete(key);
      entries.set(key, { value, storedAt: now(), expires: now() + keepSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

export function createRedisCache(redis: Redis, prefix = "gb:infra:", now: () => number = Date.now): InfraCache {
  return {
    async get<T>(key: string) {
      try {
        const raw = await redis.get(prefix + key);
        return raw ? (JSON.parse(raw) as CacheEntry<T>) : undefined;
      } catch {
        // Redis down: as if nothing were cached (the upstream is asked).
        return undefined;
      }
    },
    async set<T>(key: string, value: T, keepSeconds: number) {
      try {
        await redis.set(prefix + key, JSON.stringify({ value, storedAt: now() }), "EX", keepSeconds);
      } catch {
        /* a cache that cannot be written is only a slower site */
      }
    },
  };
}
