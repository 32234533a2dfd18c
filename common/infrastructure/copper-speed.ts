/**
 * The attainable download speed on a copper line, estimated from its length (the distance to the
 * street cabinet for VDSL2, to the exchange for ADSL2+). Typical attenuation curves on Turkish
 * 0.4 mm pairs: VDSL2 (17a) gives ~100 Mbps next to the cabinet and falls to ~10 Mbps at 1.5 km;
 * ADSL2+ gives ~24 Mbps near the exchange and ~1 Mbps at 5 km. Between the points below the
 * speed is interpolated linearly; past the last point the line no longer syncs (0). Fiber is
 * limited by the plan, not by the distance, so it has no estimate. Pure, isomorphic.
 */

export type CopperTechnology = "VDSL" | "ADSL";

/** [metres, Mbps] points of each curve, by increasing distance. */
export const COPPER_CURVES: Readonly<Record<CopperTechnology, readonly (readonly [number, number])[]>> = {
  VDSL: [
    [0, 100],
    [300, 95],
    [500, 80],
    [800, 50],
    [1000, 35],
    [1500, 10],
    [2000, 5],
    [2500, 2],
    [3000, 0],
  ],
  ADSL: [
    [0, 24],
    [1000, 22],
    [2000, 16],
    [3000, 8],
    [4000, 3],
    [5000, 1],
    [6000, 0.5],
    [7000, 0],
  ],
};

/**
 * Estimated attainable download speed in Mbps (one decimal) of `technology` on a line of
 * `distanceM` metres; null when the distance is unknown or not a finite, non-negative number.
 */
export function estimateCopperDownMbps(technology: CopperTechnology, distanceM: number | null | undefined): number | null {
  if (distanceM === null || distanceM === undefined || !Number.isFinite(distanceM) || distanceM < 0) return null;
  const curve = COPPER_CURVES[technology];
  const last = curve[curve.length - 1];
  if (distanceM >= last[0]) return last[1];
  for (let i = 1; i < curve.length; i++) {
    const [d1, v1] = curve[i];
    if (distanceM <= d1) {
      const [d0, v0] = curve[i - 1];
      const v = v0 + ((v1 - v0) * (distanceM - d0)) / (d1 - d0);
      return Math.round(v * 10) / 10;
    }
  }
  return last[1];
}

/** The estimate, but never above what the port itself offers (`maxDownMbps`), when that is known. */
export function attainableDownMbps(technology: CopperTechnology, distanceM: number | null, maxDownMbps: number | null): number | null {
  const estimate = estimateCopperDownMbps(technology, distanceM);
  if (estimate === null) return null;
  return maxDownMbps === null ? estimate : Math.min(estimate, maxDownMbps);
}
