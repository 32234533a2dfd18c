import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, like, max } from "drizzle-orm";
import { corporateTypes } from "../../common/corporate-types";
import { SCORECARD_SPEED_DAYS } from "../../common/scorecard";
import { bufferbloatGrade } from "../../common/speedtest/measure";
import type { Database } from "../db/client";
import { TURKEY_UTC_OFFSET_HOURS } from "../db/turkey-time";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import type { Logger } from "../platform/logger";
import { seededRandom } from "../platform/seeded-random";
import { listDistricts } from "../reference/cities";
import { speedtestResults } from "./schema";

/** Demo internet providers given speed tests (the first ones of the demo catalogue with internet packages). */
const DEMO_PROVIDERS = 6;
/** Provinces the demo tests come from, with their weight (İstanbul always, then three or two others). */
const DEMO_PLACES: readonly [city: number, weight: number][] = [
  [34, 0.45],
  [6, 0.25],
  [35, 0.2],
  [16, 0.1],
];
/** Every demo test's testId starts with this (the top-up finds where they stop by it). */
const TEST_ID_PREFIX = "demo-";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INTERNET_TYPE_ID = corporateTypes.find(
  (t) => t.key === "internet_infrastructure",
)!.id;

type Rng = () => number;
type ResultRow = typeof speedtestResults.$inferInsert;

const between = (r: Rng, low: number, high: number) => low + r() * (high - low);
const round2 = (n: number) => Math.round(n * 100) / 100;

function pick<T>(items: readonly T[], r: Rng): T {
  return items[Math.floor(r() * items.length)]!;
}

