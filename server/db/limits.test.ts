import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../platform/app-error";
import { asDatabaseBusy, createGate, meterQuery, STARVED_WINDOW_MS, waitedMs, type DatabaseWaitMeter } from "./limits";

afterEach(() => {
  vi.useRealTimers();
});

describe("createGate", () => {
  it("lets `size` through at once and the next in arrival order as each releases", async () => {
    const gate = createGate(2);
    const a = await gate.acquire(1000);
    const b = await gate.acquire(1000);
    const order: string[] = [];
    const c = gate.acquire(1000).then((r) => (order.push("c"), r));
    const d = gate.acquire(1000).then((r) => (order.push("d"), r));
    await Promise.resolve();
    expect(order).toEqual([]);
    a();
    a(); // a second release of the same turn changes nothing
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(["c", "d"]);
  });

  it("refuses a wait past its deadline with a 503 that says when to come back, and reports starvation for a while", async () => {
    vi.useFakeTimers();
    let now = 0;
    const gate = createGate(1, () => now);
    const held = await gate.acquire(100);
    const waiting = gate.acquire(100);
    const refused = expect(waiting).rejects.toMatchObject({ code: "E_UNAVAILABLE", status: 503, retryAfterSeconds: 5 });
    expect(gate.starved(100)).toBe(false);
    now = 150;
    expect(gate.starved(100)).toBe(true); // waiting longer than the deadline right now
    await vi.advanceTimersByTimeAsync(100);
    await refused;
    expect(gate.starved(100)).toBe(true); // a wait ran out just now
    now += STARVED_WINDOW_MS + 1;
    expect(gate.starved(100)).toBe(false); // ready again by itself
    gate.noteBusy();
    expect(gate.starved(100)).toBe(true);
    now += 10;
    gate.noteAnswered();
    expect(gate.starved(100)).toBe(false); // a query answered after the last timeout: the database is back
    now += 10;
    gate.noteBusy();
    expect(gate.starved(100)).toBe(true); // and the next timeout counts again
    held();
    // The refused waiter does not hold a turn: the next one gets it at once.
    (await gate.acquire(100))();
  });
});

describe("a request's wait for its database", () => {
  it("counts the time any of its queries was out, once for queries out together", () => {
    let now = 1000;
    const meter: DatabaseWaitMeter = { spentMs: 0, out: 0, since: 0 };
    const a = meterQuery(meter, () => now);
    now += 100;
    const b = meterQuery(meter, () => now); // out beside a
    now += 200;
    a();
    a(); // a second "back" changes nothing
    expect(waitedMs(meter, now)).toBe(300);
    now += 100;
    b();
    expect(waitedMs(meter, now)).toBe(400);
    now += 5000; // the request does other work: not counted
    const c = meterQuery(meter, () => now);
    now += 50;
    expect(waitedMs(meter, now)).toBe(450);
    c();
    expect(meter).toMatchObject({ spentMs: 450, out: 0 });
  });
});

describe("asDatabaseBusy", () => {
  it("reads PostgreSQL's timeouts and a lost connection anywhere in the cause chain as a 503", () => {
    for (const code of ["57014", "55P03", "57P03", "53300", "CONNECTION_CLOSED", "ECONNREFUSED"]) {
      const driver = Object.assign(new Error("x"), { code });
      const wrapped = new Error("Failed query", { cause: driver });
      expect(asDatabaseBusy(wrapped)).toMatchObject({ code: "E_UNAVAILABLE", retryAfterSeconds: 5 });
    }
  });

  it("leaves every other error alone: a constraint violation, a bug, a 404", () => {
    expect(asDatabaseBusy(Object.assign(new Error("dup"), { code: "23505" }))).toBeNull();
    expect(asDatabaseBusy(new TypeError("x is undefined"))).toBeNull();
    expect(asDatabaseBusy(new AppError("E_NOT_FOUND", "errors.notFound"))).toBeNull();
    expect(asDatabaseBusy(undefined)).toBeNull();
  });
});
