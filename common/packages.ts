// Packages: kinds, technologies, states and bounds shared by the browser, forms,
// services and the database schema. Exact bounds are not in the spec ("not shown"); these are ours.
// Money is kept in kuruş (integer hundredths of a lira) everywhere below the display.

/** What a package sells (home page tabs: internet, hosting, server, tv). */
export const SERVICE_KINDS = ["internet", "hosting", "server", "tv"] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** Infrastructure options of an internet package (spec §3). */
export const TECHNOLOGIES = ["adsl", "vdsl", "fiber", "airfiber", "kablonet"] as const;
export type Technology = (typeof TECHNOLOGIES)[number];

/** The phone subscription bundled with a package: none, with a phone line, or a bare (naked) line. */
export const PHONE_BUNDLES = ["none", "with_phone", "bare"] as const;
export type PhoneBundle = (typeof PHONE_BUNDLES)[number];

/** The modem offer: free with the package, rented monthly, or bring your own. */
export const MODEM_OFFERS = ["free", "rental", "own"] as const;
export type ModemOffer = (typeof MODEM_OFFERS)[number];

/** Subscription request (subscribe form) or call-me request. */
export const LEAD_KINDS = ["subscribe", "call_me"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** A request as the company works through it. */
export const LEAD_STATES = ["new", "contacted", "closed"] as const;
export type LeadState = (typeof LEAD_STATES)[number];

/**
 * When the person would like the company to call back (Turkey's time): any time, morning
 * 09–12, afternoon 12–17, evening 17–21. Chosen on the request forms; "any" unless chosen.
 */
export const CALLBACK_SLOTS = ["any", "morning", "afternoon", "evening"] as const;
export type CallbackSlot = (typeof CALLBACK_SLOTS)[number];

/** Delivery channels of a request, and the state of each delivery. */
export const DELIVERY_CHANNELS = ["mail", "webhook"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** At most 24 months of commitment (2022 subscription rules). */
export const MAX_COMMITMENT_MONTHS = 24;

/** A withdrawn package stays visible, marked withdrawn, this long (tariff archive). */
export const WITHDRAWN_VISIBLE_DAYS = 730;

export const PACKAGE_BOUNDS = {
  title: { min: 3, max: 120 },
  slug: { max: 140 },
  description: { max: 3000 },
  tags: { maxCount: 10, min: 2, max: 40 },
  /** Prices in kuruş: up to 1,000,000 lira. */
  priceKurus: { min: 0, max: 100_000_000 },
  speedMbps: { min: 1, max: 100_000 },
  quotaGb: { min: 1, max: 1_000_000 },
  fairUsage: { max: 300 },
  freeUsageMonths: { min: 0, max: 24 },
  discountNote: { max: 300 },
  tvPlatform: { max: 80 },
  diskGb: { min: 1, max: 1_000_000 },
  trafficGb: { min: 1, max: 10_000_000 },
  cpuCores: { min: 1, max: 512 },
  ramGb: { min: 1, max: 4096 },
  channelCount: { min: 1, max: 5000 },
} as const;

export const LEAD_BOUNDS = {
  firstName: { min: 2, max: 60 },
  lastName: { min: 2, max: 60 },
  fullName: { min: 3, max: 120 },
  note: { max: 2000 },
} as const;

/** A repeat of the same request (same company, package, kind, phone and flat) inside this window is not stored again. */
export const LEAD_DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Why a call to a company's webhook failed, as the company is told (the test call, the inbox):
 * a class, never the receiver's body or the network error itself, which would make the call a
 * probe of ports and contents. "http": it answered a status outside 2xx; "private": the address
 * is not a public one; "invalid": not an http(s) address; "network": the connection broke.
 */
export const WEBHOOK_FAILURES = ["refused", "timeout", "tls", "dns", "http", "private", "invalid", "network"] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

/** Packages per page of /paketler and of a company's /paketler. */
export const PACKAGE_PAGE_SIZE = 20;

/**
 * The provider filter of /paketler offers the providers with the most packages under the other
 * filters (and the chosen one), by name: a list a person can read, and a page that does not carry
 * hundreds of names twice (options and hydration data). A provider's packages are all on its page.
 */
export const COMPANY_FACET_LIMIT = 40;

/** At most this many packages side by side on the compare page. */
export const COMPARE_MAX = 4;

/**
 * A package's image (optional): PNG, JPEG or WebP of at most 5 MB, fitted whole into a 640×480
 * box and stored as WebP under DATA_DIR/uploads/package-images; served at /media/package-images/.
 */
export const PACKAGE_IMAGE = {
  field: "image",
  maxMb: 5,
  width: 640,
  height: 480,
  accept: ".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp",
} as const;

/** Public path of a stored package image (a random name, never reused: cached for a year). */
export function packageImageUrl(file: string): string {
  return `/media/package-images/${encodeURIComponent(file)}`;
}

/** Where a package's prices were changed (issue 23): the company's dashboard, an administrator, an import, the demo seeder, or anything else. */
export const PRICE_SOURCES = ["dashboard", "admin", "import", "demo", "system"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
/**
 * What happened: `recorded` is the state found when the history began (the migration that made
 * this table), not a change.
 */
export const PRICE_CHANGE_KINDS = ["recorded", "created", "changed", "withdrawn", "restored"] as const;
export type PriceChangeKind = (typeof PRICE_CHANGE_KINDS)[number];
