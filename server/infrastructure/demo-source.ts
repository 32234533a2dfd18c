import { attainableDownMbps } from "../../common/infrastructure/copper-speed";
import type { ChildLevel, FlatAnswer, FttxKind, InfraNode, TechnologyAnswer } from "../../common/infrastructure/types";
import { toUpperTr } from "../../common/text";
import { findProvinceByCode, listProvinces } from "../reference/cities";
import type { InfrastructureSource } from "../core/infrastructure-source";
import {
  BBK_BASE,
  BUILDING_BASE,
  MAX,
  NEIGHBOURHOOD_BASE,
  STREET_BASE,
  buildingCount,
  districtNames,
  doorNumber,
  flatCount,
  flatRef,
  loadCountry,
  mix,
  pack,
  positionOfBbk,
  positionOfLandline,
  positionOfUavt,
  streetCount,
  streetName,
  type FlatPosition,
} from "./demo-addresses";

/**
 * The demo source: the real provinces, districts and neighbourhoods, and streets, buildings and
 * flats generated from their ids (demo-addresses.ts); what reaches a flat is generated here from
 * its building and flat, so nothing is stored. Every answer says source "demo", and every page
 * showing one labels it so.
 */

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
      const p = positionOfUavt(uavt);
      return p ? flatRef(p) : null;
    },
    async flatByLandline(national) {
      const p = positionOfLandline(national);
      return p ? flatRef(p) : null;
    },
    async query(bbk) {
      const p = positionOfBbk(bbk);
      return p ? answerFor(p, now()) : null;
    },
  };
}
