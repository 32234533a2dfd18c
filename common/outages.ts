/**
 * Outage reports ("is it down?"): the problems a person can report and the published rule that
 * turns reports into an incident. Isomorphic: the page explains the rule with these numbers, the
 * server applies them (server/outages/incidents.ts).
 */
import { corporateTypes } from "./corporate-types";

/** The corporate types whose companies have an outage page: internet providers and TV platforms. */
export const OUTAGE_TYPE_IDS: readonly number[] = corporateTypes
  .filter((t) => t.key === "internet_infrastructure" || t.key === "tv_platform")
  .map((t) => t.id);

/** Whether a company of this type has an outage page (its profile links to it). */
export function hasOutagePage(typeId: number): boolean {
  return OUTAGE_TYPE_IDS.includes(typeId);
}

/** What a person can report, in the order the form offers them. */
export const OUTAGE_PROBLEMS = [
  "noConnection",
  "slow",
  "drops",
  "dns",
  "tv",
] as const;
export type OutageProblem = (typeof OUTAGE_PROBLEMS)[number];

/** The chart's bars: reports per this many minutes. */
export const OUTAGE_BUCKET_MINUTES = 15;
/** The chart's span. */
export const OUTAGE_CHART_HOURS = 24;
/** The bars of the chart (24 hours of 15 minutes). */
export const OUTAGE_BUCKETS = (OUTAGE_CHART_HOURS * 60) / OUTAGE_BUCKET_MINUTES;

/** Reports counted towards an incident: those of the last this many minutes. */
export const OUTAGE_WINDOW_MINUTES = 30;
/** An incident needs this many times the provider's usual reports for the hour in that city… */
export const OUTAGE_FACTOR = 3;
/** …where "usual" is the mean of the same hour of the day over this many days before. */
export const OUTAGE_BASELINE_DAYS = 28;
/**
 * …and at least this many distinct networks (an IPv4 /24, an IPv6 /48) among the window's
 * reports, whatever the usual level: one address, or one client with many addresses of one
 * network, cannot declare an incident. The site's setting OUTAGE_MIN_NETWORKS overrides it.
 */
export const OUTAGE_MIN_NETWORKS = 5;
/** An incident ends by itself when its threshold has not been reached for this many minutes. */
export const OUTAGE_QUIET_MINUTES = 60;
/** One report per address, provider and day in Turkey: a public figure moves at most once per address. */
export const OUTAGE_REPORTS_PER_ADDRESS_AND_DAY = 1;
/** Reports are kept this long (the usual level looks OUTAGE_BASELINE_DAYS back from yesterday); the privacy text states it. */
export const OUTAGE_KEEP_DAYS = OUTAGE_BASELINE_DAYS + 2;
/** An outage alert whose confirmation link is never opened is erased after this many days… */
export const OUTAGE_ALERT_CONFIRM_DAYS = 7;
/** …and one turned off this many days after. */
export const OUTAGE_ALERT_KEEP_AFTER_OFF_DAYS = 30;
/** Incidents listed on the page (the latest first). */
export const OUTAGE_INCIDENTS_LISTED = 20;
/** Cities listed under the chart (those with the most reports in 24 hours). */
export const OUTAGE_CITIES_LISTED = 20;
/** Districts named under each city. */
export const OUTAGE_DISTRICTS_LISTED = 5;

/**
 * One bar of the chart. Every figure of the overview counts distinct networks among the reports
 * (decision 042): a client with many addresses of one network counts once.
 */
export interface OutageBucket {
  /** The bar's start (ISO 8601). */
  start: string;
  reports: number;
}

export interface OutageCity {
  cityCode: number;
  cityName: string;
  /** Networks reporting in the last 24 hours, and in the last hour. */
  reports: number;
  lastHour: number;
  /** The districts with the most reports, most first. */
  districts: { name: string; reports: number }[];
  /** Whether an incident is going on in this city now. */
  incident: boolean;
  /** Speed tests of this provider taken in this city in the same 24 hours (counted ones), and their median download. */
  speedTests: { count: number; medianDownMbps: number | null };
}

export interface OutageIncident {
  id: number;
  cityCode: number;
  cityName: string;
  /** The districts reports came from while it lasted. */
  districts: string[];
  startedAt: string;
  /** When it ended; null while it goes on. */
  endedAt: string | null;
  /** Most distinct networks reporting in one window while it lasted. */
  peakNetworks: number;
  /** Speed tests of this provider in the incident's districts while it lasted. */
  speedTests: { count: number; medianDownMbps: number | null };
}

/** Everything the outage page and GET /api/v1/companies/{slug}/outages show. */
export interface OutageOverview {
  company: {
    id: number;
    name: string;
    slug: string;
    profileSegment: string;
    isDemo: boolean;
  };
  /** When the figures were read (ISO 8601). */
  at: string;
  buckets: OutageBucket[];
  /** Networks reporting each problem in the last 24 hours. */
  problems: Record<OutageProblem, number>;
  total: number;
  cities: OutageCity[];
  /** Incidents going on now, then the latest ended ones. */
  incidents: OutageIncident[];
  rule: {
    windowMinutes: number;
    factor: number;
    baselineDays: number;
    minNetworks: number;
    quietMinutes: number;
  };
}

/** One of a member's outage alerts, as the settings page and GET /api/v1/my/outage-alerts list it. */
export interface OwnOutageAlert {
  id: number;
  /** pending: waiting for the mailed confirmation; active: mailed when an incident reaches the district. */
  state: "pending" | "active";
  companyName: string;
  /** The provider's outage page (without the language prefix). */
  outagesPath: string;
  cityCode: number;
  cityName: string;
  district: string;
  createdAt: string;
}
