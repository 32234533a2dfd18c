import { z } from "../../platform/api-zod";

export { errorResponse, localizedName, messageResponse, successResponse } from "../../platform/api-shapes";
import { sponsorshipPeriodSchema } from "../../companies/api-schemas";

/* ---------- administrators' package sponsorship (its period: the companies' shape) ---------- */

export const packageSponsorshipResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  sponsoredNow: z.boolean().openapi({ description: "Labelled sponsored right now" }),
  period: z.union([sponsorshipPeriodSchema, z.null()]).openapi({ description: "The package's one period (a new one replaces it); null: none" }),
});
export const packageSponsorshipSetResponse = z.object({ success: z.literal(true), packageId: z.number().int(), period: sponsorshipPeriodSchema });
export const packageSponsorshipEndedResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  outcome: z.enum(["ended", "removed"]).openapi({ description: "ended: the running period ended now; removed: a period not yet started was deleted" }),
});
