// The accuracy harness's verdicts: which exit code a run ends with (CI fails on 1 only) and the
// bounds each figure is held to, on known inputs.
import { describe, expect, it } from "vitest";
import { checkLoopback, checkRun, exitCode, jitterInterval, loopbackRatio, pingTimes, retransmitted } from "./speedtest-accuracy-verdict";
import { jitter } from "../common/speedtest/measure";

describe("exit code", () => {
  it("is 0 when every figure is within its bound", () => {
    expect(exitCode({ crashes: 0, misses: 0 })).toBe(0);
  });
  it("is 2 when the harness ran to its end and only figures missed", () => {
    expect(exitCode({ crashes: 0, misses: 1 })).toBe(2);
    expect(exitCode({ crashes: 0, misses: 7 })).toBe(2);
  });
  it("is 1 when the harness could not do its work, whatever the figures", () => {
    expect(exitCode({ crashes: 1, misses: 0 })).toBe(1);
    expect(exitCode({ crashes: 2, misses: 5 })).toBe(1);
  });
});

describe("a run on a shaped link", () => {
  // A 50 Mbit/s link on TUN: 48.27 Mbit/s of goodput.
  const clean = { min: 20.5, avg: 20.8, max: 21.6, mdev: 0.2, jitter: 0.1, expect: 48.27 };
  const page = { download: 48.0, upload: 48.5, ping: 21.2, jitter: 0.3, samples: Array.from({ length: 20 }, () => 21.2), elapsed: 4.6 };
  const plain = { jitterMs: 0, lossPct: 0 };

  it("holds rates to ±3% of the link's goodput and ping to 1.5 ms over ping's minimum", () => {
    expect(checkRun(page, clean, plain).pass).toBe(true);
    expect(checkRun({ ...page, download: 48.27 * 0.969 }, clean, plain).ok).toMatchObject({ down: false, up: true });
    expect(checkRun({ ...page, upload: 48.27 * 1.031 }, clean, plain).ok).toMatchObject({ down: true, up: false });
    expect(checkRun({ ...page, ping: 22.1 }, clean, plain).ok.ping).toBe(false);
    expect(checkRun({ ...page, elapsed: 15.1 }, clean, plain).pass).toBe(false);
  });

  it("reads ping's round trips one by one and takes the page's jitter of them", () => {
    const out = [
      "PING 10.77.0.1 (10.77.0.1) 56(84) bytes of data.",
      "64 bytes from 10.77.0.1: icmp_seq=1 ttl=64 time=22.1 ms",
      "64 bytes from 10.77.0.1: icmp_seq=2 ttl=64 time=25.4 ms",
      "64 bytes from 10.77.0.1: icmp_seq=4 ttl=64 time=23.0 ms",
      "64 bytes from 10.77.0.1: icmp_seq=5 ttl=64 time=81.7 ms",
      "64 bytes from 10.77.0.1: icmp_seq=6 ttl=64 time=24.0 ms",
      "",
      "--- 10.77.0.1 ping statistics ---",
      "6 packets transmitted, 5 received, 16.6667% packet loss, time 201ms",
      "rtt min/avg/max/mdev = 22.100/35.240/81.700/23.300 ms",
    ].join("\n");
    expect(pingTimes(out)).toEqual([22.1, 25.4, 23.0, 81.7, 24.0]);
    // Steps 3.3, 2.4, 58.7, 57.7: one (the largest) left out.
    expect(jitter(pingTimes(out))).toBeCloseTo((3.3 + 2.4 + 57.7) / 3, 10);
  });

  it("on a jittered link compares ping with ping's mean and jitter with ping's own jitter ± (0.5 ms + 0.65 of it)", () => {
    const jittered = { min: 20.4, avg: 25.3, max: 30.1, mdev: 2.0, jitter: 2.0, expect: 48.27 };
    const link = { jitterMs: 5, lossPct: 0 };
    const interval = jitterInterval(2.0);
    expect(interval.expected).toBe(2.0);
    expect(interval.low).toBeCloseTo(2.0 - 0.5 - 1.3, 10);
    expect(interval.high).toBeCloseTo(2.0 + 0.5 + 1.3, 10);
    const run = { ...page, ping: 26.0, jitter: 2.5 };
    expect(checkRun(run, jittered, link).pass).toBe(true);
    // Its minimum is no truth on a jittered link: 5.6 ms above it is within 2.5 ms of the mean.
    expect(checkRun(run, jittered, link).pingErr).toBeCloseTo(0.7, 10);
    expect(checkRun({ ...run, ping: 27.9 }, jittered, link).ok.ping).toBe(false);
    expect(checkRun({ ...run, ping: 22.7 }, jittered, link).ok.ping).toBe(false);
    // A page that reported almost no jitter on this link, or twice too much, misses.
    expect(checkRun({ ...run, jitter: 0.19 }, jittered, link).ok.jitter).toBe(false);
    expect(checkRun({ ...run, jitter: 0.21 }, jittered, link).ok.jitter).toBe(true);
    expect(checkRun({ ...run, jitter: 3.79 }, jittered, link).ok.jitter).toBe(true);
    expect(checkRun({ ...run, jitter: 4.0 }, jittered, link).ok.jitter).toBe(false);
    // Without jitter the bound is about ±0.5 ms.
    expect(jitterInterval(0.1).high).toBeCloseTo(0.1 + 0.5 + 0.065, 10);
    expect(checkRun({ ...page, jitter: 0.66 }, clean, plain).ok.jitter).toBe(true);
    expect(checkRun({ ...page, jitter: 0.67 }, clean, plain).ok.jitter).toBe(false);
  });

  it("under loss leaves the rates unbounded, and the jitter of a run with more retransmitted samples than jitter leaves out", () => {
    const lossy = { min: 20.4, avg: 25.3, max: 30.1, mdev: 2.0, jitter: 2.0, expect: 48.27 };
    const link = { jitterMs: 5, lossPct: 0.5 };
    const withRetransmits = (n: number) => [...Array.from({ length: 20 - n }, () => 25), ...Array.from({ length: n }, () => 262.4)];
    expect(retransmitted(262.4, lossy)).toBe(true);
    expect(retransmitted(54, lossy)).toBe(false);
    const three = checkRun({ ...page, download: 30, upload: 20, ping: 25.1, jitter: 12.5, samples: withRetransmits(3) }, lossy, link);
    expect(three).toMatchObject({ retransmits: 3, jitterBounded: false, ratesBounded: false, ok: { down: true, up: true, ping: true, jitter: true }, pass: true });
    // Two retransmissions are two stalls, which the jitter leaves out: it is bounded.
    const two = checkRun({ ...page, download: 30, upload: 20, ping: 25.1, jitter: 12.5, samples: withRetransmits(2) }, lossy, link);
    expect(two).toMatchObject({ retransmits: 2, jitterBounded: true, ok: { jitter: false }, pass: false });
    // Without a retransmitted sample the jitter is bounded as on the link without loss.
    expect(checkRun({ ...page, ping: 25.1, jitter: 12.5 }, lossy, link).ok.jitter).toBe(false);
    // On a link without loss the same long samples are the page's own: its jitter is bounded.
    const noLoss = checkRun({ ...page, download: 48, upload: 48, ping: 25.1, jitter: 12.5, samples: withRetransmits(3) }, lossy, { jitterMs: 5, lossPct: 0 });
    expect(noLoss).toMatchObject({ retransmits: 0, ok: { jitter: false }, pass: false });
  });
});

describe("loopback", () => {
  it("compares a run's page with the mean of the bare page before and after it", () => {
    expect(loopbackRatio(7200, 7000, 9000)).toBeCloseTo(0.9, 10);
    expect(loopbackRatio(5000, 0, 0)).toBe(0);
  });

  it("asks a median of 0.9 over the runs", () => {
    expect(checkLoopback([0.84, 0.9, 1.1])).toEqual({ median: 0.9, pass: true });
    expect(checkLoopback([0.84, 0.89, 1.3]).pass).toBe(false);
    expect(checkLoopback([0.8, 0.9, 0.92, 1.0])).toEqual({ median: 0.91, pass: true });
    expect(checkLoopback([0.8, 0.88, 0.91, 1.0]).pass).toBe(false);
    expect(checkLoopback([])).toEqual({ median: 0, pass: false });
  });
});
