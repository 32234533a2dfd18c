import { outageReportSchema } from "../../common/forms/outages";
import type { ApiCall } from "../core/app-context";
import { outageOverviewResponse, outageProviderParams, outageReportResponse } from "./api-schemas";
import { outageOverview } from "./overview";
import { reportOutage } from "./reports";

const notFound = "No published internet provider or TV platform has this slug (E_NOT_FOUND)";

/** /api/v1 calls of outage reports: a provider's reports and incidents, and a report. */
export const outageCalls: ApiCall[] = [
  {
    id: "getProviderOutages",
    method: "get",
    path: "/companies/{slug}/outages",
    summary: "\"Is it down?\": a provider's outage reports of the last 24 hours per 15 minutes, by problem and by province, its incidents and the rule that declares them",
    tag: "outages",
    params: outageProviderParams,
    response: outageOverviewResponse,
    notFound,
    handler: async (req, _res, ctx) => ({ success: true, ...(await outageOverview(ctx.app, { slug: req.params.slug })) }),
  },
  {
    id: "reportProviderOutage",
    method: "post",
    path: "/companies/{slug}/outages",
    summary: "Report a problem with a provider now, in a province and district; no account, nothing about the sender kept; one report per address, provider and day counts; 10 an hour per address",
    tag: "outages",
    bodyLimit: "16kb",
    params: outageProviderParams,
    body: { schema: outageReportSchema },
    response: outageReportResponse,
    notFound,
    handler: async (req, _res, ctx) => ({ success: true, ...(await reportOutage(ctx.app, { slug: req.params.slug, input: req.body ?? {}, ip: ctx.ip })) }),
  },
];
