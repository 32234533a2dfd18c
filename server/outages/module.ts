import { lt } from "drizzle-orm";
import { OUTAGE_KEEP_DAYS } from "../../common/outages";
import type { AreaModule } from "../core/app-context";
import { outageCalls } from "./api";
import {
  eraseExpiredOutageAlerts,
  mailIncidentAlerts,
  OUTAGE_INCIDENT_JOB,
  outageAlertRecords,
} from "./alerts";
import { seedDemoOutages } from "./demo-outages";
import { endQuietIncidents } from "./incidents";
import { outageSitemapEntries } from "./providers";
import { outageReports } from "./schema";

/** Outage reports: a provider's "is it down?" page, its reports and incidents. */
export const outagesModule: AreaModule = {
  name: "outages",
  sitemap: [outageSitemapEntries],
  jobs: {
    [OUTAGE_INCIDENT_JOB]: async (deps, payload) =>
      void (await mailIncidentAlerts(deps, payload)),
  },
  anonymisers: [outageAlertRecords],
  cleanups: {
    outageIncidents: endQuietIncidents,
    outageAlerts: eraseExpiredOutageAlerts,
    async outageReports(db, now) {
      const erased = await db
        .delete(outageReports)
        .where(
          lt(
            outageReports.createdAt,
            new Date(now.getTime() - OUTAGE_KEEP_DAYS * 86_400_000),
          ),
        )
        .returning({ id: outageReports.id });
      return erased.length;
    },
  },
  seedDemo: (db, { log, config }) =>
    seedDemoOutages(db, { log, minNetworks: config.OUTAGE_MIN_NETWORKS }),
  api: outageCalls,
};
