import type { ReviewState } from "./companies";

// What the public pages and the API show of companies and reviews (no server imports).

/** What every public view of a company (a list's card, its profile) says of it. */
interface CompanySummary {
  id: number;
  name: string;
  slug: string;
  typeId: number;
  subTypeId: number | null;
  /** First path segment of the profile: the sub type's url, or the type's when it has none. */
  profileSegment: string;
  logo: string | null;
  country: string;
  servesWholeCountry: boolean;
  verified: boolean;
  isDemo: boolean;
  sponsored: boolean;
  reviewCount: number;
  /** Mean of confirmed review scores, one decimal; null without confirmed reviews. */
  score: number | null;
  createdAt: string;
}

/** A company as a public list shows it. */
export interface CompanyCard extends CompanySummary {
  provinceCode: number | null;
  tags: string[];
  /**
   * In a list sorted by a scorecard figure: the company's figure (a share, an incidents or
   * increases count, the grade's rank 1–6 for bufferbloat); null for not enough data.
   */
  sortValue?: number | null;
}

/** A company's contact and content fields, as edited (spec §3) and as its profile shows them. */
export interface CompanyTextFields {
  phone: string | null;
  fax: string | null;
  kepAddress: string | null;
  corporateTitle: string | null;
  webUrl: string | null;
  email: string | null;
  address: string | null;
  tags: string[];
  about: string | null;
  youtubeUrl: string | null;
  metaTitle: string | null;
  metaKeywords: string | null;
  metaDescription: string | null;
  /** Custom text shown under the company's package list. */
  packagesFooterText: string | null;
}

export interface PublicReview {
  id: number;
  fullName: string;
  title: string;
  body: string;
  score: number;
  answer: string | null;
  answeredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OwnReview extends PublicReview {
  state: ReviewState;
}

export interface CompanyProfile extends CompanySummary, CompanyTextFields {
  province: { code: number; value: string; name: string; url: string } | null;
  provinces: { code: number; value: string; name: string; url: string }[];
  services: { name: string; description: string | null; logo: string | null }[];
  selfManaged: boolean;
  ownerId: number | null;
  updatedAt: string;
}

