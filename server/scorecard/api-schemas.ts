import { SCORECARD_GRADES } from "../../common/scorecard";
import { z } from "../platform/api-zod";

/** The answer of the scorecard call: a provider's figures, each with its count, minimum and period. */
export const scorecardParams = z.object({
  slug: z.string().max(200).openapi({
    description: "The company's slug",
    example: "ornek-fiber",
  }),
});

const period = {
  minimum: z.number().int().openapi({
    description:
      "The count the figure needs (for incidents: the networks that reported in 30 days); below it, value is null (not enough data)",
  }),
  since: z.string().nullable().openapi({
    description: "Start of the period (ISO 8601); null for all time",
  }),
  until: z.string().openapi({ description: "End of the period (ISO 8601)" }),
};

const numberFigure = z
  .object({
    value: z.number().nullable(),
    count: z.number().int().openapi({
      description: "How many records it was computed from",
    }),
    ...period,
  })
  .openapi("ScoreFigure");

const placeFigures = {
  promiseShare: numberFigure.openapi({
    description:
      "Median of measured download / the package's promised download (0.87 is 87%), over counted tests compared with a package",
  }),
  eveningDrop: numberFigure
    .extend({
      otherCount: z.number().int().openapi({
        description: "Tests outside the evening (count is the evening's)",
      }),
    })
    .openapi("EveningDropFigure", {
      description:
        "1 − median evening (20:00–23:00 in Turkey) download / median download of the rest of the day; 0.2 is 20% slower in the evening",
    }),
  bufferbloat: z
    .object({
      value: z.enum(SCORECARD_GRADES).nullable(),
      count: z.number().int(),
      ...period,
    })
    .openapi("GradeFigure", { description: "The median bufferbloat grade" }),
  incidentsPerMonth: numberFigure
    .extend({
      networks: z.number().int().openapi({
        description: "Networks that reported a problem in the last 30 days",
      }),
    })
    .openapi("IncidentFigure", {
      description:
        "Outage incidents that started in the period, per 30 days (count is the incidents)",
    }),
};

const place = z.object(placeFigures).openapi("PlaceFigures");

export const scorecardResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  computedAt: z.string().openapi({
    format: "date-time",
    description:
      "When the figures were computed (the hourly refresh, or the request when none is that fresh)",
  }),
  slug: z.string(),
  name: z.string(),
  isDemo: z.boolean().openapi({
    description:
      "A demo company of the labelled demo catalogue (SEED_DEMO): its figures come from demo data",
  }),
  provider: z
    .object({
      increasesPerPackage: numberFigure.openapi({
        description:
          "Increases of a package's headline monthly price in the last 12 months, per package on sale then (count is the packages)",
      }),
      meanIncrease: numberFigure.openapi({
        description:
          "The mean of those increases (0.15 is 15%); count is the increases",
      }),
      reviewScore: numberFigure.openapi({
        description:
          "Mean score (1–5) of the confirmed reviews of the company and its packages",
      }),
      answeredShare: numberFigure.openapi({
        description: "Share of those reviews the company answered",
      }),
    })
    .openapi("ProviderFigures"),
  country: place,
  cities: z.array(
    z
      .object({
        cityCode: z.number().int(),
        cityName: z.string(),
        ...placeFigures,
      })
      .openapi("CityFigures"),
  ),
});
