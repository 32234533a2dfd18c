import { attainableDownMbps } from "../../common/infrastructure/copper-speed";
import {
  FTTX_KINDS,
  INFRA_LEVELS,
  TECHNOLOGIES,
  type AddressPart,
  type FlatRef,
  type FttxKind,
  type InfraLevel,
  type InfraNode,
  type LineEnd,
  type Technology,
  type TechnologyAnswer,
  unavailableTechnology,
} from "../../common/infrastructure/types";
import { SourceInvalidError } from "../core/infrastructure-source";

/**
 * The boundary where resellers' answers become the site's one typed result. Real answers say
 * "available" as "VAR"/"YOK", 1/0, "1"/"0", booleans or "EVET"/"HAYIR"; speeds as kbps numbers,
 * Mbps numbers (when the field's name says so) or text ("16 Mbps", "24000 kbps", "1 Gbps",
 * "100M"); distances as metres or text ("850 m", "1,2 km"). Anything else is an invalid answer
 * (SourceInvalidError), never a guess.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The first of `keys` present in `o` (case-insensitive), with the key that matched. */
function pick(o: Json, keys: readonly string[]): { key: string; value: unknown } | undefined {
  const lower = new Map(Object.keys(o).map((k) => [k.toLowerCase(), k]));
  for (const k of keys) {
    const real = lower.get(k.toLowerCase());
    if (real !== undefined && o[real] !== undefined && o[real] !== null && o[real] !== "") return { key: real, value: o[real] };
  }
  return undefined;
}

const TRUE_WORDS = new Set(["VAR", "EVET", "TRUE", "1", "YES", "MEVCUT", "VAR.", "AVAILABLE"]);
const FALSE_WORDS = new Set(["YOK", "HAYIR", "FALSE", "0", "NO", "YOK.", "UNAVAILABLE", "MEVCUT DEĞİL"]);

/** "VAR"/"YOK", 1/0, booleans, … → boolean; absent → null. */
export function parseFlag(value: unknown, field = "flag"): boolean | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") {
    const word = value.trim().toLocaleUpperCase("tr-TR");
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  throw new SourceInvalidError(`${field}: not a flag: ${JSON.stringify(value).slice(0, 40)}`);
}

const SPEED_TEXT = /^(\d+(?:[.,]\d+)?)\s*(kbps|kbit\/s|kbit|kb|k|mbps|mbit\/s|mbit|mb|m|gbps|gbit\/s|gbit|gb|g)?$/i;

/**
 * A speed in Mbps (one decimal). Bare numbers are kbps (what the real APIs send) unless the
 * field's name ends in "mbps"; text carries its own unit.
 */
export function parseSpeedMbps(value: unknown, unit: "kbps" | "mbps" = "kbps", field = "speed"): number | null {
  if (value === undefined || value === null || value === "") return null;
  let mbps: number | undefined;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) mbps = unit === "kbps" ? value / 1000 : value;
  else if (typeof value === "string") {
    const m = SPEED_TEXT.exec(value.trim());
    if (m) {
      const n = Number(m[1].replace(",", "."));
      const u = (m[2] ?? unit).toLowerCase();
      mbps = u.startsWith("g") ? n * 1000 : u.startsWith("m") ? n : n / 1000;
    }
  }
  if (mbps === undefined || !Number.isFinite(mbps) || mbps > 100_000) {
    throw new SourceInvalidError(`${field}: not a speed: ${JSON.stringify(value).slice(0, 40)}`);
  }
  return Math.round(mbps * 10) / 10;
}

const DISTANCE_TEXT = /^(\d+(?:[.,]\d+)?)\s*(m|metre|meter|km)?$/i;

/** A line length in whole metres: numbers are metres, text may say "m" or "km". */
export function parseDistanceM(value: unknown, field = "distance"): number | null {
  if (value === undefined || value === null || value === "") return null;
  let metres: number | undefined;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) metres = value;
  else if (typeof value === "string") {
    const m = DISTANCE_TEXT.exec(value.trim());
    if (m) metres = Number(m[1].replace(",", ".")) * (m[2]?.toLowerCase() === "km" ? 1000 : 1);
  }
  if (metres === undefined || metres > 100_000) throw new SourceInvalidError(`${field}: not a distance: ${JSON.stringify(value).slice(0, 40)}`);
  return Math.round(metres);
}

