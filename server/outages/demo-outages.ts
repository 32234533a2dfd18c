import { and, asc, eq, inArray, max } from "drizzle-orm";
import {
  OUTAGE_BASELINE_DAYS,
  OUTAGE_PROBLEMS,
  OUTAGE_TYPE_IDS,
  type OutageProblem,
} from "../../common/outages";
import { dayInTurkey } from "../../common/reminders";
import type { Database } from "../db/client";
import type { Logger } from "../platform/logger";
import { seededRandom } from "../platform/seeded-random";
import { companies } from "../companies/schema";
import { listDistricts } from "../reference/cities";
import { hourInTurkey } from "../db/turkey-time";
import { checkIncident } from "./incidents";
import { outageReports } from "./schema";

/** Demo providers given a report pattern (the first ones of the demo catalogue). */
const DEMO_PROVIDERS = 8;
/** Provinces the demo reports come from, with their mean reports an hour. */
const DEMO_PLACES: readonly [city: number, perHour: number][] = [
  [34, 0.35],
  [6, 0.15],
  [35, 0.12],
  [16, 0.05],
];
const PROBLEM_WEIGHTS: Record<OutageProblem, number> = {
  slow: 0.35,
  noConnection: 0.25,
  drops: 0.25,
  dns: 0.1,
  tv: 0.05,
};
const HOUR = 3_600_000;

function pick<T>(items: readonly T[], rand: () => number): T {
  return items[Math.floor(rand() * items.length)]!;
}

function problemFor(rand: () => number): OutageProblem {
  let x = rand();
  for (const p of OUTAGE_PROBLEMS) {
    x -= PROBLEM_WEIGHTS[p];
    if (x < 0) return p;
  }
  return "slow";
}

/** More reports in the evening (20:00–23:00, when lines are busiest), few at night. */
function hourFactor(hour: number): number {
  if (hour >= 20 && hour <= 23) return 3;
  if (hour >= 1 && hour <= 7) return 0.3;
  return 1;
}

type ReportRow = typeof outageReports.$inferInsert;

/**
 * Labelled demo data (SEED_DEMO): a report pattern for the first demo internet providers and TV
 * platforms, from where the demo reports stop (or OUTAGE_BASELINE_DAYS ago) until now: a few reports
 * an hour in four provinces, three times as many in the evening; for the first provider a burst
 * in İstanbul three hours ago, declared and ended by the real rule (server/outages/incidents.ts).
 * Each start tops it up to the present; it never touches a real company's reports.
 */
export async function seedDemoOutages(
  db: Database,
  opts: { log: Logger; minNetworks: number; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const providers = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.isDemo, true),
        eq(companies.publishState, "published"),
        inArray(companies.typeId, [...OUTAGE_TYPE_IDS]),
      ),
    )
    .orderBy(asc(companies.id))
    .limit(DEMO_PROVIDERS);
  if (!providers.length) return;
  // Where the demo reports stop (all providers' together: a provider without reports in its last
  // hours had none drawn, and is not given more).
  const [last] = await db
    .select({ at: max(outageReports.createdAt) })
    .from(outageReports)
    .where(
      inArray(
        outageReports.companyId,
        providers.map((p) => p.id),
      ),
    );
  const seededUntil = last?.at?.getTime() ?? 0;
  let added = 0;
  for (const [index, provider] of providers.entries()) {
    const rand = seededRandom(
      provider.id * 7919 + Math.floor(now.getTime() / HOUR),
    );
    const from = Math.max(
      seededUntil,
      now.getTime() - OUTAGE_BASELINE_DAYS * 24 * HOUR,
    );
    const rows: ReportRow[] = [];
    const add = (at: number, city: number, district?: string) => {
      const n = rows.length;
      rows.push({
        companyId: provider.id,
        cityCode: city,
        district: district ?? pick(listDistricts(city), rand),
        problem: problemFor(rand),
        day: dayInTurkey(new Date(at)),
        addressKey: `demo:${at}:${n}`,
        networkKey: `demo:${provider.id}:${Math.floor(rand() * 1e9)}`,
        createdAt: new Date(at),
      });
    };
    for (
      let hourStart = Math.ceil(from / HOUR) * HOUR;
      hourStart < now.getTime();
      hourStart += HOUR
    ) {
      const factor = hourFactor(hourInTurkey(new Date(hourStart)));
      for (const [city, perHour] of DEMO_PLACES) {
        const expected = perHour * factor;
        const reports = Math.floor(expected + rand());
        for (let i = 0; i < reports; i++) {
          const at = hourStart + Math.floor(rand() * HOUR);
          if (at > from && at < now.getTime()) add(at, city);
        }
      }
    }
    // The first provider's burst: a street cabinet down on the Anatolian side three hours ago.
    const burstAt = now.getTime() - 3 * HOUR;
    const burst: number[] = [];
    if (index === 0 && burstAt > from) {
      for (let i = 0; i < 14; i++) {
        const at = burstAt + i * 90_000;
        add(at, 34, pick(["Kadıköy", "Üsküdar", "Ataşehir"], rand));
        burst.push(at);
      }
    }
    rows.sort(
      (a, b) =>
        (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime(),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insert(outageReports)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    added += rows.length;
    // The burst goes through the real rule, report by report, as it would have.
    for (const at of burst)
      await checkIncident(db, {
        companyId: provider.id,
        cityCode: 34,
        now: new Date(at),
        minNetworks: opts.minNetworks,
      });
  }
  if (added) opts.log.info({ reports: added }, "demo outage reports seeded");
}
