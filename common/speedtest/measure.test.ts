import { describe, expect, it } from "vitest";
import { bufferbloatGrade, enoughFor, isPoor, jitter, jitterLeftOut, mbps, median, shareOfPromise, steadyEstimate, stillRising, summariseLatency } from "./measure";

describe("latency", () => {
  it("takes the median, the minimum and the mean absolute difference of consecutive samples without the largest fifth", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
    // Three differences (2, 1, 4): round(0.6) = 1 left out, the 4.
    expect(jitter([20, 22, 21, 25])).toBe((2 + 1) / 2);
    // Two differences: none left out.
    expect(jitter([20, 22, 21])).toBe((2 + 1) / 2);
    expect(jitter([20])).toBe(0);
    expect(jitter([])).toBe(0);
    // Four differences (1, 3, 3, 2): one 3 left out.
    expect(summariseLatency([21, 20, 23, 20, 22])).toEqual({ ping: 21, min: 20, jitter: (1 + 2 + 3) / 3, samples: 5 });
  });

  it("leaves out of jitter two stalls among the page's 20 samples, not a link that varies", () => {
    expect([1, 2, 3, 4, 5, 19, 99].map(jitterLeftOut)).toEqual([0, 0, 1, 1, 1, 4, 20]);
    // A steady link (20.0, 20.1 alternating: every difference 0.1) with stalls of 3 and 4 ms.
    const steady = Array.from({ length: 20 }, (_, i) => (i % 2 ? 20.1 : 20));
    const stalled = steady.map((v, i) => (i === 7 ? v + 3 : i === 14 ? v + 4 : v));
    expect(jitter(steady)).toBeCloseTo(0.1, 10);
    expect(jitter(stalled)).toBeCloseTo(0.1, 10);
    // A third stall is no longer a stall but how the link behaves: it shows.
    expect(jitter(stalled.map((v, i) => (i === 3 ? v + 3 : v)))).toBeGreaterThan(0.3);
    // A link whose every step is 2 ms reads 2 ms: nothing of it is left out.
    expect(jitter(Array.from({ length: 20 }, (_, i) => (i % 2 ? 22 : 20)))).toBeCloseTo(2, 10);
  });
});

