import { z } from "../validation/zod";
import { OUTAGE_PROBLEMS } from "../outages";

/** Longest district name accepted (the longest real one is under 30 characters). */
export const OUTAGE_DISTRICT_MAX = 60;

/** A province's plate code: a JSON number from the apps, digits from a form. */
const cityField = z.union(
  [
    z
      .number()
      .int("outages.errors.city")
      .min(1, "outages.errors.city")
      .max(81, "outages.errors.city"),
    z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, "outages.errors.city")
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, "outages.errors.city")
          .max(81, "outages.errors.city"),
      ),
  ],
  { error: "outages.errors.city" },
);

/**
 * An outage report (the outage page's form, POST /api/v1/companies/{slug}/outages): what is
 * wrong, in which province and district. Nothing about the person: the server keeps only keyed
 * hashes of the address, for the one-report-a-day rule and the incident's distinct networks.
 * The district is written as the reference data writes it; the server finds it among the
 * province's districts ("cankaya" finds "Çankaya").
 */
export const outageReportSchema = z.object({
  problem: z.enum(OUTAGE_PROBLEMS, "outages.errors.problem"),
  city: cityField,
  district: z
    .string("outages.errors.district")
    .trim()
    .min(1, "outages.errors.district")
    .max(OUTAGE_DISTRICT_MAX, "outages.errors.district")
    .refine(
      (v) => v.isWellFormed() && /^[\p{L}\p{M}\p{Nd} .'’-]+$/u.test(v),
      "outages.errors.district",
    ),
});

export type OutageReportInput = z.infer<typeof outageReportSchema>;

/** An outage alert's place (the outage page's second form, POST /api/v1/companies/{slug}/outage-alerts). */
export const outageAlertSchema = outageReportSchema.pick({
  city: true,
  district: true,
});

/** The outage page's two forms, by `intent`: a report (anyone) and an alert (a member). */
export const OUTAGE_PAGE_INTENTS = ["report", "alert"] as const;

/** One of the member's own outage alerts (the settings page's "turn off" button, POST /api/v1/my/outage-alerts/{id}/off). */
export const outageAlertIdSchema = z.object({
  alertId: z.preprocess(
    (v) =>
      typeof v === "string" && /^\d{1,9}$/.test(v)
        ? Number(v)
        : typeof v === "number"
          ? v
          : Number.NaN,
    z
      .number({ error: "outages.alert.notFound" })
      .int("outages.alert.notFound")
      .min(1, "outages.alert.notFound")
      .max(2_147_483_647, "outages.alert.notFound"),
  ),
});