export function parseFttx(value: unknown): FttxKind | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toUpperCase();
  return (FTTX_KINDS as readonly string[]).includes(v) ? (v as FttxKind) : null;
}

function parseText(value: unknown, max = 200): string | null {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return null;
  const v = value.trim().replace(/\s+/g, " ");
  return v === "" ? null : v.slice(0, max);
}

/** A positive safe integer code from a number or a digit string. */
export function parseCode(value: unknown, field = "code"): number {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new SourceInvalidError(`${field}: not a code: ${JSON.stringify(value).slice(0, 40)}`);
  return n;
}

const CODE_KEYS = ["code", "kod", "id", "kodu"];
const NAME_KEYS = ["value", "name", "ad", "adi", "text"];

/** A list of one level: an array, or an object holding it under data/result/items. */
export function normaliseNodes(body: unknown): InfraNode[] {
  const list = Array.isArray(body) ? body : isObject(body) ? pick(body, ["data", "result", "items", "list"])?.value : undefined;
  if (!Array.isArray(list)) throw new SourceInvalidError("level: not a list");
  return list.map((item, i) => {
    if (!isObject(item)) throw new SourceInvalidError(`level[${i}]: not an object`);
    const name = parseText(pick(item, NAME_KEYS)?.value);
    if (!name) throw new SourceInvalidError(`level[${i}]: no name`);
    return { code: parseCode(pick(item, CODE_KEYS)?.value, `level[${i}].code`), value: name };
  });
}

const TECH_KEYS: Record<Technology, string[]> = {
  FIBER: ["FIBER", "fiber", "FTTH", "fiberOptik", "fiber_optik"],
  VDSL: ["VDSL", "vdsl", "VDSL2"],
  ADSL: ["ADSL", "adsl", "ADSL2+", "ADSL2"],
};

function lineEnd(o: Json, kind: "exchange" | "cabinet"): LineEnd | null {
  const nested = pick(o, kind === "exchange" ? ["exchange", "santral"] : ["cabinet", "kabin"])?.value;
  const src = isObject(nested) ? nested : o;
  const name = parseText(
    isObject(nested) ? pick(src, NAME_KEYS)?.value : pick(o, kind === "exchange" ? ["exchangeName", "santralAdi", "santral_adi"] : ["cabinetName", "kabinAdi", "kabin_adi"])?.value,
  );
  const distanceKeys = isObject(nested)
    ? ["distance", "mesafe", "distanceM"]
    : kind === "exchange"
      ? ["exchangeDistance", "santralMesafe", "santral_mesafe", "exchangeDistanceM"]
      : ["cabinetDistance", "kabinMesafe", "kabin_mesafe", "cabinetDistanceM"];
  const distanceM = parseDistanceM(pick(src, distanceKeys)?.value, `${kind}.distance`);
  if (name === null && distanceM === null) return null;
  return { kind, name, distanceM };
}

function technology(tech: Technology, raw: unknown): TechnologyAnswer {
  const empty = unavailableTechnology(tech);
  if (raw === undefined || raw === null) return empty;
  // A bare flag: "VAR" / 1 / true for the whole technology.
  if (!isObject(raw)) return { ...empty, available: parseFlag(raw, `${tech}`) ?? false };
  const available = parseFlag(pick(raw, ["available", "var", "durum", "mevcut", "status", "hizmetVar"])?.value, `${tech}.available`) ?? false;
  const speed = (keys: string[], field: string) => {
    const hit = pick(raw, keys);
    if (!hit) return null;
    const unit = /mbps$/i.test(hit.key) ? "mbps" : "kbps";
    return parseSpeedMbps(hit.value, unit, `${tech}.${field}`);
  };
  const maxDownMbps = speed(["maxDownMbps", "maxDownKbps", "maxDown", "maxSpeed", "maxHiz", "max_hiz", "hiz", "downKbps", "download"], "maxDown");
  const maxUpMbps = speed(["maxUpMbps", "maxUpKbps", "maxUp", "upKbps", "upload", "yukleme"], "maxUp");
  const exchange = lineEnd(raw, "exchange");
  const cabinet = lineEnd(raw, "cabinet");
  const end = tech === "ADSL" ? (exchange ?? cabinet) : (cabinet ?? exchange);
  const fttx = tech === "FIBER" ? parseFttx(pick(raw, ["fttx", "fttxType", "kabinTipi", "cabinetType", "tip"])?.value) : null;
  return {
    technology: tech,
    available,
    freePort: parseFlag(pick(raw, ["freePort", "bosPort", "bos_port", "port", "portVar", "portDurumu"])?.value, `${tech}.freePort`),
    maxDownMbps,
    maxUpMbps,
    fttx,
    lineEnd: end,
    openWorkOrder: parseFlag(pick(raw, ["openWorkOrder", "isEmri", "is_emri", "acikIsEmri", "workOrder"])?.value, `${tech}.workOrder`) ?? false,
    estimatedDownMbps: available && tech !== "FIBER" ? attainableDownMbps(tech, end?.distanceM ?? null, maxDownMbps) : null,
  };
}

