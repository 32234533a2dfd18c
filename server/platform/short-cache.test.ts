import { describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { createShortCache } from "./short-cache";

function counter<T>(values: (() => T | Promise<T>)[]) {
  let calls = 0;
  return {
    load: async () => values[Math.min(calls++, values.length - 1)](),
    get calls() {
      return calls;
    },
  };
}

describe("short cache", () => {
  it("shares one load between concurrent misses and serves the kept value after", async () => {
    const cache = createShortCache({ keepMs: 60_000 });
    const c = counter([() => sleep(20).then(() => "a")]);
    expect(await Promise.all([cache.get("k", c.load), cache.get("k", c.load), cache.get("k", c.load)])).toEqual(["a", "a", "a"]);
    expect(await cache.get("k", c.load)).toBe("a");
    expect(c.calls).toBe(1);
  });

  it("keeps keys apart", async () => {
    const cache = createShortCache({ keepMs: 60_000 });
    expect(await cache.get("a", async () => 1)).toBe(1);
    expect(await cache.get("b", async () => 2)).toBe(2);
  });

  it("serves the stale value while one refresh runs, then the fresh one", async () => {
    const cache = createShortCache({ keepMs: 10 });
    // The refresh takes long enough that a loaded machine cannot finish it between the two reads.
    const c = counter([() => "old", () => sleep(1000).then(() => "new")]);
    expect(await cache.get("k", c.load)).toBe("old");
    await sleep(25);
    expect(await cache.get("k", c.load)).toBe("old");
    expect(await cache.get("k", c.load)).toBe("old");
    expect(c.calls).toBe(2);
    await sleep(1100);
    expect(await cache.get("k", c.load)).toBe("new");
  });

  it("keeps the stale value when a refresh fails, and passes on a failure with nothing kept", async () => {
    const cache = createShortCache({ keepMs: 10 });
    const c = counter<string>([() => "kept", () => Promise.reject(new Error("db down"))]);
    expect(await cache.get("k", c.load)).toBe("kept");
    await sleep(25);
    expect(await cache.get("k", c.load)).toBe("kept");
    await sleep(5);
    expect(await cache.get("k", c.load)).toBe("kept");
    await expect(cache.get("other", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
  });

  it("a failed first load is tried once: its caller gets the error without a second wait", async () => {
    const cache = createShortCache({ keepMs: 1000 });
    let loads = 0;
    const failing = () => (loads++, Promise.reject(new Error("busy")));
    await expect(cache.get("k", failing)).rejects.toThrow("busy");
    expect(loads).toBe(1);
  });

  it("with a keep time of 0 loads on every call; clear() forgets", async () => {
    const off = createShortCache({ keepMs: 0 });
    const c = counter([() => 1, () => 2]);
    expect([await off.get("k", c.load), await off.get("k", c.load)]).toEqual([1, 2]);
    const on = createShortCache({ keepMs: 60_000 });
    const d = counter([() => 1, () => 2]);
    expect(await on.get("k", d.load)).toBe(1);
    on.clear();
    expect(await on.get("k", d.load)).toBe(2);
  });
});
