import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryCache, createRedisCache, type InfraCache } from "../../server/infrastructure/cache";

// The http source's cache: kept past freshness (for serving while the upstream is down), bounded
// in the process, shared in Redis when REDIS_TEST_URL is set (as REDIS_URL would be).

const redis = process.env.REDIS_TEST_URL ? new Redis(process.env.REDIS_TEST_URL, { maxRetriesPerRequest: 1 }) : undefined;
afterAll(() => redis?.disconnect());

const stores: [string, () => InfraCache][] = [["memory", () => createMemoryCache(3)]];
if (redis) stores.push(["Redis", () => createRedisCache(redis, `gb:test:${process.pid}:${Date.now()}:`)]);

describe.each(stores)("%s cache", (_name, make) => {
  it("keeps values with the time they were stored, and forgets them after their keep time", async () => {
    const cache = make();
    const before = Date.now();
    await cache.set("level:district:34", [{ code: 3401, value: "ADALAR" }], 1);
    const hit = await cache.get<{ code: number; value: string }[]>("level:district:34");
    expect(hit?.value).toEqual([{ code: 3401, value: "ADALAR" }]);
    expect(hit!.storedAt).toBeGreaterThanOrEqual(before);
    await cache.set("query:1", null, 60);
    expect((await cache.get("query:1"))?.value).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect(await cache.get("level:district:34")).toBeUndefined();
  });
});

it("the in-process cache is bounded: the least recently used entry goes first", async () => {
  const cache = createMemoryCache(2);
  await cache.set("a", 1, 60);
  await cache.set("b", 2, 60);
  await cache.get("a");
  await cache.set("c", 3, 60);
  expect(await cache.get("b")).toBeUndefined();
  expect((await cache.get("a"))?.value).toBe(1);
  expect((await cache.get("c"))?.value).toBe(3);
});
