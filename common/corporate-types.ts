import type { LocalizedName } from "./format";

export type CorporateTypeKey =
  | "show_all"
  | "internet_infrastructure"
  | "hosting_services"
  | "technical_services"
  | "tv_platform";

export type CorporateSubTypeKey =
  | "show_all"
  | "cable_internet"
  | "mobile_internet"
  | "free_internet"
  | "datacenter"
  | "hosting_and_server"
  | "digital_tv_platform"
  | "analog_tv_platform";

export interface CorporateSubType {
  /** Stable id (stored in the database); never 0, which marks a type in the flattened list. */
  readonly id: number;
  readonly key: CorporateSubTypeKey;
  /** Turkish path slug. */
  readonly url: string;
  readonly name: LocalizedName;
}

export interface CorporateType {
  /** Stable id (stored in the database). */
  readonly id: number;
  readonly key: CorporateTypeKey;
  /** Turkish path slug. */
  readonly url: string;
  readonly name: LocalizedName;
  readonly corporate_sub_types: readonly CorporateSubType[];
}

/** One row of the flattened list: a type, or one of its sub types right after it. */
export interface FlatCorporateType {
  /** Running id, from 1, in list order. */
  readonly id: number;
  readonly type_id: number;
  /** The sub type's id; 0 on a type row. */
  readonly sub_type_id: number;
  /** True on a sub type row. */
  readonly sub_type: boolean;
  readonly key: CorporateTypeKey | CorporateSubTypeKey;
  readonly url: string;
  readonly name: LocalizedName;
}

function subType(id: number, key: CorporateSubTypeKey, url: string, tr: string, en: string): CorporateSubType {
  return Object.freeze({ id, key, url, name: Object.freeze({ tr, en }) });
}

const SHOW_ALL_SUB = subType(1, "show_all", "tumu", "Tümü", "Show all");
const CABLE_INTERNET = subType(2, "cable_internet", "kablolu-internet", "Kablolu İnternet", "Wired Internet");
const MOBILE_INTERNET = subType(3, "mobile_internet", "mobil-internet", "Mobil İnternet", "Mobile Internet");
const FREE_INTERNET = subType(4, "free_internet", "ucretsiz-internet", "Ücretsiz İnternet", "Free Internet");
const DATACENTER = subType(5, "datacenter", "veri-merkezi", "Veri Merkezi", "Data Center");
const HOSTING_AND_SERVER = subType(6, "hosting_and_server", "hosting-ve-sunucu", "Hosting ve Sunucu", "Hosting and Servers");
const DIGITAL_TV = subType(7, "digital_tv_platform", "dijital-tv-platformu", "Dijital TV Platformu", "Digital TV Platform");
const ANALOG_TV = subType(8, "analog_tv_platform", "analog-tv-platformu", "Analog TV Platformu", "Analog TV Platform");

/** All 8 sub types, by id. "show_all" belongs to no type: it is the "any sub type" filter. */
export const corporateSubTypes: readonly CorporateSubType[] = Object.freeze([
  SHOW_ALL_SUB,
  CABLE_INTERNET,
  MOBILE_INTERNET,
  FREE_INTERNET,
  DATACENTER,
  HOSTING_AND_SERVER,
  DIGITAL_TV,
  ANALOG_TV,
]);

function type(
  id: number,
  key: CorporateTypeKey,
  url: string,
  tr: string,
  en: string,
  subTypes: CorporateSubType[],
): CorporateType {
  return Object.freeze({ id, key, url, name: Object.freeze({ tr, en }), corporate_sub_types: Object.freeze(subTypes) });
}

/** All 5 corporate types, by id, each with its sub types. */
export const corporateTypes: readonly CorporateType[] = Object.freeze([
  type(1, "show_all", "tumu", "Tümü", "Show all", []),
  type(2, "internet_infrastructure", "internet-altyapisi", "İnternet Altyapısı", "Internet Infrastructure", [
    CABLE_INTERNET,
    MOBILE_INTERNET,
    FREE_INTERNET,
  ]),
  type(3, "hosting_services", "hosting-hizmetleri", "Hosting Hizmetleri", "Hosting Services", [
    DATACENTER,
    HOSTING_AND_SERVER,
  ]),
  type(4, "technical_services", "teknik-servis", "Teknik Servis", "Technical Services", []),
  type(5, "tv_platform", "tv-platformu", "TV Platformu", "TV Platform", [DIGITAL_TV, ANALOG_TV]),
]);

/**
 * Spec §3 flattening: each type followed by its sub types, with a new running id from 1,
 * the type's id, the sub type's id (0 on a type row) and a sub_type marker.
 */
export function flattenCorporateTypes(types: readonly CorporateType[]): FlatCorporateType[] {
  const rows: FlatCorporateType[] = [];
  for (const t of types) {
    rows.push({ id: rows.length + 1, type_id: t.id, sub_type_id: 0, sub_type: false, key: t.key, url: t.url, name: t.name });
    for (const s of t.corporate_sub_types) {
      rows.push({ id: rows.length + 1, type_id: t.id, sub_type_id: s.id, sub_type: true, key: s.key, url: s.url, name: s.name });
    }
  }
  return rows;
}

export function findCorporateTypeById(id: number): CorporateType | undefined {
  return corporateTypes.find((t) => t.id === id);
}

export function findCorporateTypeByUrl(url: string): CorporateType | undefined {
  return corporateTypes.find((t) => t.url === url);
}

export function findCorporateSubTypeById(id: number): CorporateSubType | undefined {
  return corporateSubTypes.find((s) => s.id === id);
}

export function findCorporateSubTypeByUrl(url: string): CorporateSubType | undefined {
  return corporateSubTypes.find((s) => s.url === url);
}
