// The accuracy harness's bounds and its exit code, apart from the harness (which needs root, two
// network namespaces and a browser) so that both can be tested on their own. Decision 026 says
// where each bound comes from.
import { jitterLeftOut, median } from "../common/speedtest/measure";

/** Exit codes of `npm run test:speedtest-accuracy`; CI fails on CRASHED only. */
export const EXIT = { ALL_IN_BOUNDS: 0, CRASHED: 1, OUT_OF_BOUNDS: 2 } as const;

/**
 * 0 when every figure is within its bound, 2 when the harness ran to its end and only figures
 * missed (the table says which), 1 when it could not do its work: a link it could not build, a
 * server that did not start, a page that gave no result, an exception. A crash wins over misses:
 * a run that produced half a table proves nothing about the other half.
 */
export function exitCode({ crashes, misses }: { crashes: number; misses: number }): 0 | 1 | 2 {
  if (crashes > 0) return EXIT.CRASHED;
  if (misses > 0) return EXIT.OUT_OF_BOUNDS;
  return EXIT.ALL_IN_BOUNDS;
}

/** Download and upload against `netlab expect RATE` (the goodput a perfect TCP test reads), %. */
export const RATE_BOUND_PCT = 3;
/** Ping on a link without jitter: above the ping utility's minimum by at most this, ms. */
export const PING_MIN_BOUND_MS = 1.5;
/**
 * Ping on a jittered link: the page's median of 20 against the ping utility's mean of 100, ms.
 * Both estimate the middle of the same spread; on the 5 ms link (a round trip spread over 10 ms,
 * σ ≈ 2 ms) a median of 20 is off the true middle by up to ±1.6 ms in 99 runs of 100, and an HTTP
 * round trip costs the page 0.3–0.7 ms over ICMP (the rows without jitter).
 */
export const PING_AVG_BOUND_MS = 2.5;
/**
 * Jitter against the same statistic (`jitter` of common/speedtest/measure.ts: the mean absolute
 * difference of consecutive round trips without the largest fifth) over the ping utility's 100
 * round trips, so no conversion stands between them. The page's 20 samples know it to about ±20 %
 * (one σ); on the 5 ms link (ping's figure ≈ 1.7 ms) 99 simulated runs of 100 put the page's figure
 * between 0.48 and 1.85 times ping's, and 998 of 1000 fall within ± (0.5 ms + 0.65 of it): the
 * 0.5 ms for this machine's own timing noise (the rows without jitter, where ping's figure is
 * 0.02–0.1 ms).
 */
export const JITTER_RELATIVE = 0.65;
export const JITTER_ABSOLUTE_MS = 0.5;
/** The whole test, click to result, s. */
export const TIME_BOUND_S = 15;
/**
 * On loopback: the median over the runs of the page's download over the bare page's (decision
 * 015's ceiling) just before and after it. At 10 Gbit/s on 2 cores one reading of either moves by
 * ±15 % with the machine (the bare page alone, four readings in a row: 9.5–13.1 Gbit/s), so one
 * run's ratio says little; the median of the runs holds the bound.
 */
export const BARE_RATIO_BOUND = 0.9;

export interface PingTruth {
  min: number;
  avg: number;
  max: number;
  mdev: number;
  /** `jitter` over the ping utility's round trips, in the order sent (lost ones left out), ms. */
  jitter: number;
  /** `netlab expect RATE`, Mbit/s. */
  expect: number;
}

export interface PageRun {
  download: number;
  upload: number;
  ping: number;
  jitter: number;
  samples: number[];
  /** Click to result, s. */
  elapsed: number;
}

/** The ping utility's round trips in the order it printed them (`time=… ms` lines), ms. */
export function pingTimes(output: string): number[] {
  return [...output.matchAll(/ time=([\d.]+) ms/g)].map((m) => Number(m[1]));
}

/** The interval the page's jitter must fall in, given the same figure of the ping utility over the same link. */
export function jitterInterval(truthJitter: number) {
  const expected = truthJitter;
  const slack = JITTER_ABSOLUTE_MS + JITTER_RELATIVE * expected;
  return { expected, low: expected - slack, high: expected + slack };
}

/**
 * A latency sample the ping utility's figures cannot contain: TCP hid a lost packet as a delay
 * (a tail loss probe after two smoothed round trips at the soonest, else the 200 ms timeout),
 * where ping counted the packet lost and left it out of min/avg/mdev. So: above ping's largest
 * round trip by more than its mean one.
 */
export function retransmitted(sample: number, truth: Pick<PingTruth, "max" | "avg">): boolean {
  return sample > truth.max + truth.avg;
}

/**
 * The verdict on one run of the page on a shaped link. `truth`: the ping utility's figures
 * (min, avg, max, mdev in ms) and `expect` (Mbit/s); `link`: its jitter (ms) and loss (%).
 * Rates are bounded only on a link without loss: under random loss TCP's goodput depends on its
 * congestion control and is no longer the link's rate (the iperf3 line is the reference then).
 * Jitter is bounded unless more latency samples were retransmissions (see `retransmitted`) than
 * jitter leaves out (two of 20: each is two large differences), which only a link with loss can
 * excuse.
 */
export function checkRun(result: PageRun, truth: PingTruth, link: { jitterMs: number; lossPct: number }) {
  const downErr = (result.download / truth.expect - 1) * 100;
  const upErr = (result.upload / truth.expect - 1) * 100;
  const jittered = link.jitterMs > 0;
  const pingErr = jittered ? result.ping - truth.avg : result.ping - truth.min;
  const pingBound = jittered ? PING_AVG_BOUND_MS : PING_MIN_BOUND_MS;
  const interval = jitterInterval(truth.jitter);
  const stallsLeftOut = Math.floor(jitterLeftOut(result.samples.length - 1) / 2);
  const lossy = link.lossPct > 0;
  // Only a link that loses packets excuses a long sample: elsewhere it is the page's (or the machine's).
  const retransmits = lossy ? result.samples.filter((s) => retransmitted(s, truth)).length : 0;
  const ratesBounded = !lossy;
  const ok = {
    down: !ratesBounded || Math.abs(downErr) <= RATE_BOUND_PCT,
    up: !ratesBounded || Math.abs(upErr) <= RATE_BOUND_PCT,
    ping: Math.abs(pingErr) <= pingBound,
    jitter: retransmits > stallsLeftOut || (result.jitter >= interval.low && result.jitter <= interval.high),
    time: result.elapsed <= TIME_BOUND_S,
  };
  return { downErr, upErr, pingErr, interval, retransmits, jitterBounded: retransmits <= stallsLeftOut, ratesBounded, ok, pass: Object.values(ok).every(Boolean) };
}

/** One loopback run: the page's download over the mean of the bare page's just before and after it. */
export function loopbackRatio(pageMbps: number, bareBeforeMbps: number, bareAfterMbps: number): number {
  const ratio = pageMbps / ((bareBeforeMbps + bareAfterMbps) / 2);
  return Number.isFinite(ratio) ? ratio : 0;
}

/** The verdict on the loopback runs: their median ratio against BARE_RATIO_BOUND. */
export function checkLoopback(ratios: readonly number[]): { median: number; pass: boolean } {
  if (ratios.length === 0) return { median: 0, pass: false };
  const m = median(ratios);
  return { median: m, pass: m >= BARE_RATIO_BOUND };
}
