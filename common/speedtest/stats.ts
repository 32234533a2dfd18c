// The speed-test statistics as the server computes them and the pages and the API show them.

export interface StatsRow {
  /** Plate code of the province, or the provider's company id. */
  key: string;
  name: string;
  /** Tests counted (at most one per address, provider and day). */
  count: number;
  /** Different addresses they came from (at least MEDIAN_MIN_ADDRESSES). */
  addresses: number;
  download: number;
  upload: number;
  ping: number;
  /** A demo company (SEED_DEMO): pages showing it say so. */
  isDemo: boolean;
}

export interface ProvinceMedians {
  /** Tests counted in the province (or district) in the window. */
  count: number;
  /** Different addresses they came from. */
  addresses: number;
  days: number;
  /** The medians (Mbps, Mbps, ms); null when the tests come from fewer than MEDIAN_MIN_ADDRESSES addresses. */
  medians: { download: number; upload: number; ping: number } | null;
}

export type AreaScope = "province" | "district";

/** The measured speeds of a place, as the infrastructure query's answer and city pages show them. */
export interface AreaSpeeds {
  days: number;
  minCount: number;
  /** The province's name as written in prose ("İzmir"). */
  city: string;
  /** The district asked for, as the reference data names it ("Konak"); null when none was given or it is unknown. */
  district: string | null;
  /** Tests counted with that district in the window; null without a district. */
  districtCount: number | null;
  /** Different addresses they came from; null without a district. */
  districtAddresses: number | null;
  /** The medians of all tests: the district's when it has enough of them, else the province's. */
  overall: ProvinceMedians & { scope: AreaScope };
  /** Medians per provider: the district's when a provider has enough tests there, else the province's. */
  providers: { scope: AreaScope; rows: StatsRow[] };
}
