// A provider's scorecard (issue 23, decision 043): what its customers measured, what its prices
// did, how often it went down and how it treats reviews, for the whole country and per province.
// The periods and minimums below are published on the method page; every figure below its
// minimum is "not enough data", never a number.

/** How often the figures are computed again (server/scorecard/refresh.ts); pages show the last computation. */
export const SCORECARD_REFRESH_EVERY_MS = 3_600_000;

/** Speed tests: the counted ones (one per hashed address, provider and day) of the last 90 days. */
export const SCORECARD_SPEED_DAYS = 90;
/** Tests compared with a package that a share of the promise needs. */
export const SCORECARD_MIN_PROMISE_TESTS = 20;
/** Tests the evening drop needs in the evening and in the rest of the day, each. */
export const SCORECARD_MIN_EVENING_TESTS = 10;
/** The evening in Turkey: from 20:00 to 23:00 (the hour 20, 21 or 22). */
export const SCORECARD_EVENING_HOURS = { from: 20, to: 23 } as const;
/** Tests the bufferbloat grade needs. */
export const SCORECARD_MIN_GRADE_TESTS = 20;
/** Price changes: the last 12 months, over the provider's packages on sale or withdrawn in that time. */
export const SCORECARD_PRICE_DAYS = 365;
/** Packages a provider needs for its price figures. */
export const SCORECARD_MIN_PACKAGES = 3;
/** Outage incidents: those that started in the last 90 days, per month of 30 days. */
export const SCORECARD_OUTAGE_DAYS = 90;
/**
 * Distinct networks that reported a problem with the provider in the last 30 days (the time reports
 * are kept) before its incident count means something: a provider nobody reports on is not spotless.
 */
export const SCORECARD_MIN_OUTAGE_NETWORKS = 10;
/** Confirmed reviews of the provider (all time) its review figures need. */
export const SCORECARD_MIN_REVIEWS = 5;
/** The bufferbloat grades, best first (common/speedtest/measure.ts). */
export const SCORECARD_GRADES = ["A+", "A", "B", "C", "D", "F"] as const;

/** One figure: its value (null when there are not enough data), what it was computed from and when. */
export interface ScoreFigure<V = number> {
  value: V | null;
  /** How many records it was computed from (tests, packages, incidents, reviews). */
  count: number;
  /** The minimum `count` (or, for outages, reporting networks) it needs. */
  minimum: number;
  /** The period it covers (ISO 8601); `since` is null for "all time". */
  since: string | null;
  until: string;
}

/** The figures measured in a place: the whole country, or one province. */
export interface PlaceFigures {
  /** Median of measured download / the package's promised download (0.87 is 87%). */
  promiseShare: ScoreFigure;
  /**
   * 1 − median download in the evening / median download in the rest of the day (0.2: the evening
   * is 20% slower; negative: faster). `count` is the evening's tests, `otherCount` the rest's.
   */
  eveningDrop: ScoreFigure & { otherCount: number };
  /** The median bufferbloat grade of the tests. */
  bufferbloat: ScoreFigure<ScorecardGrade>;
  /** Incidents per 30 days; `count` is the incidents, `networks` the networks that reported in 30 days. */
  incidentsPerMonth: ScoreFigure & { networks: number };
}

/** The figures of the provider as a whole. */
export interface ProviderFigures {
  /** Increases of a package's headline monthly price in the period, per package. */
  increasesPerPackage: ScoreFigure;
  /** The mean of those increases (0.15 is 15%); `count` is the increases, null with none. */
  meanIncrease: ScoreFigure;
  /** Mean score (1–5) of the confirmed reviews of the company and its packages. */
  reviewScore: ScoreFigure;
  /** Share of those reviews the provider answered (0.4 is 40%). */
  answeredShare: ScoreFigure;
}

export type ScorecardGrade = (typeof SCORECARD_GRADES)[number];

export interface ProviderScorecard {
  companyId: number;
  /** When the figures were computed (ISO 8601): the hourly refresh, or the page that computed them. */
  computedAt: string;
  provider: ProviderFigures;
  country: PlaceFigures;
  /** Provinces where a measured figure has enough data, the most tests first. */
  cities: (PlaceFigures & { cityCode: number; cityName: string })[];
}
