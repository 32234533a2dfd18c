import type { CompanyTextFields } from "../../common/company-views";
import type { CompanyCountry, CompanyPublishState, CompanyRevisionState, CompanySort, ReviewState } from "../../common/companies";

/** One service of a company, as edited and as proposed in a revision. */
export interface CompanyServiceData {
  name: string;
  description: string | null;
  /** File name under DATA_DIR/uploads/company-logos (same store as company logos); null for none. */
  logo: string | null;
}

/**
 * Every field an owner edits (spec §3 corporate profile). Stored as columns of `companies` once
 * published, and as JSON in `company_revisions.data` while an edit of a published company waits.
 * The slug is not here: it is made from the name when a version goes live.
 */
export interface CompanyEditableFields extends CompanyTextFields {
  name: string;
  typeId: number;
  /** null for a type without sub types (technical services). */
  subTypeId: number | null;
  logo: string | null;
  country: CompanyCountry;
  /** Province plate code (1–81) of the head office; null outside Turkey or unknown. */
  provinceCode: number | null;
  /** The whole country is served (then `provinces` is empty). */
  servesWholeCountry: boolean;
  /** Province plate codes served. */
  provinces: number[];
  services: CompanyServiceData[];
}

/** What a pending revision proposes: the whole new version of the editable fields. */
export type CompanyRevisionData = CompanyEditableFields;

export type { CompanyPublishState, CompanyRevisionState, ReviewState, CompanySort };

export type { CompanyCard } from "../../common/company-views";
