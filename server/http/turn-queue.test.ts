import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { oneRequestPerTurn } from "./turn-queue";

const fakeRequest = (id: number) => [{ id } as unknown as IncomingMessage, {} as ServerResponse] as const;

/** Counts event-loop turns: one tick per check phase while running. */
function turnCounter() {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turn, stop: () => (running = false) };
}

describe("oneRequestPerTurn", () => {
  it("starts queued requests in arrival order, never two in one turn, none synchronously", async () => {
    const turns = turnCounter();
    const started: { id: number; turn: number }[] = [];
    let done: () => void;
    const all = new Promise<void>((resolve) => (done = resolve));
    const listener = oneRequestPerTurn((req) => {
      started.push({ id: (req as unknown as { id: number }).id, turn: turns.now() });
      // One more arrives while the queue is being worked through: it goes to the end.
      if (started.length === 2) listener(...fakeRequest(99));
      if (started.length === 6) done();
    });
    for (let id = 1; id <= 5; id++) listener(...fakeRequest(id));
    expect(started).toEqual([]);
    await all;
    turns.stop();
    expect(started.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 99]);
    for (let i = 1; i < started.length; i++) {
      // Idle turns lie between two starts, so the poll phase can accept connections meanwhile.
      expect(started[i]!.turn - started[i - 1]!.turn).toBeGreaterThan(1);
    }
  });

  it("starts a request that arrives after the queue emptied on the next turn", async () => {
    const ids: number[] = [];
    const listener = oneRequestPerTurn((req) => ids.push((req as unknown as { id: number }).id));
    listener(...fakeRequest(1));
    await new Promise((r) => setTimeout(r, 5));
    listener(...fakeRequest(2));
    expect(ids).toEqual([1]);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(ids).toEqual([1, 2]);
  });

  it("refuses requests past the cap at once, and takes new ones again once the queue drains", async () => {
    const ids: number[] = [];
    const refused: number[] = [];
    const listener = oneRequestPerTurn((req) => ids.push((req as unknown as { id: number }).id), {
      maxWaiting: 3,
      onFull: (req) => refused.push((req as unknown as { id: number }).id),
    });
    for (let id = 1; id <= 5; id++) listener(...fakeRequest(id));
    // Refused synchronously, before any turn.
    expect(refused).toEqual([4, 5]);
    await new Promise((r) => setTimeout(r, 50));
    expect(ids).toEqual([1, 2, 3]);
    listener(...fakeRequest(6));
    await new Promise((r) => setTimeout(r, 20));
    expect(ids).toEqual([1, 2, 3, 6]);
    expect(refused).toEqual([4, 5]);
  });

  it("answers a refused request with 503 and Retry-After by default", () => {
    const heads: unknown[] = [];
    const res = {
      writeHead: (status: number, headers: Record<string, string>) => heads.push(status, headers["Retry-After"]),
      end: () => {},
    } as unknown as ServerResponse;
    const listener = oneRequestPerTurn(() => {}, { maxWaiting: 0 });
    listener({} as IncomingMessage, res);
    expect(heads).toEqual([503, "5"]);
  });

  it("skips requests whose client has gone before their turn", async () => {
    const ids: number[] = [];
    let destroyed = 0;
    const gone = (id: number) =>
      [{ id, destroyed: true } as unknown as IncomingMessage, { destroyed: false, destroy: () => destroyed++ } as unknown as ServerResponse] as const;
    const listener = oneRequestPerTurn((req) => ids.push((req as unknown as { id: number }).id));
    listener(...fakeRequest(1));
    listener(...gone(2));
    listener(...fakeRequest(3));
    listener({ id: 4 } as unknown as IncomingMessage, { destroyed: true } as unknown as ServerResponse);
    listener(...fakeRequest(5));
    await new Promise((r) => setTimeout(r, 50));
    expect(ids).toEqual([1, 3, 5]);
    expect(destroyed).toBe(1);
  });
});
