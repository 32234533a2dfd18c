import { describe, expect, it } from "vitest";
import { OUTAGE_BUCKET_MINUTES } from "../../../common/outages";
import { hourRows } from "./outage-chart";

const QUARTER = OUTAGE_BUCKET_MINUTES * 60_000;

/** 96 quarter hours ending with the one that holds `now`, with `reports` at the given indexes. */
function window(now: string, reports: Record<number, number>) {
  const last = Math.floor(Date.parse(now) / QUARTER) * QUARTER;
  return Array.from({ length: 96 }, (_, i) => ({
    start: new Date(last - (95 - i) * QUARTER).toISOString(),
    reports: reports[i] ?? 0,
  }));
}

describe("hourRows", () => {
  it("gives a row per hour with reports, its four quarters and its total, oldest first", () => {
    // Now is 14:20 in Turkey (11:20 UTC): the window runs from 14:30 yesterday to 14:30 today.
    const buckets = window("2026-12-07T11:20:00Z", {
      0: 2,
      1: 1,
      94: 5,
      95: 3,
      40: 7,
    });
    expect(buckets[0]!.start).toBe("2026-12-06T11:30:00.000Z");
    const rows = hourRows(buckets);
    expect(rows.map((r) => new Date(r.start).toISOString())).toEqual([
      "2026-12-06T11:00:00.000Z",
      "2026-12-06T21:00:00.000Z",
      "2026-12-07T11:00:00.000Z",
    ]);
    // The first hour: its first two quarters are before the window.
    expect(rows[0]).toMatchObject({ quarters: [null, null, 2, 1], total: 3 });
    // Index 40 is 10 hours after 11:30 UTC: 21:30 UTC, the third quarter of 21:00.
    expect(rows[1]).toMatchObject({ quarters: [0, 0, 7, 0], total: 7 });
    // The last hour: its last two quarters are after now.
    expect(rows[2]).toMatchObject({ quarters: [5, 3, null, null], total: 8 });
  });

  it("gives no row when there are no reports", () => {
    expect(hourRows(window("2026-12-07T11:20:00Z", {}))).toEqual([]);
  });
});
