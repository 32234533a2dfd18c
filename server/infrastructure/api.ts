import type { Request } from "express";
import { alertSchema, flatCodeSchema, landlineSchema, nodeLookupSchema, reportSchema, uavtSchema } from "../../common/forms/infrastructure";
import { linkTokenSchema } from "../../common/forms/link-token";
import { LEVEL_CALLS } from "../../common/infrastructure/cascade";
import type { ApiCall } from "../core/app-context";
import { successResponse } from "../platform/api-shapes";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { changeAlert, getAlert, requestAlert } from "./alerts";
import {
  alertLinkResponse,
  alertStateResponse,
  flatAnswerResponse,
  flatResponse,
  infraNodesResponse,
  infraReportResponse,
  infraReportsResponse,
} from "./api-schemas";
import { CHILD_LEVELS, findFlat, listLevel, queryFlat } from "./lookups";
import { listReports, reportWrongData } from "./reports";

/**
 * /api/v1/ttservice/… : the infrastructure query for the mobile apps, in the style of the spec's
 * POST /ttservice/cities ([{code, value}]). One call per level below the province (the body
 * names the parent's code), the three flat lookups and the query itself; the answer page's
 * report and alert forms, the alert's mailed link, and the administrators' list of reports.
 * Every body is small: 4 KB.
 */

const LEVEL_NAMES = {
  district: "districts of a province",
  subdistrict: "sub-districts (bucak) of a district",
  village: "villages (köy) of a sub-district",
  neighbourhood: "neighbourhoods (mahalle) of a village",
  street: "streets (cadde/sokak) of a neighbourhood",
  building: "buildings of a street",
  flat: "flats of a building (their codes are BBK codes)",
} as const;

const common = { tag: "infrastructure", bodyLimit: "4kb" } as const;

const queryCalls: ApiCall[] = [
  ...CHILD_LEVELS.map(
    (level): ApiCall => ({
      ...common,
      id: `list${LEVEL_CALLS[level][0].toUpperCase()}${LEVEL_CALLS[level].slice(1)}`,
      path: `/ttservice/${LEVEL_CALLS[level]}`,
      summary: `The ${LEVEL_NAMES[level]}; body: the parent's code`,
      body: { schema: nodeLookupSchema },
      response: infraNodesResponse,
      notFound: "No node with this parent code (E_NOT_FOUND)",
      upstream: true,
      handler: async (req, _res, ctx) => listLevel(ctx.app, { level, input: req.body ?? {} }),
    }),
  ),
  {
    ...common, id: "findFlatByCode", path: "/ttservice/flat-by-code", summary: "A flat and its address by its BBK code",
    body: { schema: flatCodeSchema }, response: flatResponse, notFound: "No such flat (E_NOT_FOUND)", upstream: true,
    handler: async (req, _res, ctx) => ({ flat: await findFlat(ctx.app, { by: "bbk", input: req.body ?? {} }) }),
  },
  {
    ...common, id: "findFlatByUavt", path: "/ttservice/flat-by-uavt", summary: "A flat and its address by its 10-digit UAVT address code",
    body: { schema: uavtSchema }, response: flatResponse, notFound: "No flat with this address code (E_NOT_FOUND)", upstream: true,
    handler: async (req, _res, ctx) => ({ flat: await findFlat(ctx.app, { by: "uavt", input: req.body ?? {} }) }),
  },
  {
    ...common, id: "findFlatByLandline", path: "/ttservice/flat-by-landline", summary: "The flat a Turkish landline number belongs to (area code checked)",
    body: { schema: landlineSchema }, response: flatResponse, notFound: "No flat with this number (E_NOT_FOUND)", upstream: true,
    handler: async (req, _res, ctx) => ({ flat: await findFlat(ctx.app, { by: "landline", input: req.body ?? {} }) }),
  },
  {
    ...common, id: "queryFlat", path: "/ttservice/query", summary: "What reaches a flat: per technology availability, free port, speeds, line length, estimated copper speed",
    body: { schema: flatCodeSchema }, response: flatAnswerResponse, notFound: "No such flat (E_NOT_FOUND)", upstream: true,
    handler: async (req, res, ctx) => {
      const answer = await queryFlat(ctx.app, { input: req.body ?? {}, countFor: { ipHash: ctx.ipHash } });
      res.setHeader("Cache-Control", "no-store");
      return { answer };
    },
  },
  {
    // "This answer is wrong" (the answer page's report form): what the person really has at the flat.
    ...common, id: "reportWrongInfrastructure", path: "/ttservice/report",
    summary: "\"This answer is wrong\": what the person really has at a flat (technology, optional speed and note); nothing about the sender is stored; 5 an hour per address",
    body: { schema: reportSchema }, response: infraReportResponse, notFound: "No such flat (E_NOT_FOUND)", upstream: true,
    handler: async (req, _res, ctx) => {
      const report = await reportWrongData(ctx.app, { input: req.body ?? {}, ip: ctx.ip });
      return { success: true as const, id: report.id };
    },
  },
];

