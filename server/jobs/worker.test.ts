import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client";
import { createLogger } from "../platform/logger";

const queue = vi.hoisted(() => ({ claimJob: vi.fn(), completeJob: vi.fn(), failJob: vi.fn() }));
vi.mock("./queue", () => queue);
const { startJobWorker } = await import("./worker");

const away = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const job = (id: number) => ({ id, kind: "k", payload: {}, attempts: 1, maxAttempts: 8 });
const log = createLogger("silent");

afterEach(() => vi.resetAllMocks());

describe("the job worker while the database is away", () => {
  it("a failed pass rejects for its caller only: nothing is left unhandled, and the next pass runs", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      queue.claimJob.mockRejectedValueOnce(away()).mockResolvedValueOnce(undefined);
      const worker = startJobWorker({ db: {} as Database, log, handlers: {}, pollMs: 0 });
      await expect(worker.drain()).rejects.toThrow(/ECONNREFUSED/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      await expect(worker.drain()).resolves.toBe(0);
      await worker.stop();
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("a job that ran is marked done once the database answers again, not run a second time", async () => {
    const handler = vi.fn().mockResolvedValue(undefined);
    queue.claimJob.mockResolvedValueOnce(job(7)).mockResolvedValueOnce(undefined);
    queue.completeJob.mockRejectedValueOnce(away()).mockRejectedValueOnce(away()).mockResolvedValueOnce(undefined);
    const worker = startJobWorker({ db: {} as Database, log, handlers: { k: handler }, pollMs: 0 });
    await expect(worker.drain()).resolves.toBe(1);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(queue.completeJob).toHaveBeenCalledTimes(3);
    expect(queue.failJob).not.toHaveBeenCalled();
    await worker.stop();
  });

  it("another kind of failure to write the outcome is not retried", async () => {
    queue.claimJob.mockResolvedValueOnce(job(8));
    queue.completeJob.mockRejectedValueOnce(new Error("a bug"));
    const worker = startJobWorker({ db: {} as Database, log, handlers: { k: vi.fn().mockResolvedValue(undefined) }, pollMs: 0 });
    await expect(worker.drain()).rejects.toThrow("a bug");
    expect(queue.completeJob).toHaveBeenCalledTimes(1);
    await worker.stop();
  });
});