describe("steadyEstimate", () => {
  const perSlice = (rateMbps: number) => (rateMbps * 1e6) / 8 / 10; // bytes in 100 ms

  it("drops the ramp-up and gives the mean of the steady window, not its maximum", () => {
    const ramp = [0.1, 0.3, 0.6, 0.75].map((f) => perSlice(100) * f);
    const steady = Array.from({ length: 20 }, (_, i) => perSlice(100) * (i % 2 ? 1.1 : 0.9));
    const est = steadyEstimate([...ramp, ...steady]);
    // At most the last ramp slice (80%) can join a 20-slice window: within 1.5%.
    expect(Math.abs(est.mbps - 100)).toBeLessThan(1.5);
    expect(est.steadyStart).toBeGreaterThanOrEqual(ramp.length);
    expect(est.stable).toBe(true);
  });

  it("is not stable while the throughput still climbs or the window is short", () => {
    const climbing = Array.from({ length: 30 }, (_, i) => perSlice(10 + i * 3));
    expect(steadyEstimate(climbing).stable).toBe(false);
    const short = Array.from({ length: 8 }, () => perSlice(50));
    expect(steadyEstimate(short).stable).toBe(false);
    expect(steadyEstimate([]).mbps).toBe(0);
    expect(steadyEstimate(Array.from({ length: 10 }, () => 0)).mbps).toBe(0);
  });

  it("drops an early burst and its stall, keeping a later burst with the gap that pays for it", () => {
    const early = [20, 60, 190, 320, 200, 190, 580, 80, 135, 180].map(perSlice);
    const steady = Array.from({ length: 20 }, (_, i) => perSlice(i === 5 ? 430 : i === 6 ? 150 : 290));
    const est = steadyEstimate([...early, ...steady]);
    expect(est.steadyStart).toBeGreaterThanOrEqual(early.length - 1);
    expect(est.mbps).toBeGreaterThan(285);
    expect(est.mbps).toBeLessThan(295);
  });

  it("does not call a link that stalls on and off stable", () => {
    // A 300 Mbit/s run of the accuracy script on a starved relay: stalls before and after a steady second.
    const mbit = [5, 113, 223, 301, 289, 262, 319, 280, 159, 175, 154, 168, 164, 158, 164, 209, 411, 287, 291, 269, 236, 171, 354, 54, 50, 64, 61, 61, 61, 188, 43, 548, 300, 288, 285, 296, 290, 289, 287, 287, 284, 298, 262, 82, 320, 128, 412, 119, 69, 117];
    expect(steadyEstimate(mbit.map(perSlice)).stable).toBe(false);
    // Cut at the end of its steady second, the same trace is not stable either (a second is
    // too short to tell a level from a burst): it reads the mean of its last half, not that second.
    const cut = mbit.slice(0, 42);
    const est = steadyEstimate(cut.map(perSlice));
    expect(est.stable).toBe(false);
    expect(est.steadyStart).toBe(21);
    expect(est.mbps).toBeCloseTo(cut.slice(21).reduce((a, b) => a + b, 0) / 21, 6);
  });

  it("a receiver that takes its bytes in gulps does not read above what its link carries", () => {
    // A 500 Mbit/s run (478 Mbit/s of goodput) of the accuracy script on a loaded machine: the
    // browser took the bytes that waited in its buffers in bursts. Its last second read 527.
    const gulps = [178, 493, 357, 646, 480, 211, 408, 99, 460, 650, 783, 396, 305, 157, 733, 358, 79, 31, 52, 0, 134, 1256, 1996, 401, 179, 153, 0, 75, 675, 1565, 479, 256, 423, 262, 532, 5, 16, 1848, 224, 190, 499, 821, 149, 721, 153, 227, 5, 781, 121, 320, 1625, 421, 549, 236, 679, 454, 385, 395, 475, 47];
    const est = steadyEstimate(gulps.map(perSlice));
    expect(est.stable).toBe(false);
    expect(est.mbps).toBeLessThan(478);
    // Nor does a window of gulps and gaps that happen to balance within its halves count as stable.
    const balanced = [316, 162, 267, 471, 517, 645, 0, 1000, 498, 306, 647, 505, 498, 476, 468, 476, 300, 700, 0, 980, 510];
    expect(steadyEstimate(balanced.map(perSlice)).stable).toBe(false);
  });

  it("reads a flat link exactly", () => {
    const flat = Array.from({ length: 25 }, () => perSlice(300));
    const est = steadyEstimate(flat);
    expect(est.mbps).toBeCloseTo(300, 6);
    expect(est.stable).toBe(true);
  });

  it("stillRising compares the last window with the one before", () => {
    expect(stillRising([1, 1, 1, 2, 2, 2])).toBe(true);
    expect(stillRising([2, 2, 2, 2, 2, 2])).toBe(false);
    expect(stillRising([1])).toBe(true);
  });
});

describe("grades and readings", () => {
  it("grades the latency added under load", () => {
    expect([0, 4.9, 5, 29, 30, 59, 60, 199, 200, 399, 400, -3].map(bufferbloatGrade)).toEqual(["A+", "A+", "A", "A", "B", "B", "C", "C", "D", "D", "F", "A+"]);
  });
  it("says what a result is enough for and when it is poor", () => {
    expect(enoughFor({ download: 50, upload: 10, ping: 20 })).toEqual(["browsing", "hdStreaming", "videoCalls", "gaming", "uhdStreaming"]);
    expect(enoughFor({ download: 4, upload: 0.5, ping: 300 })).toEqual([]);
    expect(isPoor({ download: 50, upload: 10, ping: 20 })).toBe(false);
    expect(isPoor({ download: 50, upload: 10, ping: 20 }, 200)).toBe(true);
    expect(isPoor({ download: 8, upload: 1, ping: 20 })).toBe(true);
    expect(shareOfPromise(45, 50)).toBeCloseTo(0.9);
    expect(shareOfPromise(45, null)).toBeNull();
    expect(mbps(12_500_000, 1000)).toBe(100);
  });
});
