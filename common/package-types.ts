import type { CostSummary, CostTerms } from "./package-cost";
import type { CallbackSlot, LeadState, ModemOffer, PhoneBundle, PriceChangeKind, PriceSource, ServiceKind, Technology } from "./packages";

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

/** What a package card shows: a list page's hydration data carries these, not every term (issue 21). */
export type PackageCardFields = Pick<
  PackageCard,
  | "id"
  | "title"
  | "path"
  | "serviceKind"
  | "technology"
  | "downloadMbps"
  | "uploadMbps"
  | "imageUrl"
  | "commitmentMonths"
  | "monthlyPriceKurus"
  | "horizonMonths"
  | "totalCostKurus"
  | "priceAfterCommitmentKurus"
  | "pricePerMbpsKurus"
  | "priceConfirmedOn"
  | "isDemo"
  | "sponsored"
  | "withdrawn"
> & { company: Pick<PackageCard["company"], "name"> };

/** A card's fields of a package (a list page's loader sends these to the browser). */
export function cardFields(p: PackageCard): PackageCardFields {
  return {
    id: p.id,
    title: p.title,
    path: p.path,
    serviceKind: p.serviceKind,
    technology: p.technology,
    downloadMbps: p.downloadMbps,
    uploadMbps: p.uploadMbps,
    imageUrl: p.imageUrl,
    commitmentMonths: p.commitmentMonths,
    monthlyPriceKurus: p.monthlyPriceKurus,
    horizonMonths: p.horizonMonths,
    totalCostKurus: p.totalCostKurus,
    priceAfterCommitmentKurus: p.priceAfterCommitmentKurus,
    pricePerMbpsKurus: p.pricePerMbpsKurus,
    priceConfirmedOn: p.priceConfirmedOn,
    isDemo: p.isDemo,
    sponsored: p.sponsored,
    withdrawn: p.withdrawn,
    company: { name: p.company.name },
  };
}

/** Every stored term of a package (its prices and fees: CostTerms), as the package page and the compare table read them. */
export interface PackageTerms extends CostTerms {
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
  modemOffer: ModemOffer;
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
  /** Each with the last change of its monthly price (null: none recorded). */
  items: (PackageCard & { cost: CostSummary; terms: PackageTerms; lastPriceChange: LastPriceChange | null })[];
  /** Ids with the lowest total cost (ties all marked) and the highest download speed. */
  cheapestIds: number[];
  fastestIds: number[];
}

/** The price columns a history entry keeps: the cost terms' prices (decision 041). */
export type PriceColumns = Pick<
  CostTerms,
  "priceKurus" | "commitmentMonths" | "commitmentPriceKurus" | "introMonths" | "introPriceKurus" | "priceAfterCommitmentKurus" | "modemRentalKurus" | "activationFeeKurus"
>;

/** One entry of a package's price history, with the prices after it (kuruş; decision 041). */
export interface PriceChange extends PriceColumns {
  changedAt: string;
  kind: PriceChangeKind;
  source: PriceSource;
  onSale: boolean;
  /** The headline monthly price (with commitment when there is one), as lists show it. */
  monthlyPriceKurus: number;
}

/** One change of a package's headline monthly price on its company's record (issue 23). */
export interface CompanyPriceChange {
  packageId: number;
  title: string;
  slug: string;
  changedAt: string;
  beforeKurus: number;
  afterKurus: number;
}

/** The last change of a package's headline monthly price (compare, issue 23). */
export interface LastPriceChange {
  changedAt: string;
  beforeKurus: number;
  afterKurus: number;
}
