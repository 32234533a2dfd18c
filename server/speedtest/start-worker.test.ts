import { describe, expect, it } from "vitest";
import { speedtestWorkerOnDemand, type SpeedtestWorker } from "./start-worker";

function fakeStarts(outcomes: ("ok" | "fail")[]) {
  const log = { starts: 0, closed: 0, errors: 0 };
  const start = async (): Promise<SpeedtestWorker> => {
    const outcome = outcomes[Math.min(log.starts, outcomes.length - 1)];
    const port = 40_000 + log.starts++;
    await new Promise((r) => setTimeout(r, 5));
    if (outcome === "fail") throw new Error("no worker");
    return { port, close: async () => void log.closed++ };
  };
  return { log, start };
}

describe("the speed test worker on demand", () => {
  it("starts nothing until asked, then once for concurrent first uses", async () => {
    const f = fakeStarts(["ok"]);
    const w = speedtestWorkerOnDemand(f.start, () => f.log.errors++);
    expect(f.log.starts).toBe(0);
    expect(await Promise.all([w.port(), w.port(), w.port()])).toEqual([40_000, 40_000, 40_000]);
    expect(await w.port()).toBe(40_000);
    expect(f.log.starts).toBe(1);
    await w.close();
    expect(f.log.closed).toBe(1);
  });

  it("reports a failed start and tries again with the next use", async () => {
    const f = fakeStarts(["fail", "ok"]);
    const w = speedtestWorkerOnDemand(f.start, () => f.log.errors++);
    await expect(w.port()).rejects.toThrow("no worker");
    expect(f.log.errors).toBe(1);
    expect(await w.port()).toBe(40_001);
    expect(f.log.starts).toBe(2);
  });

  it("closes nothing when it never started", async () => {
    const f = fakeStarts(["ok"]);
    const w = speedtestWorkerOnDemand(f.start, () => f.log.errors++);
    await w.close();
    expect([f.log.starts, f.log.closed]).toEqual([0, 0]);
  });
});