// The alert's mailed link (/altyapi-uyari/:token): what its page shows, and its two buttons.
const token = (req: Request) => parseInput(linkTokenSchema, req.body ?? {}).token;
const link = { ...common, body: { schema: linkTokenSchema } };
const unknownAlert = "No alert has this link (E_NOT_FOUND)";

/** The answer page's alert form and the alert's mailed link (/altyapi-uyari/:token); the administrators' reports. */
const alertCalls: ApiCall[] = [
  {
    // "Tell me when fiber (or, where no line has one, a free port) reaches this flat": a confirmation mail goes to the address (double opt-in).
    ...common, id: "requestInfrastructureAlert", path: "/ttservice/alert",
    summary: "Tell me when fiber or a free port reaches this flat: a confirmation link is mailed (double opt-in); one mail once it happens, with a one-click unsubscribe. 5 an hour per client",
    body: { schema: alertSchema }, response: successResponse,
    notFound: "No such flat (E_NOT_FOUND)", conflict: "The flat already has fiber or a free port (E_CONFLICT)", upstream: true,
    handler: async (req, _res, ctx) => {
      await requestAlert(ctx.app, { input: req.body ?? {}, locale: ctx.apiLocale, ip: ctx.ip });
      return { success: true as const };
    },
  },
  {
    ...link, id: "getInfrastructureAlertLink", path: "/ttservice/alert/link",
    summary: "What the alert's link page shows: the alert's state and flat (opening it changes nothing)", response: alertLinkResponse, notFound: unknownAlert,
    handler: async (req, _res, ctx) => {
      const alert = await getAlert(ctx.app, token(req));
      if (!alert) throw new AppError("E_NOT_FOUND", "infrastructure.alert.unknownLink");
      return { success: true as const, ...alert };
    },
  },
  {
    ...link, id: "confirmInfrastructureAlert", path: "/ttservice/alert/confirm",
    summary: "Confirm the alert (double opt-in); idempotent. An unsubscribe link cannot confirm (404)", response: alertStateResponse, notFound: unknownAlert,
    handler: async (req, _res, ctx) => ({ success: true as const, state: await changeAlert(ctx.app, { token: token(req), action: "confirm" }) }),
  },
  {
    ...link, id: "unsubscribeInfrastructureAlert", path: "/ttservice/alert/unsubscribe",
    summary: "Turn the alert off; idempotent", response: alertStateResponse, notFound: unknownAlert,
    handler: async (req, _res, ctx) => ({ success: true as const, state: await changeAlert(ctx.app, { token: token(req), action: "unsubscribe" }) }),
  },
  {
    // The administrators' list of "this answer is wrong" reports (/altyapi-bildirimleri), newest first.
    id: "listInfrastructureReports", method: "get", path: "/admin/infrastructure-reports", tag: "infrastructure", auth: "bearer",
    summary: "The latest \"this answer is wrong\" reports (100), newest first (/altyapi-bildirimleri)", response: infraReportsResponse,
    forbidden: "Not an administrator (E_FORBIDDEN)",
    handler: async (_req, _res, ctx) => {
      const rows = await listReports(ctx.app, { actor: ctx });
      return { success: true as const, reports: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  },
];

export const infrastructureCalls: ApiCall[] = [...queryCalls, ...alertCalls];