/** A standard normal draw (Box–Muller). */
function normal(r: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

/** How one demo provider's lines behave: drawn once from its id, the same on every start. */
interface Profile {
  /** Mean tests a day. */
  perDay: number;
  /** Typical measured / promised download outside the evening. */
  downShare: number;
  upShare: number;
  /** How much slower the evening (20:00–23:00) is. */
  eveningDrop: number;
  /** Typical idle ping, ms. */
  ping: number;
  /** Typical latency added under load, ms (lognormal around it). */
  bloat: number;
  /** Its provinces with their weights. */
  places: readonly [city: number, weight: number][];
}

/**
 * Where each of the DEMO_PROVIDERS providers (by its place in the list) sits in each figure's
 * range: a different lane per figure, so the providers differ and do not rank alike in all of them.
 */
const LANES = {
  downShare: [3, 0, 5, 1, 4, 2],
  eveningDrop: [1, 4, 0, 5, 2, 3],
  bloat: [0, 3, 1, 4, 5, 2],
} as const;

function profileOf(companyId: number, index: number): Profile {
  const r = seededRandom(companyId * 104_729 + 17);
  /** A value of [low, high) in this provider's lane of the range. */
  const inLane = (lanes: readonly number[], low: number, high: number) =>
    low +
    ((high - low) * ((lanes[index % lanes.length] ?? 0) + r())) / lanes.length;
  // İstanbul and Ankara always; İzmir and Bursa each most of the time (three or four provinces).
  const dropped = r() < 0.5 ? pick([35, 16], r) : null;
  return {
    perDay: between(r, 0.7, 1.6),
    downShare: inLane(LANES.downShare, 0.64, 0.97),
    upShare: between(r, 0.7, 0.97),
    eveningDrop: inLane(LANES.eveningDrop, 0.05, 0.35),
    ping: between(r, 10, 28),
    bloat: Math.exp(inLane(LANES.bloat, Math.log(3), Math.log(110))),
    places: DEMO_PLACES.filter(([city]) => city !== dropped),
  };
}

function placeFor(places: Profile["places"], r: Rng): number {
  const total = places.reduce((sum, [, w]) => sum + w, 0);
  let x = r() * total;
  for (const [city, w] of places) {
    x -= w;
    if (x < 0) return city;
  }
  return places[0]![0];
}

/** The hour of a test in Turkey: about 30% in the evening (20–22), the rest mostly in the day. */
function hourFor(r: Rng): number {
  if (r() < 0.3) return 20 + Math.floor(r() * 3);
  // 8:00–19:59 most, then 23:00–01:59, a few early in the morning.
  const x = r();
  if (x < 0.75) return 8 + Math.floor(r() * 12);
  if (x < 0.93) return (23 + Math.floor(r() * 3)) % 24;
  return 2 + Math.floor(r() * 6);
}

interface DemoPackage {
  id: number;
  down: number;
  up: number;
}

/** Share of a provider's tests taken on its popular package. */
const POPULAR_SHARE = 0.7;

/** The package most of a provider's demo customers have: the middle one by promised download. */
function popularOf(pkgs: readonly DemoPackage[]): DemoPackage {
  const sorted = [...pkgs].sort((a, b) => a.down - b.down || a.id - b.id);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** A day's tests of one provider: drawn from (company, day) alone, so every start draws the same. */
function testsOfDay(
  company: { id: number; name: string },
  pkgs: readonly DemoPackage[],
  profile: Profile,
  day: number,
): ResultRow[] {
  const r = seededRandom(company.id * 7919 + day * 104_723);
  const count = Math.floor(profile.perDay + r());
  // Midnight in Turkey of this day (days counted in Turkey's time).
  const dayStart = day * DAY - TURKEY_UTC_OFFSET_HOURS * HOUR;
  const rows: ResultRow[] = [];
  for (let k = 0; k < count; k++) {
    const hour = hourFor(r);
    const at = dayStart + hour * HOUR + Math.floor(r() * HOUR);
    const evening = hour >= 20 && hour < 23;
    // Most customers are on the provider's middle package, so its evening and daytime medians
    // compare like with like (as a real provider's popular package makes them).
    const pkg = r() < POPULAR_SHARE ? popularOf(pkgs) : pick(pkgs, r);
    const slower = evening ? 1 - profile.eveningDrop * between(r, 0.6, 1.4) : 1;
    const share = (mean: number) =>
      Math.min(1.05, Math.max(0.15, mean * (1 + 0.09 * normal(r)))) * slower;
    const download = round2(pkg.down * share(profile.downShare));
    const upload = round2(pkg.up * share(profile.upShare));
    const ping = round2(profile.ping * between(r, 0.7, 1.45));
    const pingMin = round2(ping * between(r, 0.7, 0.95));
    const jitter = round2(between(r, 1, 10));
    const added = (extra: number) =>
      round2(ping + profile.bloat * extra * Math.exp(0.6 * normal(r)));
    const loadedDown = added(evening ? 1.3 : 1);
    const loadedUp = added(0.8);
    const testId = `${TEST_ID_PREFIX}${company.id}-${day}-${k}`;
    const place = placeFor(profile.places, r);
    rows.push({
      // The share page's id shape (16 of [\w-]), the same for this test on every start.
      id: createHash("sha256").update(testId).digest("base64url").slice(0, 16),
      testId,
      userId: null,
      ipHash: `demo:${company.id}:${day}:${k}`,
      download,
      upload,
      ping,
      pingMin,
      jitter,
      loadedDown,
      loadedUp,
      // The result store's rule (server/speedtest/save-result.ts).
      grade: bufferbloatGrade(Math.max(loadedDown, loadedUp) - ping),
      provider: company.name,
      companyId: company.id,
      packageId: pkg.id,
      cityCode: place,
      district: pick(listDistricts(place), r),
      promisedDown: pkg.down,
      promisedUp: pkg.up,
      counted: true,
      shared: true,
      createdAt: new Date(at),
    });
  }
  return rows;
}

/**
 * Labelled demo data (SEED_DEMO): speed tests for the first DEMO_PROVIDERS demo internet providers
 * with demo internet packages, enough for their scorecards' speed figures (common/scorecard.ts):
 * about 60–150 tests each over the last SCORECARD_SPEED_DAYS days, in three or four provinces, a
 * third in the evening, each compared with one of the provider's demo packages; each provider's
 * share of the promise, evening drop and bufferbloat differ. A day's tests are drawn from the
 * provider and the day alone and keyed by them (`demo-<company>-<day>-<n>`), so each start tops
 * them up to the present from the provider's last demo test and adds nothing already there.
 * Only demo companies' rows are written; a real company's tests are never touched.
 */
export async function seedDemoSpeedtests(
  db: Database,
  opts: { log: Logger; now?: Date },
): Promise<number> {
  const now = (opts.now ?? new Date()).getTime();
  const candidates = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.isDemo, true),
        eq(companies.publishState, "published"),
        eq(companies.typeId, INTERNET_TYPE_ID),
      ),
    )
    .orderBy(asc(companies.id));
  if (!candidates.length) return 0;
  const pkgRows = await db
    .select({
      id: packages.id,
      companyId: packages.companyId,
      down: packages.downloadMbps,
      up: packages.uploadMbps,
    })
    .from(packages)
    .where(
      and(
        inArray(
          packages.companyId,
          candidates.map((c) => c.id),
        ),
        eq(packages.isDemo, true),
        eq(packages.serviceKind, "internet"),
        isNull(packages.withdrawnAt),
        gt(packages.downloadMbps, 0),
        gt(packages.uploadMbps, 0),
      ),
    )
    .orderBy(asc(packages.id));
  const pkgsOf = new Map<number, DemoPackage[]>();
  for (const p of pkgRows) {
    if (p.down === null || p.up === null) continue;
    const list = pkgsOf.get(p.companyId) ?? [];
    list.push({ id: p.id, down: p.down, up: p.up });
    pkgsOf.set(p.companyId, list);
  }
  const providers = candidates
    .filter((c) => pkgsOf.has(c.id))
    .slice(0, DEMO_PROVIDERS);
  if (!providers.length) return 0;

  // Where each provider's demo tests stop: its last day is drawn again (it may have been cut by
  // the previous start's "now"), the days before it not at all.
  const last = await db
    .select({
      companyId: speedtestResults.companyId,
      at: max(speedtestResults.createdAt),
    })
    .from(speedtestResults)
    .where(
      and(
        inArray(
          speedtestResults.companyId,
          providers.map((p) => p.id),
        ),
        like(speedtestResults.testId, `${TEST_ID_PREFIX}%`),
      ),
    )
    .groupBy(speedtestResults.companyId);
  const lastAt = new Map(last.map((l) => [l.companyId, l.at?.getTime() ?? 0]));

  const since = now - SCORECARD_SPEED_DAYS * DAY;
  const dayOf = (at: number) =>
    Math.floor((at + TURKEY_UTC_OFFSET_HOURS * HOUR) / DAY);
  let added = 0;
  for (const [index, company] of providers.entries()) {
    const profile = profileOf(company.id, index);
    const from = Math.max(since, lastAt.get(company.id) ?? 0);
    const rows: ResultRow[] = [];
    for (let day = dayOf(from); day <= dayOf(now); day++) {
      for (const row of testsOfDay(
        company,
        pkgsOf.get(company.id)!,
        profile,
        day,
      )) {
        const at = (row.createdAt as Date).getTime();
        if (at > since && at <= now) rows.push(row);
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await db
        .insert(speedtestResults)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({ id: speedtestResults.id });
      added += inserted.length;
    }
  }
  if (added) opts.log.info({ tests: added }, "demo speed tests seeded");
  return added;
}
