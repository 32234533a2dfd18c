import { OUTAGE_PROBLEMS } from "../../common/outages";
import { z } from "../platform/api-zod";

/** The answers of the outage calls: a provider's reports, incidents and the rule, and a report taken. */
export const outageProviderParams = z.object({
  slug: z.string().max(200).openapi({
    description: "The provider's slug (an internet provider or TV platform)",
    example: "ornek-fiber",
  }),
});

const speedTests = z
  .object({
    count: z.number().int().openapi({
      description:
        "The provider's counted speed tests there meanwhile (one per address, provider and day)",
    }),
    medianDownMbps: z.number().nullable().openapi({
      description:
        "Their median download; null when they come from fewer than 5 addresses",
    }),
  })
  .openapi("OutageSpeedTests");

export const outageOverviewResponse = z.object({
  success: z.literal(true),
  company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      profileSegment: z.string(),
      isDemo: z.boolean(),
    })
    .openapi("OutageProvider"),
  at: z
    .string()
    .openapi({ description: "When the figures were read (ISO 8601)" }),
  buckets: z
    .array(
      z.object({
        start: z
          .string()
          .openapi({ description: "The 15 minutes' start (ISO 8601)" }),
        reports: z.number().int(),
      }),
    )
    .openapi({
      description:
        "Reports of the last 24 hours per 15 minutes, counted as distinct networks (IPv4 /24, IPv6 /48), oldest first (96; the last one is the current quarter hour)",
    }),
  problems: z.object(
    Object.fromEntries(
      OUTAGE_PROBLEMS.map((p) => [p, z.number().int()]),
    ) as Record<(typeof OUTAGE_PROBLEMS)[number], z.ZodNumber>,
  ),
  total: z
    .number()
    .int()
    .openapi({
      description: "Reports of the last 24 hours, counted as distinct networks",
    }),
  cities: z
    .array(
      z
        .object({
          cityCode: z.number().int().openapi({ description: "Plate code" }),
          cityName: z.string(),
          reports: z.number().int(),
          lastHour: z.number().int(),
          districts: z.array(
            z.object({ name: z.string(), reports: z.number().int() }),
          ),
          incident: z.boolean().openapi({
            description: "An incident is going on in this province",
          }),
          speedTests,
        })
        .openapi("OutageCity"),
    )
    .openapi({
      description:
        "Provinces with reports in the last 24 hours, those with an incident first, then by reports (20 at most)",
    }),
  incidents: z
    .array(
      z
        .object({
          id: z.number().int(),
          cityCode: z.number().int(),
          cityName: z.string(),
          districts: z.array(z.string()),
          startedAt: z.string(),
          endedAt: z
            .string()
            .nullable()
            .openapi({ description: "Null while it goes on" }),
          peakNetworks: z.number().int().openapi({
            description: "Most distinct networks reporting in one window",
          }),
          speedTests,
        })
        .openapi("OutageIncident"),
    )
    .openapi({
      description: "Ongoing incidents, then the latest ended ones (20 at most)",
    }),
  rule: z
    .object({
      windowMinutes: z.number().int(),
      factor: z.number(),
      baselineDays: z.number().int(),
      minNetworks: z.number().int(),
      quietMinutes: z.number().int(),
    })
    .openapi("OutageRule", {
      description:
        "An incident: in `windowMinutes`, reports from at least `minNetworks` distinct networks and `factor` times the usual for that hour (mean of `baselineDays` days); it ends after `quietMinutes` below that",
    }),
});

export const outageReportResponse = z.object({
  success: z.literal(true),
  counted: z.boolean().openapi({
    description:
      "False when this address had already reported this provider today: the first report stands",
  }),
  incident: z.boolean().openapi({
    description: "An incident is going on in the report's province",
  }),
  city: z.number().int(),
  district: z
    .string()
    .openapi({ description: "The district as the site writes it" }),
});

const alertState = z.enum(["pending", "active", "unsubscribed"]);

export const outageAlertRequestResponse = z.object({
  success: z.literal(true),
  state: alertState.openapi({
    description:
      "pending: a confirmation mail was sent; active: the same alert was already confirmed (no mail)",
  }),
  city: z.number().int(),
  district: z
    .string()
    .openapi({ description: "The district as the site writes it" }),
});

export const outageAlertLinkResponse = z.object({
  success: z.literal(true),
  state: alertState,
  companyName: z.string(),
  cityName: z.string(),
  district: z.string(),
  unsubscribeOnly: z.boolean().openapi({
    description: "An unsubscribe link (it is in every mail): it cannot confirm",
  }),
});

export const outageAlertStateResponse = z.object({
  success: z.literal(true),
  state: alertState,
});

export const ownOutageAlertsResponse = z.object({
  success: z.literal(true),
  alerts: z.array(
    z.object({
      id: z.number().int(),
      state: z.enum(["pending", "active"]).openapi({
        description:
          "pending: waiting for the mailed confirmation; active: mailed when an incident reaches the district",
      }),
      companyName: z.string(),
      outagesPath: z.string().openapi({
        description: "The provider's outage page (without the language prefix)",
        example: "/kablolu-internet/ornek-fiber/kesinti",
      }),
      cityCode: z.number().int(),
      cityName: z.string(),
      district: z.string(),
      createdAt: z
        .string()
        .openapi({ description: "When it was asked for (ISO 8601)" }),
    }),
  ),
});

export const ownOutageAlertParams = z.object({
  id: z
    .string()
    .regex(/^\d+$/)
    .openapi({ description: "The alert's id", example: "7" }),
});