/** Per technology, from `services`/`altyapi`/`data` or the top level. */
export function normaliseTechnologies(body: unknown): TechnologyAnswer[] {
  if (!isObject(body)) throw new SourceInvalidError("answer: not an object");
  const holder = pick(body, ["services", "altyapi", "technologies", "data"])?.value;
  const services = isObject(holder) ? holder : body;
  const found = TECHNOLOGIES.map((tech) => pick(services, TECH_KEYS[tech])?.value);
  if (found.every((v) => v === undefined)) throw new SourceInvalidError("answer: no technology");
  return TECHNOLOGIES.map((tech, i) => technology(tech, found[i]));
}

const LEVEL_ALIASES: Record<string, InfraLevel> = {
  city: "province", il: "province", province: "province",
  town: "district", ilce: "district", district: "district",
  bucak: "subdistrict", subdistrict: "subdistrict",
  koy: "village", village: "village",
  mahalle: "neighbourhood", neighbourhood: "neighbourhood", neighborhood: "neighbourhood",
  street: "street", csbm: "street", sokak: "street", cadde: "street",
  building: "building", bina: "building",
  flat: "flat", daire: "flat", home: "flat",
};

/** A flat with its address: {bbk, uavt?, address: [{level, code, name}]} (or under data). */
export function normaliseFlat(body: unknown): FlatRef {
  const o = isObject(body) && isObject(body.data) ? body.data : body;
  if (!isObject(o)) throw new SourceInvalidError("flat: not an object");
  const bbk = parseCode(pick(o, ["bbk", "bbkKodu", "flatCode", "daireKodu"])?.value, "flat.bbk");
  const uavtRaw = pick(o, ["uavt", "uavtKodu", "adresKodu", "addressCode"])?.value;
  const uavt = uavtRaw === undefined ? null : parseCode(uavtRaw, "flat.uavt");
  const rawAddress = pick(o, ["address", "adres"])?.value;
  if (!Array.isArray(rawAddress)) throw new SourceInvalidError("flat: no address");
  const address: AddressPart[] = rawAddress.map((part, i) => {
    if (!isObject(part)) throw new SourceInvalidError(`flat.address[${i}]: not an object`);
    const levelName = String(pick(part, ["level", "seviye", "type"])?.value ?? "").toLowerCase();
    const level = LEVEL_ALIASES[levelName];
    const value = parseText(pick(part, NAME_KEYS)?.value);
    if (!level || !value) throw new SourceInvalidError(`flat.address[${i}]: bad level or name`);
    return { level, code: parseCode(pick(part, CODE_KEYS)?.value, `flat.address[${i}].code`), value };
  });
  address.sort((a, b) => INFRA_LEVELS.indexOf(a.level) - INFRA_LEVELS.indexOf(b.level));
  if (!address.some((a) => a.level === "province")) throw new SourceInvalidError("flat: address without province");
  if (!address.some((a) => a.level === "flat")) address.push({ level: "flat", code: bbk, value: String(bbk) });
  return { bbk, uavt, address };
}

/** The time the answer was made, if it says (ISO 8601 or epoch milliseconds); else `fallback`. */
export function normaliseFetchedAt(body: unknown, fallback: Date): string {
  const raw = isObject(body) ? pick(body, ["fetchedAt", "sorguTarihi", "queriedAt", "timestamp"])?.value : undefined;
  const date = typeof raw === "number" || typeof raw === "string" ? new Date(raw) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : fallback.toISOString();
}
