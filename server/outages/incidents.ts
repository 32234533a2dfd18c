import { and, eq, isNull, lt, sql } from "drizzle-orm";
import {
  OUTAGE_BASELINE_DAYS,
  OUTAGE_FACTOR,
  OUTAGE_QUIET_MINUTES,
  OUTAGE_WINDOW_MINUTES,
} from "../../common/outages";
import type { Database } from "../db/client";
import { hourInTurkey, hourInTurkeySql } from "../db/turkey-time";
import { outageIncidents, outageReports } from "./schema";

const MINUTE = 60_000;

/** An incident quiet for too long ends where its last window did. */
const endOfLastWindow = () => sql`${outageIncidents.lastSeenAt} + interval '${sql.raw(String(OUTAGE_WINDOW_MINUTES))} minutes'`;
const DAY = 86_400_000;

/**
 * The published rule (common/outages.ts): a provider's usual reports in a province for this hour
 * of the day are the mean per window of that hour over the OUTAGE_BASELINE_DAYS days before the
 * last 24 hours; an incident needs OUTAGE_FACTOR times that, and never fewer than `minNetworks`
 * distinct networks.
 */
export function incidentThreshold(
  usualReportsInHour: number,
  minNetworks: number,
): number {
  const windowsPerHour = 60 / OUTAGE_WINDOW_MINUTES;
  const usualPerWindow =
    usualReportsInHour / (OUTAGE_BASELINE_DAYS * windowsPerHour);
  return Math.max(minNetworks, Math.ceil(OUTAGE_FACTOR * usualPerWindow));
}

export interface IncidentCheck {
  /** Distinct networks among the window's reports. */
  networks: number;
  threshold: number;
  /** The incident this check found going on or declared; null when there is none. */
  incidentId: number | null;
  /** True when this check declared it. */
  started: boolean;
  /** True when this check added a district to an ongoing incident (its alerts there are then due). */
  spread: boolean;
}

/**
 * Looks at a provider's reports in one province after a new one: ends an open incident that has
 * been quiet for OUTAGE_QUIET_MINUTES, declares one when the window's distinct networks reach the
 * threshold (one statement with a unique index on the open incident: two reports at once declare
 * one), and keeps an open one going (its last sighting, its peak, the districts it reached).
 */
