import { describe, it, expect } from "vitest";
import { isSlug } from "./text";
import {
  corporateSubTypes,
  corporateTypes,
  findCorporateSubTypeByUrl,
  findCorporateTypeByUrl,
  flattenCorporateTypes,
} from "./corporate-types";

describe("corporate types", () => {
  it("has the 5 types and 8 sub types of the spec", () => {
    expect(corporateTypes.map((t) => t.key)).toEqual([
      "show_all",
      "internet_infrastructure",
      "hosting_services",
      "technical_services",
      "tv_platform",
    ]);
    expect(corporateSubTypes.map((s) => s.key)).toEqual([
      "show_all",
      "cable_internet",
      "mobile_internet",
      "free_internet",
      "datacenter",
      "hosting_and_server",
      "digital_tv_platform",
      "analog_tv_platform",
    ]);
  });

  it("nests the sub types under their types", () => {
    const subKeys = Object.fromEntries(corporateTypes.map((t) => [t.key, t.corporate_sub_types.map((s) => s.key)]));
    expect(subKeys).toEqual({
      show_all: [],
      internet_infrastructure: ["cable_internet", "mobile_internet", "free_internet"],
      hosting_services: ["datacenter", "hosting_and_server"],
      technical_services: [],
      tv_platform: ["digital_tv_platform", "analog_tv_platform"],
    });
  });

  it("has unique non-zero ids and valid unique url slugs in each list", () => {
    for (const list of [corporateTypes, corporateSubTypes]) {
      expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
      expect(new Set(list.map((x) => x.url)).size).toBe(list.length);
      for (const x of list) {
        expect(x.id).toBeGreaterThan(0);
        expect(isSlug(x.url), x.url).toBe(true);
        expect(x.name.tr.length).toBeGreaterThan(0);
        expect(x.name.en.length).toBeGreaterThan(0);
      }
    }
  });

  it("finds by url", () => {
    expect(findCorporateTypeByUrl("internet-altyapisi")?.key).toBe("internet_infrastructure");
    expect(findCorporateSubTypeByUrl("kablolu-internet")?.key).toBe("cable_internet");
    expect(findCorporateSubTypeByUrl("nope")).toBeUndefined();
  });

  it("is frozen", () => {
    expect(Object.isFrozen(corporateTypes)).toBe(true);
    expect(Object.isFrozen(corporateTypes[1]?.corporate_sub_types)).toBe(true);
  });
});

describe("flattenCorporateTypes", () => {
  const flat = flattenCorporateTypes(corporateTypes);

  it("lists each type followed by its sub types, with running ids from 1", () => {
    expect(flat.map((r) => [r.id, r.type_id, r.sub_type_id, r.sub_type, r.url])).toEqual([
      [1, 1, 0, false, "tumu"],
      [2, 2, 0, false, "internet-altyapisi"],
      [3, 2, 2, true, "kablolu-internet"],
      [4, 2, 3, true, "mobil-internet"],
      [5, 2, 4, true, "ucretsiz-internet"],
      [6, 3, 0, false, "hosting-hizmetleri"],
      [7, 3, 5, true, "veri-merkezi"],
      [8, 3, 6, true, "hosting-ve-sunucu"],
      [9, 4, 0, false, "teknik-servis"],
      [10, 5, 0, false, "tv-platformu"],
      [11, 5, 7, true, "dijital-tv-platformu"],
      [12, 5, 8, true, "analog-tv-platformu"],
    ]);
  });

  it("has sub_type_id 0 exactly on type rows, unique ids and valid, unique urls", () => {
    for (const row of flat) expect(row.sub_type_id === 0).toBe(!row.sub_type);
    expect(new Set(flat.map((r) => r.id)).size).toBe(flat.length);
    expect(new Set(flat.map((r) => r.url)).size).toBe(flat.length);
    for (const row of flat) expect(isSlug(row.url), row.url).toBe(true);
  });

  it("carries names and keys and handles an empty input", () => {
    expect(flat[2]).toMatchObject({ key: "cable_internet", name: { tr: "Kablolu İnternet" } });
    expect(flattenCorporateTypes([])).toEqual([]);
  });
});
