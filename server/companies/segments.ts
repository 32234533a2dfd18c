import {
  corporateSubTypes,
  corporateTypes,
  findCorporateSubTypeById,
  findCorporateTypeById,
  type CorporateSubType,
  type CorporateType,
} from "../../common/corporate-types";

/** What a path segment of the directory names: a sub type, or a type that has no sub types. */
export interface CategorySegment {
  url: string;
  typeId: number;
  subTypeId: number | null;
  type: CorporateType;
  subType: CorporateSubType | null;
}

/** The sub types and sub-type-less types a company can be filed under ("show all" is none of them). */
export function categorySegments(): CategorySegment[] {
  const out: CategorySegment[] = [];
  for (const type of corporateTypes) {
    if (type.key === "show_all") continue;
    if (type.corporate_sub_types.length === 0) out.push({ url: type.url, typeId: type.id, subTypeId: null, type, subType: null });
    for (const sub of type.corporate_sub_types) out.push({ url: sub.url, typeId: type.id, subTypeId: sub.id, type, subType: sub });
  }
  return out;
}

/** The segment of a url: a sub type's, or a sub-type-less type's; undefined for anything else. */
export function findCategorySegment(url: string): CategorySegment | undefined {
  return categorySegments().find((s) => s.url === url);
}

/** The first path segment of a company's profile: its sub type's url, or its type's when it has none. */
export function profileSegment(company: { typeId: number; subTypeId: number | null }): string {
  if (company.subTypeId !== null) {
    const sub = findCorporateSubTypeById(company.subTypeId);
    if (sub) return sub.url;
  }
  return findCorporateTypeById(company.typeId)?.url ?? "isletme";
}

/** Whether a (type, sub type) pair is one a company can have. */
export function isValidCategory(typeId: number, subTypeId: number | null): boolean {
  return categorySegments().some((s) => s.typeId === typeId && s.subTypeId === subTypeId);
}

/** Every url a list or profile segment may take, to check against the site's own paths. */
export function allSegmentUrls(): string[] {
  return [...new Set([...categorySegments().map((s) => s.url), ...corporateSubTypes.map((s) => s.url), ...corporateTypes.map((t) => t.url)])];
}

/** Company slugs that would clash with a path under a profile (`…/paketler`, `…/paket/x`). */
export const RESERVED_COMPANY_SLUGS: readonly string[] = ["paketler", "paket", "sehir", "en"];
