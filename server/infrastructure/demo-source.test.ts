import { describe, expect, it } from "vitest";
import { INFRA_LEVELS, type ChildLevel } from "../../common/infrastructure/types";
import { demoLandline } from "./demo-addresses";
import { createDemoSource } from "./demo-source";

const source = createDemoSource({ now: () => new Date("2026-01-02T03:04:05Z") });

async function walk(province: number, pick: (n: number) => number) {
  let code = province;
  const path = [code];
  for (const level of INFRA_LEVELS.slice(1) as ChildLevel[]) {
    const kids = await source.children(level, code);
    expect(kids, `${level} under ${code}`).not.toBeNull();
    expect(kids!.length).toBeGreaterThan(0);
    code = kids![pick(kids!.length)].code;
    path.push(code);
  }
  return path;
}

describe("demo source", () => {
  it("has the 81 real provinces and their real districts", async () => {
    const provinces = await source.provinces();
    expect(provinces).toHaveLength(81);
    const ankara = await source.children("district", 6);
    expect(ankara!.map((d) => d.value)).toContain("ÇANKAYA");
    const cankaya = ankara!.find((d) => d.value === "ÇANKAYA")!;
    const [sub] = (await source.children("subdistrict", cankaya.code))!;
    const [village] = (await source.children("village", sub.code))!;
    const hoods = await source.children("neighbourhood", village.code);
    expect(hoods!.map((h) => h.value)).toContain("ÇUKURAMBAR MAH");
  });

  it("decodes every generated flat code back to the same address, by BBK, UAVT and landline", async () => {
    for (const [plate, pick] of [
      [34, (n: number) => n - 1],
      [6, () => 0],
      [37, (n: number) => Math.floor(n / 2)],
    ] as const) {
      const path = await walk(plate, pick);
      const bbk = path[path.length - 1];
      const flat = await source.flatByCode(bbk);
      expect(flat!.address.map((a) => a.code)).toEqual(path);
      expect(String(flat!.uavt)).toMatch(/^[1-9]\d{9}$/);
      expect((await source.flatByUavt(flat!.uavt!))!.bbk).toBe(bbk);
      const line = demoLandline(bbk)!;
      expect(line).toMatch(/^[2-4]\d{9}$/);
      expect((await source.flatByLandline(line))!.bbk).toBe(bbk);
      const answer = await source.query(bbk);
      expect(answer!.source).toBe("demo");
      expect(answer!.technologies.map((t) => t.technology)).toEqual(["FIBER", "VDSL", "ADSL"]);
      expect(answer).toEqual(await source.query(bbk));
    }
  });

  it("answers null for codes that are not in the tree", async () => {
    expect(await source.children("district", 82)).toBeNull();
    expect(await source.children("subdistrict", 9999)).toBeNull();
    expect(await source.children("street", 1)).toBeNull();
    expect(await source.children("flat", 20_000_000 + 11)).toBeNull();
    expect(await source.flatByCode(1)).toBeNull();
    expect(await source.flatByCode(999_999_999_999)).toBeNull();
    expect(await source.flatByUavt(1_899_999_999)).toBeNull();
    expect(await source.flatByLandline("2120000000")).toBeNull();
    expect(await source.query(12345678)).toBeNull();
  });
});
