/**
 * The infrastructure query's shapes, shared by the sources (server/infrastructure/), the API and
 * the pages. Every source's answer is normalised into `FlatAnswer` at its boundary (DESIGN.md,
 * "Infrastructure query model").
 */

/** The levels of the national address tree, top to bottom; a flat is the leaf. */
export const INFRA_LEVELS = ["province", "district", "subdistrict", "village", "neighbourhood", "street", "building", "flat"] as const;
export type InfraLevel = (typeof INFRA_LEVELS)[number];
/** Levels that have a parent (all but the province). */
export type ChildLevel = Exclude<InfraLevel, "province">;

export function isInfraLevel(value: unknown): value is InfraLevel {
  return typeof value === "string" && (INFRA_LEVELS as readonly string[]).includes(value);
}

/** The level above `level` (the one whose code is the parent of a `level` node). */
export function parentLevel(level: ChildLevel): InfraLevel {
  return INFRA_LEVELS[INFRA_LEVELS.indexOf(level) - 1];
}

/** The URL query parameter of each level on the query page (the state of the no-JS cascade). */
export const LEVEL_PARAM: Readonly<Record<InfraLevel, string>> = {
  province: "il",
  district: "ilce",
  subdistrict: "bucak",
  village: "koy",
  neighbourhood: "mahalle",
  street: "sokak",
  building: "bina",
  flat: "daire",
};

/** One choice of a level: the source's code and the name people read. */
export interface InfraNode {
  code: number;
  value: string;
}

export const TECHNOLOGIES = ["FIBER", "VDSL", "ADSL"] as const;
export type Technology = (typeof TECHNOLOGIES)[number];

export const FTTX_KINDS = ["FTTH", "FTTB", "FTTC"] as const;
export type FttxKind = (typeof FTTX_KINDS)[number];

/** What fiber to the building tops out at, in practice (the building's copper or Ethernet). */
export const FTTB_CEILING_MBPS = 100;

export type SourceKind = "demo" | "database" | "http";

/** Where the line ends on the provider's side: the exchange (santral) or a street cabinet (kabin). */
export interface LineEnd {
  kind: "exchange" | "cabinet";
  name: string | null;
  /** Line length in metres, when known. */
  distanceM: number | null;
}

export interface TechnologyAnswer {
  technology: Technology;
  available: boolean;
  /** A free port exists (null: the source did not say). */
  freePort: boolean | null;
  maxDownMbps: number | null;
  maxUpMbps: number | null;
  /** Fiber only: how far the fiber reaches. */
  fttx: FttxKind | null;
  lineEnd: LineEnd | null;
  /** An open work order (installation or repair in progress) for this technology. */
  openWorkOrder: boolean;
  /** Copper only: the speed the line length allows (common/infrastructure/copper-speed.ts). */
  estimatedDownMbps: number | null;
}

export interface AddressPart {
  level: InfraLevel;
  code: number;
  value: string;
}

export interface FlatRef {
  /** Türk Telekom's building-section code (BBK): the flat's code in the cascade and the answer's URL. */
  bbk: number;
  /** The national address code (UAVT "adres kodu", 10 digits), when known. */
  uavt: number | null;
  /** province … flat, top to bottom. */
  address: AddressPart[];
}

export interface FlatAnswer extends FlatRef {
  /** Always the three technologies, in TECHNOLOGIES order. */
  technologies: TechnologyAnswer[];
  /** When the source's data was fetched (ISO 8601). */
  fetchedAt: string;
  source: SourceKind;
}

/** A technology that does not reach the flat, with nothing known of it (a source's answer starts from this). */
export function unavailableTechnology(technology: Technology): TechnologyAnswer {
  return {
    technology,
    available: false,
    freePort: null,
    maxDownMbps: null,
    maxUpMbps: null,
    fttx: null,
    lineEnd: null,
    openWorkOrder: false,
    estimatedDownMbps: null,
  };
}

/** Does any technology reach the flat? (Spec §8: "no service found" otherwise.) */
export function hasService(answer: Pick<FlatAnswer, "technologies">): boolean {
  return answer.technologies.some((t) => t.available);
}

/** The fastest technology available at the flat, if any (what the city statistics count). */
export function bestTechnology(answer: Pick<FlatAnswer, "technologies">): Technology | null {
  return TECHNOLOGIES.find((tech) => answer.technologies.some((t) => t.technology === tech && t.available)) ?? null;
}

/** A flat's province code, from its address. */
export function provinceOf(flat: FlatRef): number | null {
  return flat.address.find((p) => p.level === "province")?.code ?? null;
}

/** A flat's address in one line, province first ("İZMİR, KONAK, ALSANCAK MAH, …"), as the answer page shows it. */
export function flatAddressText(flat: Pick<FlatRef, "address">): string {
  return flat.address.map((p) => p.value).join(", ");
}
