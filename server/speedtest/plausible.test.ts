import { describe, expect, it } from "vitest";
import { figureProblem, MIN_MEASURED_BYTES, type MeasuredFigures } from "./plausible";
import type { Receipt } from "./receipt";
import { roundTrips, sentRate } from "./stream-figures";

/** What the server counted of an honest test: 80 Mbit/s down, 20 up, a 10 ms path. */
const receipt: Receipt = {
  v: 2,
  testId: "t".repeat(22),
  startedAt: 0,
  issuedAt: 0,
  downBytes: 60_000_000,
  downPeakMbps: 90,
  downMbps: 84,
  upBytes: 15_000_000,
  upMbps: 20,
  pings: 60,
  rtt: {
    idle: { n: 19, median: 10.4, max: 14, jitter: 1.2 },
    down: { n: 20, median: 80, max: 95, jitter: 6 },
    up: { n: 20, median: 85, max: 110, jitter: 8 },
  },
};
const honest: MeasuredFigures = { download: 80, upload: 20, ping: 10, pingMin: 8, jitter: 1, loadedDown: 28, loadedUp: 35 };
const none = { n: 0, median: 0, max: 0, jitter: 0 };

describe("figureProblem", () => {
  it("accepts the figures of an honest test", () => {
    expect(figureProblem(receipt, honest)).toBeNull();
  });

  it("refuses a test that moved too little data in either direction, whatever the figures", () => {
    expect(figureProblem({ ...receipt, downBytes: MIN_MEASURED_BYTES - 1 }, honest)).toBe("tooLittleData");
    expect(figureProblem({ ...receipt, upBytes: MIN_MEASURED_BYTES - 1 }, honest)).toBe("tooLittleData");
    expect(figureProblem({ ...receipt, upMbps: 0 }, { ...honest, upload: 0 })).toBe("tooLittleData");
    expect(figureProblem({ ...receipt, downBytes: MIN_MEASURED_BYTES, upBytes: MIN_MEASURED_BYTES, downMbps: 1, downPeakMbps: 1.2 }, { ...honest, download: 0.9 })).toBeNull();
  });

  it("bounds the download from below by half the rate the server sent at, and from above by its best second", () => {
    // 84 sent: 42 is the floor.
    expect(figureProblem(receipt, { ...honest, download: 42 })).toBeNull();
    expect(figureProblem(receipt, { ...honest, download: 41.99 })).toBe("download");
    expect(figureProblem(receipt, { ...honest, download: 0 })).toBe("download");
    // 90 × 1.1 + 0.5 = 99.5 is the ceiling.
    expect(figureProblem(receipt, { ...honest, download: 99.5 })).toBeNull();
    expect(figureProblem(receipt, { ...honest, download: 99.51 })).toBe("download");
    // Half a second of the figure must have been sent: 60 MB back 960 Mbit/s at most.
    expect(figureProblem({ ...receipt, downPeakMbps: 5000, downMbps: 100, downBytes: 6_000_000 }, { ...honest, download: 96 })).toBeNull();
    expect(figureProblem({ ...receipt, downPeakMbps: 5000, downMbps: 100, downBytes: 6_000_000 }, { ...honest, download: 96.1 })).toBe("download");
  });

  it("takes the upload only as the server measured it", () => {
    expect(figureProblem(receipt, { ...honest, upload: 20.09 })).toBeNull();
    expect(figureProblem(receipt, { ...honest, upload: 20.11 })).toBe("upload");
    expect(figureProblem(receipt, { ...honest, upload: 0 })).toBe("upload");
  });

  it("ties the ping to the round trips the server timed before the download", () => {
    // Median gap 10.4: ping within [10.4 × 0.5 − 10, 10.4 × 1.25 + 5] = [−4.8, 18].
    expect(figureProblem(receipt, { ...honest, ping: 18 })).toBeNull();
    expect(figureProblem(receipt, { ...honest, ping: 18.01 })).toBe("ping");
    expect(figureProblem(receipt, { ...honest, ping: 60_000, pingMin: 8 })).toBe("ping");
    // On a 40 ms path the server's gaps show it: a 1 ms ping is refused, 10 ms passes.
    const far = { ...receipt, rtt: { ...receipt.rtt, idle: { n: 19, median: 40, max: 45, jitter: 1 } } };
    expect(figureProblem(far, { ...honest, ping: 10, pingMin: 9 })).toBeNull();
    expect(figureProblem(far, { ...honest, ping: 9.99, pingMin: 9 })).toBe("ping");
    // Fewer than 10 pings in all, or none timed before the download: not a test's latency.
    expect(figureProblem({ ...receipt, pings: 9 }, honest)).toBe("pings");
    expect(figureProblem({ ...receipt, rtt: { ...receipt.rtt, idle: none } }, honest)).toBe("pings");
    expect(figureProblem(receipt, { ...honest, pingMin: 10.02 })).toBe("pingMin");
  });

  it("bounds the jitter by the spread of the gaps the server timed", () => {
    // min(14, 2 × 1.2) + 5 = 7.4.
    expect(figureProblem(receipt, { ...honest, jitter: 7.4 })).toBeNull();
    expect(figureProblem(receipt, { ...honest, jitter: 7.41 })).toBe("jitter");
    expect(figureProblem(receipt, { ...honest, jitter: 60_000 })).toBe("jitter");
  });

  it("ties the loaded latencies to the round trips timed under load, or to the ping when none were", () => {
    // Down: at most 95 + 5; at least (80 − 50 − 10) × 0.5 − 10 = 0.
    expect(figureProblem(receipt, { ...honest, loadedDown: 100 })).toBeNull();
    expect(figureProblem(receipt, { ...honest, loadedDown: 100.01 })).toBe("loadedDown");
    const bloated = { ...receipt, rtt: { ...receipt.rtt, up: { n: 8, median: 660, max: 700, jitter: 20 } } };
    // Up: at least (660 − 60) × 0.5 − 10 = 290.
    expect(figureProblem(bloated, { ...honest, loadedUp: 290 })).toBeNull();
    expect(figureProblem(bloated, { ...honest, loadedUp: 289.99 })).toBe("loadedUp");
    expect(figureProblem(bloated, { ...honest, loadedUp: 60_000 })).toBe("loadedUp");
    // No probe answered under load: the page reports the idle ping, which is bounded like it (18).
    const unprobed = { ...receipt, rtt: { ...receipt.rtt, down: none } };
    expect(figureProblem(unprobed, { ...honest, loadedDown: 18 })).toBeNull();
    expect(figureProblem(unprobed, { ...honest, loadedDown: 18.01 })).toBe("loadedDown");
  });
});

describe("the stream server's counts", () => {
  it("times the gaps between consecutive ping arrivals", () => {
    expect(roundTrips([])).toEqual({ n: 0, median: 0, max: 0, jitter: 0 });
    expect(roundTrips([5])).toEqual({ n: 0, median: 0, max: 0, jitter: 0 });
    // Gaps 10, 12, 11, 20: median 11.5, max 20, jitter of steps 2, 1, 9 without the largest: 1.5.
    expect(roundTrips([100, 110, 122, 133, 153])).toEqual({ n: 4, median: 11.5, max: 20, jitter: 1.5 });
  });

  it("rates what it sent after the first second, without the last, partial slice", () => {
    // 100 ms slices: a burst filling buffers, 1 MB a slice (80 Mbit/s), a partial last one.
    const slices = [5_000_000, ...Array<number>(9).fill(1_000_000), ...Array<number>(20).fill(1_000_000), 10_000];
    expect(sentRate(slices)).toBe(80);
    // Too short to leave out the first second: all but the last slice.
    expect(sentRate([2_000_000, 1_000_000, 1_000_000, 5])).toBe(106.67);
    expect(sentRate([])).toBe(0);
  });
});
