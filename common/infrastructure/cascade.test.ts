import { describe, expect, it } from "vitest";
import { cascadeLevel, walkCascade, type CascadeChildren } from "./cascade";
import type { InfraLevel, InfraNode } from "./types";

/**
 * A small tree: province 6 has two districts; district 10 has one sub-district (100), one village
 * (1000) and two neighbourhoods; neighbourhood 20 one street (200), one building (2000) and one
 * flat (9001). Each call is recorded, as the home page's box pays one API call per load.
 */
function tree() {
  const nodes: Record<string, InfraNode[]> = {
    "province:": [
      { code: 6, value: "ANKARA" },
      { code: 35, value: "İZMİR" },
    ],
    "district:6": [
      { code: 10, value: "ÇANKAYA" },
      { code: 11, value: "KEÇİÖREN" },
    ],
    "subdistrict:10": [{ code: 100, value: "MERKEZ" }],
    "village:100": [{ code: 1000, value: "MERKEZ" }],
    "neighbourhood:1000": [
      { code: 20, value: "ÇUKURAMBAR MAH" },
      { code: 21, value: "KIZILIRMAK MAH" },
    ],
    "street:20": [{ code: 200, value: "1453. CD" }],
    "building:200": [{ code: 2000, value: "NO: 4" }],
    "flat:2000": [{ code: 9001, value: "DAİRE 1" }],
    "street:21": [],
  };
  const calls: string[] = [];
  const children: CascadeChildren = async (level: InfraLevel, parent: number | null) => {
    const key = `${level}:${parent ?? ""}`;
    calls.push(key);
    return nodes[key] ?? null;
  };
  return { children, calls };
}

describe("walkCascade", () => {
  it("stops at the first level nothing is chosen on", async () => {
    const { children, calls } = tree();
    const walked = await walkCascade({ children });
    expect(walked.flat).toBeNull();
    expect(walked.levels).toEqual([{ level: "province", param: "il", options: expect.any(Array), selected: null, auto: false }]);
    expect(calls).toEqual(["province:"]);
  });

  it("takes the wanted codes from the top and the single choices by themselves", async () => {
    const { children } = tree();
    const wanted: Partial<Record<InfraLevel, number>> = { province: 6, district: 10 };
    const walked = await walkCascade({ children, wanted: (level) => wanted[level] ?? null });
    expect(walked.levels.map((l) => [l.level, l.selected, l.auto])).toEqual([
      ["province", 6, false],
      ["district", 10, false],
      ["subdistrict", 100, true],
      ["village", 1000, true],
      ["neighbourhood", null, false],
    ]);
    expect(walked.flat).toBeNull();
  });

  it("goes on from the levels already known (the home page's box after a choice) down to a single flat", async () => {
    const { children, calls } = tree();
    const wanted: Partial<Record<InfraLevel, number>> = { province: 6, district: 10 };
    const start = await walkCascade({ children, wanted: (level) => wanted[level] ?? null });
    calls.length = 0;
    const known = [...start.levels.slice(0, -1), { ...start.levels[start.levels.length - 1], selected: 20 }];
    const walked = await walkCascade({ known, children });
    // Only the levels below the choice are asked for; street, building and flat have one choice each.
    expect(calls).toEqual(["street:20", "building:200", "flat:2000"]);
    expect(walked.flat).toBe(9001);
    expect(walked.levels.at(-1)).toEqual({ level: "flat", param: "daire", options: [{ code: 9001, value: "DAİRE 1" }], selected: 9001, auto: true });
  });

  it("asks nothing when the last known level has no choice yet", async () => {
    const { children, calls } = tree();
    const known = [cascadeLevel("province", [{ code: 6, value: "ANKARA" }, { code: 35, value: "İZMİR" }], null)];
    const walked = await walkCascade({ known, children });
    expect(walked).toEqual({ levels: known, flat: null });
    expect(calls).toEqual([]);
  });

  it("drops a wanted code that is not among its level's choices, and everything below it", async () => {
    const { children } = tree();
    const wanted: Partial<Record<InfraLevel, number>> = { province: 6, district: 99, neighbourhood: 20 };
    const walked = await walkCascade({ children, wanted: (level) => wanted[level] ?? null });
    expect(walked.levels.map((l) => [l.level, l.selected])).toEqual([
      ["province", 6],
      ["district", null],
    ]);
  });

  it("shows an empty level as it is, and stops below an unknown parent", async () => {
    const { children } = tree();
    const wanted: Partial<Record<InfraLevel, number>> = { province: 6, district: 10, neighbourhood: 21 };
    const walked = await walkCascade({ children, wanted: (level) => wanted[level] ?? null });
    expect(walked.levels.at(-1)).toEqual({ level: "street", param: "sokak", options: [], selected: null, auto: false });
    // İzmir's districts are not in the tree: the source answers null for an unknown parent.
    const below = await walkCascade({ children, wanted: (level) => (level === "province" ? 35 : null) });
    expect(below.levels.map((l) => l.level)).toEqual(["province"]);
    expect(below.flat).toBeNull();
  });

  it("never takes the province by itself, even when it is the only one", () => {
    expect(cascadeLevel("province", [{ code: 6, value: "ANKARA" }], null)).toMatchObject({ selected: 6, auto: false });
    expect(cascadeLevel("district", [{ code: 10, value: "ÇANKAYA" }], null)).toMatchObject({ selected: 10, auto: true });
    expect(cascadeLevel("district", [{ code: 10, value: "ÇANKAYA" }], 11)).toMatchObject({ selected: null, auto: false });
  });
});
