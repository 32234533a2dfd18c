import { paths } from "../../common/paths";
import type { AreaModule } from "../core/app-context";
import { listProvinces } from "../reference/cities";
import { ALERT_EVERY_MS, ALERT_JOB, alertRecords, eraseExpiredAlerts, runAlertJob, scheduleAlertChecks } from "./alerts";
import { infrastructureCalls } from "./api";

/** The infrastructure query: address tree, answers, alerts and wrong-data reports. */
export const infrastructureModule: AreaModule = {
  name: "infrastructure",
  // Every hour: watched flats re-checked; one mail when fiber or a free port arrives.
  jobs: { [ALERT_JOB]: (deps) => runAlertJob(deps) },
  recurring: [(db, now) => scheduleAlertChecks(db, new Date(now.getTime() + ALERT_EVERY_MS))],
  // The 81 query pages of the provinces.
  sitemap: [() => listProvinces().map((p) => ({ path: `/${paths.altyapiSorgulamaIl(p.url).replace(/^\/+/, "")}`, changeFrequency: "weekly" as const }))],
  anonymisers: [alertRecords],
  cleanups: { alerts: eraseExpiredAlerts },
  api: infrastructureCalls,
};
