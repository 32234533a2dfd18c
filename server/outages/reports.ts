import { outageReportSchema } from "../../common/forms/outages";
import { dayInTurkey } from "../../common/reminders";
import type { AppContext } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { findDistrictName } from "../reference/cities";
import { consumeLimit } from "../security/rate-limit";
import { reportKeys } from "./address-keys";
import { queueIncidentMails } from "./alerts";
import { checkIncident } from "./incidents";
import { findOutageProvider } from "./providers";
import { outageReports } from "./schema";

/** Reports one address may send in an hour, over all providers: a household's, not a flood's. */
export const OUTAGE_REPORT_LIMIT = {
  name: "outage-report",
  points: 10,
  durationSeconds: 3600,
};

export interface OutageReportAnswer {
  /** False when this address had already reported this provider today (the first report stands). */
  counted: boolean;
  /** Whether an incident is going on in the report's province now. */
  incident: boolean;
  city: number;
  district: string;
}

/**
 * "It is down here" (the outage page's form and POST /api/v1/companies/{slug}/outages), from
 * anyone, no account: the problem, the province and the district. Kept without the address (two
 * keyed hashes, server/outages/address-keys.ts); one report per address, provider and day counts
 * (a second one is answered as already counted, and changes nothing), at most
 * OUTAGE_REPORT_LIMIT an hour from one address. Each counted report looks at the province's
 * incident (server/outages/incidents.ts).
 */
export async function reportOutage(
  app: Pick<AppContext, "db" | "limits" | "config">,
  opts: { slug: unknown; input: unknown; ip: string; now?: Date },
): Promise<OutageReportAnswer> {
  const provider = await findOutageProvider(app, opts.slug);
  const input = parseInput(outageReportSchema, opts.input);
  const district = findDistrictName(input.city, input.district);
  if (!district)
    throw new AppError("E_VALIDATION", "outages.errors.districtUnknown", {
      fieldErrors: { district: { key: "outages.errors.districtUnknown" } },
    });
  const now = opts.now ?? new Date();
  const keys = reportKeys(app.config.SESSION_SECRET, {
    ip: opts.ip,
    companyId: provider.id,
    day: dayInTurkey(now),
  });
  if (!keys) throw new AppError("E_BAD_REQUEST", "errors.badRequest");
  await consumeLimit(app.limits, OUTAGE_REPORT_LIMIT, opts.ip);
  const [stored] = await app.db
    .insert(outageReports)
    .values({
      companyId: provider.id,
      cityCode: input.city,
      district,
      problem: input.problem,
      day: dayInTurkey(now),
      ...keys,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: outageReports.id });
  const check = await checkIncident(app.db, {
    companyId: provider.id,
    cityCode: input.city,
    now,
    minNetworks: app.config.OUTAGE_MIN_NETWORKS,
    live: !opts.now,
  });
  // An incident that starts, or reaches another district, mails the alerts there.
  if (check.incidentId !== null && (check.started || check.spread))
    await queueIncidentMails(app.db, check.incidentId);
  return {
    counted: !!stored,
    incident: check.incidentId !== null,
    city: input.city,
    district,
  };
}
