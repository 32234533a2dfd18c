import { z } from "../platform/api-zod";

/** The answers of the infrastructure calls (/ttservice/…): the address tree, flats, the query, reports and alerts. */
export const infraNodeSchema = z
  .object({ code: z.number().int().openapi({ description: "The node's code: the parent code of the next level's call" }), value: z.string() })
  .openapi("InfraNode");
export const infraNodesResponse = z.array(infraNodeSchema);

const infraLevelSchema = z.enum(["province", "district", "subdistrict", "village", "neighbourhood", "street", "building", "flat"]);
export const addressPartSchema = z.object({ level: infraLevelSchema, code: z.number().int(), value: z.string() }).openapi("AddressPart");

export const flatRefSchema = z
  .object({
    bbk: z.number().int().openapi({ description: "Building-section code (BBK): the flat's code and the answer page's URL" }),
    uavt: z.number().int().nullable().openapi({ description: "National address code (UAVT), 10 digits" }),
    address: z.array(addressPartSchema).openapi({ description: "Province … flat, top to bottom" }),
  })
  .openapi("Flat");
export const flatResponse = z.object({ flat: flatRefSchema });

export const technologyAnswerSchema = z
  .object({
    technology: z.enum(["FIBER", "VDSL", "ADSL"]),
    available: z.boolean(),
    freePort: z.boolean().nullable(),
    maxDownMbps: z.number().nullable(),
    maxUpMbps: z.number().nullable(),
    fttx: z.enum(["FTTH", "FTTB", "FTTC"]).nullable().openapi({ description: "Fiber only; FTTB tops out near 100 Mbps" }),
    lineEnd: z
      .object({ kind: z.enum(["exchange", "cabinet"]), name: z.string().nullable(), distanceM: z.number().nullable() })
      .nullable(),
    openWorkOrder: z.boolean(),
    estimatedDownMbps: z.number().nullable().openapi({ description: "Copper only: the speed the line length allows" }),
  })
  .openapi("TechnologyAnswer");

export const flatAnswerSchema = flatRefSchema
  .extend({
    technologies: z.array(technologyAnswerSchema).openapi({ description: "FIBER, VDSL, ADSL; none available = no service found" }),
    fetchedAt: z.string().openapi({ format: "date-time" }),
    source: z.enum(["demo", "database", "http"]).openapi({ description: "demo answers are generated examples, to be labelled as such" }),
  })
  .openapi("FlatAnswer");
export const flatAnswerResponse = z.object({ answer: flatAnswerSchema });
export const infraReportResponse = z.object({ success: z.literal(true), id: z.number().int().openapi({ description: "The stored report" }) });

/* ---------- the alert's mailed opt-in link ---------- */

export const alertLinkResponse = z.object({
  success: z.literal(true),
  state: z.enum(["pending", "active", "sent", "unsubscribed"]),
  bbk: z.number().int().openapi({ description: "The watched flat's code (its answer: POST /ttservice/query)" }),
  waitsFor: z.enum(["fiber", "fiberOrPort"]).openapi({ description: "fiber: the flat had a free copper port when the alert was asked for; fiberOrPort: it had no free port at all" }),
  unsubscribeOnly: z.boolean().openapi({ description: "An unsubscribe link (it is in every mail): it cannot confirm" }),
});
export const alertStateResponse = z.object({ success: z.literal(true), state: z.enum(["pending", "active", "sent", "unsubscribed"]) });

export const infraReportsResponse = z.object({
  success: z.literal(true),
  reports: z.array(
    z
      .object({
        id: z.number().int(),
        bbk: z.number().int(),
        provinceCode: z.number().int().nullable(),
        actualTechnology: z.enum(["FIBER", "VDSL", "ADSL", "NONE"]),
        actualDownMbps: z.number().int().nullable(),
        note: z.string().nullable().openapi({ description: "The sender's words: show as text, never as markup" }),
        source: z.string().openapi({ description: "The infrastructure source whose answer was reported" }),
        createdAt: z.string().openapi({ format: "date-time" }),
      })
      .openapi("InfraReport"),
  ).openapi({ description: "The latest 100, newest first" }),
});
