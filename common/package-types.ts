import type { CostSummary } from "./package-cost";
import type { CallbackSlot, LeadState, ModemOffer, PhoneBundle, ServiceKind, Technology } from "./packages";

/** A package as lists, the compare table and the API show it: its terms and its computed costs. */
export interface PackageCard {
  id: number;
  title: string;
  slug: string;
  serviceKind: ServiceKind;
  technology: Technology | null;
  downloadMbps: number | null;
  uploadMbps: number | null;
  quotaGb: number | null;
  company: { id: number; name: string; slug: string; segment: string };
  /** The package page's path (Turkish; the page links localise it). */
  path: string;
  priceKurus: number;
  monthlyPriceKurus: number;
  commitmentMonths: number;
  totalCostKurus: number;
  horizonMonths: number;
  effectiveMonthlyKurus: number;
  priceAfterCommitmentKurus: number;
  pricePerMbpsKurus: number | null;
  activationFeeKurus: number;
  modemOffer: ModemOffer;
  modemRentalKurus: number;
  tvPlatform: string | null;
  priceConfirmedOn: string;
  isDemo: boolean;
  sponsored: boolean;
  withdrawn: boolean;
  /** The image's path on this site (packageImageUrl), or null. */
  imageUrl: string | null;
}


/** Every stored term of a package, as the package page and the compare table read them. */
export interface PackageTerms {
  id: number;
  companyId: number;
  serviceKind: ServiceKind;
  title: string;
  slug: string;
  description: string | null;
  image: string | null;
  tags: string[];
  technology: Technology | null;
  downloadMbps: number | null;
  uploadMbps: number | null;
  quotaGb: number | null;
  fairUsage: string | null;
  priceKurus: number;
  commitmentMonths: number;
  commitmentPriceKurus: number | null;
  introMonths: number;
  introPriceKurus: number | null;
  priceAfterCommitmentKurus: number | null;
  modemOffer: ModemOffer;
  modemRentalKurus: number;
  activationFeeKurus: number;
  freeMonths: number;
  discountKurus: number;
  discountNote: string | null;
  phoneBundle: PhoneBundle;
  talkPackage: boolean;
  tvPlatform: string | null;
  gsmIncluded: boolean;
  servesAllCities: boolean;
  diskGb: number | null;
  trafficGb: number | null;
  cpuCores: number | null;
  ramGb: number | null;
  channelCount: number | null;
  priceConfirmedOn: string;
  isDemo: boolean;
  reviewCount: number;
  withdrawnAt: string | null;
}

/** Everything the package page shows: the terms, the company, provinces and the computed costs. */
export interface PackageDetail {
  card: PackageCard;
  terms: PackageTerms;
  company: { id: number; name: string; slug: string; segment: string; isDemo: boolean; packagesFooterText: string | null };
  provinces: number[];
  cost: CostSummary;
  /** A request may be sent (on sale, company published); a withdrawn package takes no requests and no reviews. */
  requestable: boolean;
  /** Confirmed reviews and their mean score (one decimal; null without any). */
  reviewCount: number;
  score: number | null;
}

/** A request as the company's lead inbox shows it, with each delivery's state. */
export interface InboxLead {
  id: number;
  reference: string;
  kind: "subscribe" | "call_me";
  name: string;
  phone: string;
  packageTitle: string | null;
  /** The flat the request is for (its code and its address when it was sent), or null. */
  flat: { code: number; address: string } | null;
  callbackSlot: CallbackSlot;
  state: LeadState;
  notes: string | null;
  createdAt: string;
  deliveries: { channel: "mail" | "webhook"; state: "pending" | "delivered" | "failed"; attempts: number; lastError: string | null; lastStatus: number | null }[];
}

/** How many results each value of each filter would give, the other filters kept. */
export interface FacetCounts {
  kind: Record<string, number>;
  tech: Record<string, number>;
  speed: Record<string, number>;
  commitment: Record<string, number>;
  company: { slug: string; name: string; count: number }[];
  tv: number;
  activation: number;
  modem: Record<string, number>;
}

/** Packages side by side (the compare page and the API). */
export interface Comparison {
  items: (PackageCard & { cost: CostSummary; terms: PackageTerms })[];
  /** Ids with the lowest total cost (ties all marked) and the highest download speed. */
  cheapestIds: number[];
  fastestIds: number[];
}
