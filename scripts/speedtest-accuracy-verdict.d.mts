export declare const EXIT: { ALL_IN_BOUNDS: 0; CRASHED: 1; OUT_OF_BOUNDS: 2 };
export declare function exitCode(counts: { crashes: number; misses: number }): 0 | 1 | 2;
export declare const RATE_BOUND_PCT: number;
export declare const PING_MIN_BOUND_MS: number;
export declare const PING_AVG_BOUND_MS: number;
export declare const JITTER_PER_MDEV: number;
export declare const JITTER_RELATIVE: number;
export declare const JITTER_ABSOLUTE_MS: number;
export declare const TIME_BOUND_S: number;
export declare const BARE_RATIO_BOUND: number;
export interface PingTruth {
  min: number;
  avg: number;
  max: number;
  mdev: number;
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
export declare function jitterInterval(mdev: number): { expected: number; low: number; high: number };
export declare function retransmitted(sample: number, truth: Pick<PingTruth, "max" | "avg">): boolean;
export declare function checkRun(
  result: PageRun,
  truth: PingTruth,
  link: { jitterMs: number; lossPct: number },
): {
  downErr: number;
  upErr: number;
  pingErr: number;
  interval: { expected: number; low: number; high: number };
  retransmits: number;
  ratesBounded: boolean;
  ok: { down: boolean; up: boolean; ping: boolean; jitter: boolean; time: boolean };
  pass: boolean;
};
export declare function checkLoopback(pageMbps: number, bareMbps: number): { ratio: number; pass: boolean };
