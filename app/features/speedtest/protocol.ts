import type { BufferbloatGrade, SpeedtestFigures } from "../../../common/speedtest/measure";

/** What the page asks of the measuring worker. */
export interface RunRequest {
  type: "run";
  /** Absolute URL of the stream server's /api/v1/speedtest. */
  base: string;
}

export type Phase = "latency" | "download" | "upload";

export interface SpeedtestResult extends SpeedtestFigures {
  grade: BufferbloatGrade;
  /** The stream server's signed receipt: the result store needs it. */
  receipt: string;
  durationMs: number;
  /** The latency samples, ms (for the accuracy check). */
  samples: number[];
  /** Bytes per slice of each direction, where its steady window began and the streams it used. */
  detail: { download: PhaseDetail; upload: PhaseDetail };
}

export interface PhaseDetail {
  slices: number[];
  steadyStart: number;
  streams: number;
}

export type WorkerMessage =
  | { type: "phase"; phase: Phase }
  | { type: "progress"; phase: Phase; fraction: number; mbps?: number; ms?: number }
  | { type: "done"; result: SpeedtestResult }
  | { type: "error"; message: string };
