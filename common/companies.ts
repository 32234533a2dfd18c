// Company directory: states, bounds and limits shared by the browser, forms, services
// and the database schema. Exact bounds are not in the spec ("not shown"); these are ours.

/** Publish state of a company profile (spec §4: pending approval, then published). */
export const COMPANY_PUBLISH_STATES = ["pending", "published", "rejected", "unpublished"] as const;
/**
 * - pending: new, waiting for an administrator; not public.
 * - published: public.
 * - rejected: an administrator refused the first version (reason kept); not public.
 * - unpublished: taken down by an administrator or its owner; not public.
 */
export type CompanyPublishState = (typeof COMPANY_PUBLISH_STATES)[number];

/** State of a proposed edit of a published company. */
export const COMPANY_REVISION_STATES = ["pending", "approved", "rejected"] as const;
export type CompanyRevisionState = (typeof COMPANY_REVISION_STATES)[number];

/** Review (and comment) states, spec §3/§4: confirmed (approved), unconfirmed, removed. */
export const REVIEW_STATES = ["confirmed", "unconfirmed", "removed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Review score bounds (spec: a score of 1 to 5). */
export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 5;

/** Country codes a company may be registered in (ISO 3166-1 alpha-2). */
export const COMPANY_COUNTRIES = ["TR", "CY", "DE", "NL", "GB", "US"] as const;

/** A country's name in the page's language ("TR" → "Türkiye" / "Turkey"): people read names, not ISO codes. */
export function countryName(code: string, locale: "tr" | "en"): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    // Not a well-formed region code (an old row): show what is stored.
    return code;
  }
}
export type CompanyCountry = (typeof COMPANY_COUNTRIES)[number];
export const DEFAULT_COMPANY_COUNTRY: CompanyCountry = "TR";

export const COMPANY_BOUNDS = {
  name: { min: 2, max: 120 },
  slug: { max: 140 },
  corporateTitle: { max: 250 },
  phone: { max: 20 },
  kepAddress: { max: 254 },
  webUrl: { max: 300 },
  email: { max: 254 },
  address: { max: 500 },
  tags: { maxCount: 15, min: 2, max: 40 },
  about: { max: 5000 },
  youtubeUrl: { max: 300 },
  metaTitle: { max: 70 },
  metaKeywords: { max: 255 },
  metaDescription: { max: 170 },
  packagesFooterText: { max: 3000 },
  serviceName: { min: 2, max: 80 },
  serviceDescription: { max: 500 },
  /** Most services per company (the §5 message carries this count). */
  maxServices: 12,
  rejectReason: { min: 5, max: 1000 },
} as const;

export const REVIEW_BOUNDS = {
  fullName: { min: 2, max: 80 },
  title: { min: 3, max: 120 },
  body: { min: 10, max: 3000 },
  answer: { min: 2, max: 3000 },
} as const;

/** Company list search text bounds (spec §5 "company search text: min and max length"). */
export const COMPANY_SEARCH_MIN = 2;
export const COMPANY_SEARCH_MAX = 60;

/** Companies per list page. */
export const COMPANY_PAGE_SIZE = 20;

/** Sorts of the company lists (spec §2). */
/**
 * The company list's orders; the last five are scorecard figures for the whole country (best first,
 * "not enough data" last), from the copy the hourly refresh keeps (server/scorecard/refresh.ts).
 */
export const SCORECARD_SORTS = ["measuredSpeed", "eveningDrop", "bufferbloat", "outages", "priceIncreases"] as const;
export const COMPANY_SORTS = ["relevance", "oldest", "newest", "random", ...SCORECARD_SORTS] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

/** Reviews a user may write or edit per hour (all companies together). */
export const REVIEW_RATE_LIMIT_PER_HOUR = 5;

/** Public URL of a company or service logo stored under DATA_DIR/uploads/company-logos. */
export function companyLogoUrl(file: string): string {
  return `/media/company-logos/${encodeURIComponent(file)}`;
}

/**
 * The 11-character video id of a YouTube URL (watch?v=, youtu.be/, /embed/, /shorts/), or null:
 * the profile embeds only by id, from youtube-nocookie.com, after the visitor clicks.
 */
export function youtubeVideoId(url: string | null | undefined): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  const host = u.hostname.replace(/^(www\.|m\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = u.pathname.slice(1).split("/")[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (u.pathname === "/watch") id = u.searchParams.get("v");
    else id = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(u.pathname)?.[1] ?? null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

/** The query keys of the company lists, in the order a canonical URL writes them. */
export const LIST_QUERY_KEYS = ["q", "type", "score", "country", "sort", "seed", "page"] as const;

/** The Turkish list path for a category segment and a province url (either may be absent). */
export function listPath(segment?: string, state?: string): string {
  if (segment && state) return `/isletmeler/${segment}/${state}`;
  if (segment) return `/isletmeler/${segment}`;
  if (state) return `/isletmeler/sehir/${state}`;
  return "/isletmeler";
}
