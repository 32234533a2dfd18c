import { z } from "../validation/zod";

const figure = z.number().finite().min(0).max(100_000);
const latency = z.number().finite().min(0).max(60_000);
const promised = z.number().finite().min(0.1, "speedtest.errors.promised").max(100_000, "speedtest.errors.promised");

/**
 * A finished test to store (POST /api/v1/speedtest/results): the figures the page measured, the
 * stream server's signed receipt of the same test, and what the person chose to add. Until the
 * packages issue lands, the promised speed is typed by the person; `packageId` is the seam for
 * picking a package (it will fill the promised speeds and the provider).
 */
export const speedtestResultSchema = z.object({
  receipt: z.string().min(10).max(2000),
  download: figure,
  upload: figure,
  ping: latency,
  pingMin: latency,
  jitter: latency,
  loadedDown: latency,
  loadedUp: latency,
  provider: z.string().trim().max(80, "speedtest.errors.provider").nullish(),
  city: z.number().int("speedtest.errors.city").min(1, "speedtest.errors.city").max(81, "speedtest.errors.city").nullish(),
  promisedDown: promised.nullish(),
  promisedUp: promised.nullish(),
});

export type SpeedtestResultInput = z.input<typeof speedtestResultSchema>;

/** The evidence report's choice of tests (GET, so the page works without JavaScript). */
export const evidenceQuerySchema = z.object({
  ids: z.array(z.string().regex(/^[\w-]{1,40}$/)).max(200).default([]),
});
