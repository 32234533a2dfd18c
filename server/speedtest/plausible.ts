import type { SpeedtestFigures } from "../../common/speedtest/measure";
import type { Receipt } from "./receipt";

/**
 * How a result's figures are tied to what the stream server saw of the same test (decision 022).
 * Each bound leaves room for an honest test on a slow, loaded or jittery link; what it refuses is
 * a figure the server's own counts cannot have produced.
 */

/**
 * Bytes each direction must have moved to be a measurement: what a 175 kbit/s link moves in a
 * 6 s phase. A test that moved less measured nothing (the forged "download 0" of a test that never
 * downloaded).
 */
export const MIN_MEASURED_BYTES = 128 * 1024;
/** Latency requests a real test makes at least (a warm-up and samples, plus the probes under load). */
export const MIN_PINGS = 10;
/**
 * A download figure is at least this share of the rate the server sent at after the first second
 * (that rate counts bytes still in socket buffers, so it reads above the link on a slow link).
 */
export const DOWN_FLOOR_SHARE = 0.5;
/** Nor above the server's best one-second rate by more than this (and DOWN_PEAK_SLACK_MBPS). */
export const DOWN_PEAK_SHARE = 1.1;
export const DOWN_PEAK_SLACK_MBPS = 0.5;
/** The idle ping is within [median gap × PING_LOW_SHARE − LATENCY_SLACK_MS, median gap × PING_HIGH_SHARE + LATENCY_SLACK_MS]. */
export const PING_HIGH_SHARE = 1.25;
export const PING_LOW_SHARE = 0.5;
/** Timer and scheduling noise between the browser's clock and the server's, ms. */
export const LATENCY_SLACK_MS = 5;
/** The lower bound's larger slack: a busy client takes its time between a ping's answer and the next. */
export const LATENCY_LOW_SLACK_MS = 10;
/** The probe under load waits this long between pings (run-test.ts), so a loaded gap holds it too. */
export const PROBE_PAUSE_MS = 50;

export type FigureProblem = "tooLittleData" | "download" | "upload" | "pings" | "ping" | "pingMin" | "jitter" | "loadedDown" | "loadedUp";

/** The figures a page claims for a test (the stored figures before the grade is worked out). */
export type MeasuredFigures = Omit<SpeedtestFigures, "grade">;

/**
 * The first figure that the receipt contradicts, or null when every figure is one the server's
 * counts allow. The upload must be the server's own figure; the download lies between half the
 * rate the server sent at and its best second; ping, jitter and the loaded latencies lie within
 * the round trips the server timed (a loaded latency without timed round trips is the idle ping,
 * as the page reports it).
 */
export function figureProblem(receipt: Receipt, f: MeasuredFigures): FigureProblem | null {
  if (receipt.downBytes < MIN_MEASURED_BYTES || receipt.upBytes < MIN_MEASURED_BYTES || receipt.upMbps <= 0) return "tooLittleData";
  const backed = receipt.downBytes * 8 >= f.download * 1e6 * 0.5; // at least half a second of it was sent
  const belowPeak = f.download <= receipt.downPeakMbps * DOWN_PEAK_SHARE + DOWN_PEAK_SLACK_MBPS;
  const aboveFloor = f.download >= receipt.downMbps * DOWN_FLOOR_SHARE && f.download > 0;
  if (!(backed && belowPeak && aboveFloor)) return "download";
  if (Math.abs(f.upload - receipt.upMbps) > Math.max(0.05, receipt.upMbps * 0.005)) return "upload";
  const { idle, down, up } = receipt.rtt;
  if (receipt.pings < MIN_PINGS || idle.n < 1) return "pings";
  const pingHigh = idle.median * PING_HIGH_SHARE + LATENCY_SLACK_MS;
  if (f.ping > pingHigh || f.ping < idle.median * PING_LOW_SHARE - LATENCY_LOW_SLACK_MS) return "ping";
  if (f.pingMin > f.ping + 0.01) return "pingMin";
  if (f.jitter > Math.min(idle.max, 2 * idle.jitter) + LATENCY_SLACK_MS) return "jitter";
  const loadedFits = (value: number, trips: typeof down) =>
    trips.n === 0
      ? value <= pingHigh
      : value <= trips.max + LATENCY_SLACK_MS && value >= (trips.median - PROBE_PAUSE_MS - LATENCY_LOW_SLACK_MS) * PING_LOW_SHARE - LATENCY_LOW_SLACK_MS;
  if (!loadedFits(f.loadedDown, down)) return "loadedDown";
  if (!loadedFits(f.loadedUp, up)) return "loadedUp";
  return null;
}
