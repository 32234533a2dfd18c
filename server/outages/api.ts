import type { Request } from "express";
import { linkTokenSchema } from "../../common/forms/link-token";
import {
  outageAlertSchema,
  outageReportSchema,
} from "../../common/forms/outages";
import { successResponse } from "../platform/api-shapes";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import {
  changeOutageAlert,
  getOutageAlert,
  requestOutageAlert,
} from "./alerts";
import type { ApiCall } from "../core/app-context";
import {
  outageAlertLinkResponse,
  outageAlertRequestResponse,
  outageAlertStateResponse,
  outageOverviewResponse,
  outageProviderParams,
  outageReportResponse,
  ownOutageAlertParams,
  ownOutageAlertsResponse,
} from "./api-schemas";
import { outageOverview } from "./overview";
import { listOwnOutageAlerts, turnOffOwnOutageAlert } from "./own-alerts";
import { reportOutage } from "./reports";

const notFound =
  "No published internet provider or TV platform has this slug (E_NOT_FOUND)";
const token = (req: Request) =>
  parseInput(linkTokenSchema, req.body ?? {}).token;
const link = {
  method: "post",
  tag: "outages",
  bodyLimit: "16kb",
  body: { schema: linkTokenSchema },
  notFound: "No outage alert has this link (E_NOT_FOUND)",
} as const;

/** /api/v1 calls of outage reports: a provider's reports and incidents, and a report. */
export const outageCalls: ApiCall[] = [
  {
    id: "getProviderOutages",
    method: "get",
    path: "/companies/{slug}/outages",
    summary:
      '"Is it down?": a provider\'s outage reports of the last 24 hours per 15 minutes, by problem and by province, its incidents and the rule that declares them',
    tag: "outages",
    params: outageProviderParams,
    response: outageOverviewResponse,
    notFound,
    handler: async (req, _res, ctx) => ({
      success: true,
      ...(await outageOverview(ctx.app, { slug: req.params.slug })),
    }),
  },
  {
    id: "reportProviderOutage",
    method: "post",
    path: "/companies/{slug}/outages",
    summary:
      "Report a problem with a provider now, in a province and district; no account, nothing about the sender kept; one report per address, provider and day counts; 10 an hour per address",
    tag: "outages",
    bodyLimit: "16kb",
    params: outageProviderParams,
    body: { schema: outageReportSchema },
    response: outageReportResponse,
    notFound,
    handler: async (req, _res, ctx) => ({
      success: true,
      ...(await reportOutage(ctx.app, {
        slug: req.params.slug,
        input: req.body ?? {},
        ip: ctx.ip,
      })),
    }),
  },
  {
    id: "requestProviderOutageAlert",
    method: "post",
    path: "/companies/{slug}/outage-alerts",
    summary:
      "\"Mail me when there is an outage here\": a member's alert for a provider's district; a confirmation mail (double opt-in) follows unless the same alert is already on; 5 an hour per member",
    tag: "outages",
    auth: "bearer",
    bodyLimit: "16kb",
    params: outageProviderParams,
    body: { schema: outageAlertSchema },
    response: outageAlertRequestResponse,
    notFound,
    handler: async (req, _res, ctx) => ({
      success: true,
      ...(await requestOutageAlert(ctx.app, {
        actor: ctx,
        slug: req.params.slug,
        input: req.body ?? {},
        locale: ctx.locale,
      })),
    }),
  },
  {
    ...link,
    id: "getOutageAlertLink",
    path: "/outage-alerts/link",
    summary:
      "What an outage alert's link page shows: its state, provider and place (opening it changes nothing)",
    response: outageAlertLinkResponse,
    handler: async (req, _res, ctx) => {
      const alert = await getOutageAlert(ctx.app, token(req));
      if (!alert)
        throw new AppError("E_NOT_FOUND", "outages.alert.unknownLink");
      return { success: true as const, ...alert };
    },
  },
  {
    ...link,
    id: "confirmOutageAlert",
    path: "/outage-alerts/confirm",
    summary:
      "Confirm an outage alert (double opt-in); idempotent. An unsubscribe link cannot confirm (404)",
    response: outageAlertStateResponse,
    handler: async (req, _res, ctx) => ({
      success: true as const,
      state: await changeOutageAlert(ctx.app, {
        token: token(req),
        action: "confirm",
      }),
    }),
  },
  {
    ...link,
    id: "unsubscribeOutageAlert",
    path: "/outage-alerts/unsubscribe",
    summary: "Turn an outage alert off; idempotent",
    response: outageAlertStateResponse,
    handler: async (req, _res, ctx) => ({
      success: true as const,
      state: await changeOutageAlert(ctx.app, {
        token: token(req),
        action: "unsubscribe",
      }),
    }),
  },
  {
    id: "listOwnOutageAlerts",
    method: "get",
    path: "/my/outage-alerts",
    summary:
      "The caller's outage alerts that are on (pending or active), the newest first",
    tag: "outages",
    auth: "bearer",
    response: ownOutageAlertsResponse,
    handler: async (_req, res, ctx) => {
      const alerts = await listOwnOutageAlerts(ctx.app, { user: ctx.user });
      res.setHeader("Cache-Control", "no-store");
      return { success: true as const, alerts };
    },
  },
  {
    id: "turnOffOwnOutageAlert",
    method: "post",
    path: "/my/outage-alerts/{id}/off",
    summary:
      "Turn one of the caller's outage alerts off, as its mailed unsubscribe link does; idempotent",
    tag: "outages",
    auth: "bearer",
    params: ownOutageAlertParams,
    response: successResponse,
    notFound: "No outage alert of the caller has this id (E_NOT_FOUND)",
    bodyOptional: true,
    handler: async (req, _res, ctx) => {
      await turnOffOwnOutageAlert(ctx.app, {
        user: ctx.user,
        input: { alertId: req.params.id },
      });
      return { success: true as const };
    },
  },
];
