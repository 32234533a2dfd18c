import type { AppContext } from "../core/app-context";
import { findDistrictName, findProvinceByCode } from "../reference/cities";
import type { AreaSpeeds } from "../../common/speedtest/stats";
import { MEDIAN_DAYS, MEDIAN_MIN_ADDRESSES, provinceMedians, speedtestStats } from "./read-results";

/** Providers listed for a province or district on the infrastructure pages. */
export const AREA_PROVIDERS_SHOWN = 10;

/**
 * What the speed-test statistics say about a province and, when given, one of its districts
 * (the spec: "the measured median speeds of providers in that district"). Results store the
 * district only when the person chose one, so a district often has too few tests of its own:
 * each figure then falls back to the whole province, and says so (`scope`). No figure comes from
 * tests from fewer than MEDIAN_MIN_ADDRESSES addresses.
 */
export async function areaSpeeds(
  app: Pick<AppContext, "db">,
  opts: { province: number; district?: string | null; now?: Date },
): Promise<AreaSpeeds | null> {
  const province = findProvinceByCode(opts.province);
  if (!province) return null;
  const district = opts.district ? (findDistrictName(province.code, opts.district) ?? null) : null;
  const inProvince = { province: province.code, now: opts.now };
  const provinceOverall = await provinceMedians(app, inProvince);
  const districtOverall = district ? await provinceMedians(app, { ...inProvince, district }) : null;
  // A district with fewer tests than the minimum cannot have a provider with enough of them.
  const districtProviders =
    district && districtOverall && districtOverall.addresses >= MEDIAN_MIN_ADDRESSES
      ? await speedtestStats(app, { by: "provider", city: province.code, district, now: opts.now, limit: AREA_PROVIDERS_SHOWN })
      : [];
  const providerRows = districtProviders.length
    ? districtProviders
    : await speedtestStats(app, { by: "provider", city: province.code, now: opts.now, limit: AREA_PROVIDERS_SHOWN });
  return {
    days: MEDIAN_DAYS,
    minCount: MEDIAN_MIN_ADDRESSES,
    city: province.name,
    district,
    districtCount: districtOverall?.count ?? null,
    districtAddresses: districtOverall?.addresses ?? null,
    overall: districtOverall?.medians ? { ...districtOverall, scope: "district" } : { ...provinceOverall, scope: "province" },
    providers: { scope: districtProviders.length ? "district" : "province", rows: providerRows },
  };
}