export async function checkIncident(
  db: Database,
  opts: {
    companyId: number;
    cityCode: number;
    now: Date;
    minNetworks: number;
    /**
     * A check made for a report as it arrives: the window has no end, since no report can come
     * from the future, and one that took its time a moment after this one but was stored first
     * still belongs to it (concurrent reports would otherwise miss each other). Replays of the
     * past (the demo) leave it off and see only what had come by `now`.
     */
    live?: boolean;
  },
): Promise<IncidentCheck> {
  const { companyId, cityCode, now } = opts;
  const r = outageReports;
  const inPlace = and(eq(r.companyId, companyId), eq(r.cityCode, cityCode));
  const windowStart = new Date(now.getTime() - OUTAGE_WINDOW_MINUTES * MINUTE);
  const [[win], [usual]] = await Promise.all([
    db
      .select({
        networks: sql<number>`count(DISTINCT ${r.networkKey})`.mapWith(Number),
        districts: sql<
          string[]
        >`coalesce(array_agg(${r.district} ORDER BY ${r.createdAt}, ${r.id}), '{}')`,
      })
      .from(r)
      .where(
        and(
          inPlace,
          sql`${r.createdAt} > ${windowStart.toISOString()}::timestamptz`,
          opts.live
            ? undefined
            : sql`${r.createdAt} <= ${now.toISOString()}::timestamptz`,
        ),
      ),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(r)
      .where(
        and(
          inPlace,
          sql`${r.createdAt} >= ${new Date(now.getTime() - (OUTAGE_BASELINE_DAYS + 1) * DAY).toISOString()}::timestamptz`,
          sql`${r.createdAt} < ${new Date(now.getTime() - DAY).toISOString()}::timestamptz`,
          sql`${hourInTurkeySql(r.createdAt)} = ${hourInTurkey(now)}`,
        ),
      ),
  ]);
  const networks = win?.networks ?? 0;
  const threshold = incidentThreshold(usual?.n ?? 0, opts.minNetworks);
  const districts = [...new Set(win?.districts ?? [])];
  const quietSince = new Date(now.getTime() - OUTAGE_QUIET_MINUTES * MINUTE);
  /** The provider's open incident in this province (at most one: a partial unique index). */
  const openHere = and(
    eq(outageIncidents.companyId, companyId),
    eq(outageIncidents.cityCode, cityCode),
    isNull(outageIncidents.endedAt),
  );
  // An open incident quiet for too long ends where its last window did.
  await db
    .update(outageIncidents)
    .set({ endedAt: endOfLastWindow() })
    .where(and(openHere, lt(outageIncidents.lastSeenAt, quietSince)));
  const findOpen = async () =>
    (
      await db
        .select({
          id: outageIncidents.id,
          threshold: outageIncidents.threshold,
          districts: outageIncidents.districts,
        })
        .from(outageIncidents)
        .where(openHere)
        .limit(1)
    )[0];
  /** Keeps an open incident going with this window: its last sighting, its peak, its districts. */
  const keepGoing = async (open: {
    id: number;
    threshold: number;
    districts: string[];
  }): Promise<IncidentCheck> => {
    if (networks < open.threshold)
      return {
        networks,
        threshold: open.threshold,
        incidentId: open.id,
        started: false,
        spread: false,
      };
    const [kept] = await db
      .update(outageIncidents)
      .set({
        lastSeenAt: sql`greatest(${outageIncidents.lastSeenAt}, ${now.toISOString()}::timestamptz)`,
        peakNetworks: sql`greatest(${outageIncidents.peakNetworks}, ${networks})`,
        // The districts in the order they first appeared, each once.
        districts: sql`array(SELECT d FROM unnest(${outageIncidents.districts} || array(SELECT jsonb_array_elements_text(${JSON.stringify(districts)}::jsonb))) WITH ORDINALITY AS u(d, i) GROUP BY d ORDER BY min(i))`,
      })
      .where(eq(outageIncidents.id, open.id))
      .returning({ districts: outageIncidents.districts });
    return {
      networks,
      threshold: open.threshold,
      incidentId: open.id,
      started: false,
      spread: (kept?.districts.length ?? 0) > open.districts.length,
    };
  };
  const open = await findOpen();
  if (open) return keepGoing(open);
  if (networks < threshold)
    return {
      networks,
      threshold,
      incidentId: null,
      started: false,
      spread: false,
    };
  const [declared] = await db
    .insert(outageIncidents)
    .values({
      companyId,
      cityCode,
      startedAt: now,
      lastSeenAt: now,
      threshold,
      peakNetworks: networks,
      districts,
    })
    .onConflictDoNothing()
    .returning({ id: outageIncidents.id });
  if (declared)
    return {
      networks,
      threshold,
      incidentId: declared.id,
      started: true,
      spread: false,
    };
  // Another report declared it a moment ago, perhaps from a window that did not yet hold this
  // one's district: this window joins it like any later one.
  const other = await findOpen();
  if (other) return keepGoing(other);
  return {
    networks,
    threshold,
    incidentId: null,
    started: false,
    spread: false,
  };
}

/** The clean-up: writes the end of every incident quiet for OUTAGE_QUIET_MINUTES (readers already treat them as over). */
export async function endQuietIncidents(
  db: Database,
  now: Date,
): Promise<number> {
  const quietSince = new Date(now.getTime() - OUTAGE_QUIET_MINUTES * MINUTE);
  const ended = await db
    .update(outageIncidents)
    .set({ endedAt: endOfLastWindow() })
    .where(
      and(
        isNull(outageIncidents.endedAt),
        lt(outageIncidents.lastSeenAt, quietSince),
      ),
    )
    .returning({ id: outageIncidents.id });
  return ended.length;
}
