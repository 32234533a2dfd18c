import type { ApiCall } from "../core/app-context";
import { scorecardParams, scorecardResponse } from "./api-schemas";
import { getProviderScorecard } from "./scorecard";

/** /api/v1 calls of the scorecard. */
export const scorecardCalls: ApiCall[] = [
  {
    id: "getCompanyScorecard",
    method: "get",
    path: "/companies/{slug}/scorecard",
    summary:
      "A company's scorecard: measured speed against the promise, the evening drop, bufferbloat and outage incidents for the country and each province with enough data; price increases and reviews; each figure with its count, minimum and period",
    tag: "companies",
    params: scorecardParams,
    response: scorecardResponse,
    notFound: "No published company has this slug (E_NOT_FOUND)",
    handler: async (req, _res, ctx) => ({
      success: true,
      ...(await getProviderScorecard(ctx.app, { slug: req.params.slug })),
    }),
  },
];
