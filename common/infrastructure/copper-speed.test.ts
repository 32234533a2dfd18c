import { describe, expect, it } from "vitest";
import { attainableDownMbps, COPPER_CURVES, estimateCopperDownMbps } from "./copper-speed";

describe("estimateCopperDownMbps", () => {
  it("VDSL2: ~100 Mbps next to the cabinet, ~10 Mbps at 1.5 km", () => {
    expect(estimateCopperDownMbps("VDSL", 0)).toBe(100);
    expect(estimateCopperDownMbps("VDSL", 1500)).toBe(10);
    expect(estimateCopperDownMbps("VDSL", 150)).toBe(97.5);
    expect(estimateCopperDownMbps("VDSL", 5000)).toBe(0);
  });

  it("ADSL2+: ~24 Mbps near the exchange, ~1 Mbps at 5 km", () => {
    expect(estimateCopperDownMbps("ADSL", 0)).toBe(24);
    expect(estimateCopperDownMbps("ADSL", 5000)).toBe(1);
    expect(estimateCopperDownMbps("ADSL", 2500)).toBe(12);
    expect(estimateCopperDownMbps("ADSL", 10_000)).toBe(0);
  });

  it("never rises with distance", () => {
    for (const tech of ["VDSL", "ADSL"] as const) {
      let previous = Infinity;
      for (let d = 0; d <= 8000; d += 25) {
        const v = estimateCopperDownMbps(tech, d)!;
        expect(v).toBeLessThanOrEqual(previous);
        previous = v;
      }
    }
    for (const curve of Object.values(COPPER_CURVES)) {
      expect(curve.map(([d]) => d)).toEqual([...curve.map(([d]) => d)].sort((a, b) => a - b));
    }
  });

  it("has no estimate without a usable distance", () => {
    expect(estimateCopperDownMbps("VDSL", null)).toBeNull();
    expect(estimateCopperDownMbps("VDSL", undefined)).toBeNull();
    expect(estimateCopperDownMbps("ADSL", -1)).toBeNull();
    expect(estimateCopperDownMbps("ADSL", Number.NaN)).toBeNull();
    expect(estimateCopperDownMbps("ADSL", Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("is capped by the port's own maximum", () => {
    expect(attainableDownMbps("VDSL", 0, 50)).toBe(50);
    expect(attainableDownMbps("VDSL", 1500, 50)).toBe(10);
    expect(attainableDownMbps("ADSL", 100, null)).toBe(23.8);
    expect(attainableDownMbps("ADSL", null, 16)).toBeNull();
  });
});
