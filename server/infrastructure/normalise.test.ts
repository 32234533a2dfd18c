import { describe, expect, it } from "vitest";
import { normaliseFlat, normaliseNodes, normaliseTechnologies, parseDistanceM, parseFlag, parseSpeedMbps } from "./normalise";

describe("the answer shapes of resellers", () => {
  it("reads availability as VAR/YOK, 1/0, text digits, booleans and Turkish words", () => {
    for (const yes of ["VAR", "var ", 1, "1", true, "true", "EVET", "evet"]) expect(parseFlag(yes)).toBe(true);
    for (const no of ["YOK", "yok", 0, "0", false, "false", "HAYIR", "hayır"]) expect(parseFlag(no)).toBe(false);
    expect(parseFlag(undefined)).toBeNull();
    expect(parseFlag("")).toBeNull();
    for (const bad of ["belki", 2, {}, []]) expect(() => parseFlag(bad)).toThrow(expect.objectContaining({ code: "E_SOURCE_INVALID" }));
  });

  it("reads speeds as kbps numbers, Mbps numbers by field name, and text with units", () => {
    expect(parseSpeedMbps(24576)).toBe(24.6);
    expect(parseSpeedMbps(100, "mbps")).toBe(100);
    expect(parseSpeedMbps("16 Mbps")).toBe(16);
    expect(parseSpeedMbps("24000 kbps")).toBe(24);
    expect(parseSpeedMbps("1 Gbps")).toBe(1000);
    expect(parseSpeedMbps("100M")).toBe(100);
    expect(parseSpeedMbps("8,5 Mbit")).toBe(8.5);
    expect(parseSpeedMbps("35000")).toBe(35);
    expect(parseSpeedMbps(null)).toBeNull();
    for (const bad of ["fast", -1, "12 parsecs", Number.NaN, 1e12]) expect(() => parseSpeedMbps(bad)).toThrow();
  });

  it("reads distances in metres or km", () => {
    expect(parseDistanceM(850)).toBe(850);
    expect(parseDistanceM("850 m")).toBe(850);
    expect(parseDistanceM("1,2 km")).toBe(1200);
    expect(() => parseDistanceM("far")).toThrow();
  });

  it("normalises a Turkish-keyed answer and an English-keyed one to the same result", () => {
    const turkish = normaliseTechnologies({
      altyapi: {
        ADSL: { durum: "VAR", bosPort: "VAR", maxHiz: "24576", santralAdi: "KADIKÖY", santralMesafe: "1,5 km" },
        VDSL: { durum: 1, bosPort: 0, maxHiz: "50 Mbps", kabinAdi: "K-12", kabinMesafe: 400 },
        FIBER: { durum: "YOK" },
      },
    });
    const english = normaliseTechnologies({
      services: {
        adsl: { available: true, freePort: true, maxDownKbps: 24576, exchange: { name: "KADIKÖY", distance: 1500 } },
        vdsl: { available: "1", freePort: false, maxDownMbps: 50, cabinet: { name: "K-12", distance: "400 m" } },
        fiber: false,
      },
    });
    expect(english).toEqual(turkish);
    expect(turkish[0]).toMatchObject({ technology: "FIBER", available: false });
    expect(turkish[1]).toMatchObject({ technology: "VDSL", available: true, freePort: false, maxDownMbps: 50, lineEnd: { kind: "cabinet", name: "K-12", distanceM: 400 } });
    expect(turkish[1].estimatedDownMbps).toBe(50); // 400 m of VDSL2 allow 87.5, the port 50
    expect(turkish[2]).toMatchObject({ technology: "ADSL", maxDownMbps: 24.6, lineEnd: { kind: "exchange", distanceM: 1500 } });
  });

  it("refuses what is not an answer", () => {
    expect(() => normaliseTechnologies("<html>")).toThrow(expect.objectContaining({ code: "E_SOURCE_INVALID" }));
    expect(() => normaliseTechnologies({ hello: 1 })).toThrow(expect.objectContaining({ code: "E_SOURCE_INVALID" }));
    expect(() => normaliseTechnologies({ ADSL: { available: "maybe" } })).toThrow(expect.objectContaining({ code: "E_SOURCE_INVALID" }));
    expect(() => normaliseNodes({ data: [{ id: "x", ad: "A" }] })).toThrow();
    expect(() => normaliseNodes({ data: [{ id: 3 }] })).toThrow();
    expect(() => normaliseFlat({ bbk: 1, address: [{ level: "moon", code: 1, name: "x" }] })).toThrow();
  });

  it("reads level lists in their usual wrappings", () => {
    const expected = [{ code: 34, value: "İSTANBUL" }];
    expect(normaliseNodes([{ code: 34, value: "İSTANBUL" }])).toEqual(expected);
    expect(normaliseNodes({ data: [{ kod: "34", ad: " İSTANBUL " }] })).toEqual(expected);
    expect(normaliseNodes({ result: [{ id: 34, name: "İSTANBUL" }] })).toEqual(expected);
  });
});
