import { TECHNOLOGIES } from "../../common/packages";
import { z } from "../platform/api-zod";

/** The shapes of the speed test's calls: its streams (served by its worker thread), results and statistics. */
export const testIdParam = z.string().regex(/^[\w-]{22}$/).openapi({ description: "The test id from POST /speedtest/start" });
export const speedtestStartResponse = z
  .object({ testId: z.string(), sliceMs: z.number().int(), maxPhaseMs: z.number().int() })
  .openapi("SpeedtestStart");
export const speedtestUploadResponse = z
  .object({
    received: z.number().int().openapi({ description: "Bytes of this request's body" }),
    slices: z.array(z.number().int()).openapi({ description: "Bytes the server received per slice (sliceMs) on all upload streams of the test" }),
  })
  .openapi("SpeedtestUpload");
export const speedtestFinishResponse = z
  .object({
    receipt: z.string().openapi({ description: "The signed receipt of the server's counts: POST /speedtest/results needs it" }),
    upload: z.number().openapi({ description: "Upload, Mbit/s, measured by the server (steady-window mean)" }),
    uploadSlices: z.number().int(),
  })
  .openapi("SpeedtestFinish");
export const speedtestResultSchemaOut = z
  .object({
    id: z.string(),
    download: z.number(),
    upload: z.number(),
    ping: z.number(),
    pingMin: z.number(),
    jitter: z.number(),
    loadedDown: z.number(),
    loadedUp: z.number(),
    grade: z.enum(["A+", "A", "B", "C", "D", "F"]),
    provider: z.string().nullable().openapi({ description: "The provider's name: the chosen company's, or the label an older client typed" }),
    company: z
      .object({ id: z.number().int(), name: z.string(), isDemo: z.boolean() })
      .nullable()
      .openapi({ description: "The internet provider chosen (GET /speedtest/providers)" }),
    package: z
      .object({
        id: z.number().int(),
        title: z.string(),
        downloadMbps: z.number().int().nullable(),
        uploadMbps: z.number().int().nullable(),
        path: z.string().nullable().openapi({ description: "The package page's Turkish path while the package is public" }),
        isDemo: z.boolean(),
      })
      .nullable()
      .openapi({ description: "The provider's internet package chosen; its promised speeds were stored with the result" }),
    city: z.object({ code: z.number().int(), name: z.string() }).nullable(),
    district: z.string().nullable().openapi({ description: "The district within the province, as GET /speedtest/districts names it" }),
    promisedDown: z.number().nullable().openapi({ description: "Promised download, Mbit/s: the package's when one was chosen, else typed" }),
    promisedUp: z.number().nullable(),
    share: z
      .object({ download: z.number().nullable(), upload: z.number().nullable() })
      .openapi({ description: "Measured / promised (0.87 = 87%); null without a promised speed" }),
    shared: z.boolean().openapi({ description: "Shown to whoever has its link; false: kept in its owner's history only" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("SpeedtestResult");
export const speedtestSavedResponse = z.object({ success: z.literal(true), id: z.string() });
export const speedtestResultResponse = z.object({ success: z.literal(true), result: speedtestResultSchemaOut });
export const speedtestResultsResponse = z.object({ success: z.literal(true), results: z.array(speedtestResultSchemaOut) });
export const ownSpeedtestsResponse = z.object({
  success: z.literal(true),
  results: z.array(speedtestResultSchemaOut),
  total: z.number().int().openapi({ description: "All of the person's results" }),
  page: z.number().int().openapi({ description: "The page given (a page past the last is empty)" }),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
});
export const speedtestStatsResponse = z.object({
  success: z.literal(true),
  by: z.enum(["city", "provider"]),
  days: z.number().int().openapi({ description: "The window: tests of the last this many days" }),
  minCount: z.number().int().openapi({ description: "A group whose tests come from fewer different addresses than this is left out" }),
  groups: z.array(
    z
      .object({
        key: z.string().openapi({ description: "The province's plate code, or the provider's company id" }),
        name: z.string(),
        count: z.number().int().openapi({ description: "Tests counted: at most one per address, provider and day" }),
        addresses: z.number().int().openapi({ description: "The different addresses they came from" }),
        download: z.number().openapi({ description: "Median, Mbit/s" }),
        upload: z.number().openapi({ description: "Median, Mbit/s" }),
        ping: z.number().openapi({ description: "Median, ms" }),
        isDemo: z.boolean().openapi({ description: "A demo company (to be labelled as such)" }),
      })
      .openapi("SpeedtestStatsGroup"),
  ),
});
export const speedtestProvidersResponse = z.object({
  success: z.literal(true),
  providers: z.array(z.object({ id: z.number().int(), name: z.string(), isDemo: z.boolean() }).openapi("SpeedtestProvider")),
});
export const speedtestPackagesResponse = z.object({
  success: z.literal(true),
  packages: z.array(
    z
      .object({
        id: z.number().int(),
        title: z.string(),
        technology: z.enum(TECHNOLOGIES).nullable(),
        downloadMbps: z.number().int().nullable().openapi({ description: "Promised (\"up to\") download, Mbit/s" }),
        uploadMbps: z.number().int().nullable(),
        isDemo: z.boolean(),
      })
      .openapi("SpeedtestPackageChoice"),
  ),
});
export const speedtestDistrictsResponse = z.object({ success: z.literal(true), city: z.number().int(), districts: z.array(z.string()) });
