import { describe, expect, it } from "vitest";
import { readCounting } from "./read-counting";

// Fresh chunks for each stream: a byte stream takes over the buffers it is given.
const chunks = () => [new Uint8Array(1000), new Uint8Array(300_000), new Uint8Array(7)];

describe("readCounting", () => {
  it("counts every byte of a byte stream, read into one reused buffer", async () => {
    const queue = chunks();
    const body = new ReadableStream({
      type: "bytes",
      pull(controller) {
        const next = queue.shift();
        if (next) controller.enqueue(next);
        else {
          // A byte stream closed under a waiting BYOB read answers it with no bytes (as fetch does).
          controller.close();
          controller.byobRequest?.respond(0);
        }
      },
    });
    const counts: number[] = [];
    await readCounting(body, (n) => counts.push(n));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(301_007);
    // A read fills at most the buffer: the 300,000 bytes take two.
    expect(Math.max(...counts)).toBe(256 * 1024);
  });

  it("counts every byte of a plain stream with the default reader", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks()) controller.enqueue(c);
        controller.close();
      },
    });
    const counts: number[] = [];
    await readCounting(body, (n) => counts.push(n));
    expect(counts).toEqual([1000, 300_000, 7]);
  });
});
