import { describe, it, expect } from "vitest";
import { PROVINCES } from "../../common/provinces";
import { isSlug } from "../../common/text";
import {
  FOOTER_CITY_CODES,
  findDistrictName,
  findProvinceByCode,
  findProvinceByUrl,
  listDistricts,
  listFooterCities,
  listNeighbourhoods,
  listProvinces,
} from "./cities";

describe("provinces", () => {
  const provinces = listProvinces();

  it("has 81 provinces with plate codes 1..81", () => {
    expect(provinces).toHaveLength(81);
    expect(provinces.map((p) => p.code).sort((a, b) => a - b)).toEqual(Array.from({ length: 81 }, (_, i) => i + 1));
  });

  it("lists them in Turkish alphabetical order, not by plate", () => {
    const names = provinces.map((p) => p.value);
    expect(names.slice(0, 5)).toEqual(["ADANA", "ADIYAMAN", "AFYONKARAHİSAR", "AĞRI", "AKSARAY"]);
    // C before Ç, G before Ğ, I before İ, O before Ö, S before Ş, U before Ü.
    const order = (a: string, b: string) => expect(names.indexOf(a), `${a} before ${b}`).toBeLessThan(names.indexOf(b));
    order("BURSA", "ÇANAKKALE");
    order("ÇORUM", "DENİZLİ");
    order("HATAY", "IĞDIR");
    order("ISPARTA", "İSTANBUL");
    order("İZMİR", "KAHRAMANMARAŞ");
    order("KIRŞEHİR", "KİLİS");
    order("ORDU", "OSMANİYE");
    order("SİVAS", "ŞANLIURFA");
    order("ŞIRNAK", "TEKİRDAĞ");
    order("TUNCELİ", "UŞAK");
    expect(names.at(-1)).toBe("ZONGULDAK");
    expect(names.join(", ")).toContain("HATAY, IĞDIR, ISPARTA, İSTANBUL, İZMİR, KAHRAMANMARAŞ");
  });

  it("uses Turkish upper case names and their slugs", () => {
    expect(provinces[0]).toEqual({ code: 1, value: "ADANA", name: "Adana", url: "adana" });
    expect(findProvinceByCode(34)).toEqual({ code: 34, value: "İSTANBUL", name: "İstanbul", url: "istanbul" });
    expect(findProvinceByCode(3)).toEqual({ code: 3, value: "AFYONKARAHİSAR", name: "Afyonkarahisar", url: "afyonkarahisar" });
    expect(findProvinceByCode(46)).toEqual({ code: 46, value: "KAHRAMANMARAŞ", name: "Kahramanmaraş", url: "kahramanmaras" });
    expect(findProvinceByCode(76)).toEqual({ code: 76, value: "IĞDIR", name: "Iğdır", url: "igdir" });
    expect(findProvinceByCode(63)?.url).toBe("sanliurfa");
  });

  it("has unique, valid urls", () => {
    expect(new Set(provinces.map((p) => p.url)).size).toBe(81);
    for (const p of provinces) expect(isSlug(p.url), p.url).toBe(true);
  });

  it("finds by url and code, and misses unknown ones", () => {
    expect(findProvinceByUrl("izmir")?.code).toBe(35);
    expect(findProvinceByUrl("İzmir")).toBeUndefined();
    expect(findProvinceByCode(0)).toBeUndefined();
    expect(findProvinceByCode(82)).toBeUndefined();
  });

  it("is computed once and frozen", () => {
    expect(listProvinces()).toBe(provinces);
    expect(Object.isFrozen(provinces)).toBe(true);
    expect(Object.isFrozen(provinces[0])).toBe(true);
  });
});

describe("footer cities", () => {
  it("holds the FOOTER_CITY_CODES cities in Turkish alphabetical order", () => {
    const footer = listFooterCities();
    expect(footer.map((c) => c.code).sort((a, b) => a - b)).toEqual([...FOOTER_CITY_CODES].sort((a, b) => a - b));
    expect(footer.map((c) => c.value)).toEqual([
      "ADANA",
      "ANKARA",
      "ANTALYA",
      "BURSA",
      "DİYARBAKIR",
      "GAZİANTEP",
      "İSTANBUL",
      "İZMİR",
      "KAYSERİ",
      "KOCAELİ",
      "KONYA",
      "MERSİN",
    ]);
    expect(footer.find((c) => c.code === 34)).toMatchObject({ value: "İSTANBUL", url: "istanbul" });
  });
});

describe("districts and neighbourhoods", () => {
  it("lists Ankara's districts sorted in Turkish order", () => {
    const districts = listDistricts(6);
    expect(districts.length).toBeGreaterThan(20);
    expect(districts).toContain("Çankaya");
    expect(districts.indexOf("Cumayeri")).toBe(-1);
    // Turkish order: Ç after C, Ş after S.
    expect(districts.indexOf("Çankaya")).toBeGreaterThan(districts.indexOf("Bala"));
    expect(districts.indexOf("Şereflikoçhisar")).toBeGreaterThan(districts.indexOf("Sincan"));
    expect(listDistricts(34)).toHaveLength(39);
  });

  it("returns nothing for unknown province codes", () => {
    expect(listDistricts(0)).toEqual([]);
    expect(listDistricts(82)).toEqual([]);
    expect(listDistricts(1.5)).toEqual([]);
  });

  it("finds a district by name, upper case or slug", () => {
    expect(findDistrictName(6, "Çankaya")).toBe("Çankaya");
    expect(findDistrictName(6, "ÇANKAYA")).toBe("Çankaya");
    expect(findDistrictName(6, "cankaya")).toBe("Çankaya");
    expect(findDistrictName(6, "Kadıköy")).toBeUndefined();
  });

  it("lists neighbourhoods sorted, trimmed and unique", () => {
    const names = listNeighbourhoods(6, "Çankaya");
    expect(names.length).toBeGreaterThan(100);
    expect(names).toContain("Çukurambar Mah");
    expect([...names].sort(new Intl.Collator("tr-TR").compare)).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    expect(listNeighbourhoods(6, "cankaya")).toBe(names);
    expect(listNeighbourhoods(6, "Nowhere")).toEqual([]);
  });

  it("collapses the doubled spaces of the published data", () => {
    const names = listNeighbourhoods(18, "Merkez");
    expect(names).toContain("İncili Çeşme Mah");
    const untidy: string[] = [];
    let count = 0;
    for (let code = 1; code <= 81; code++) {
      for (const district of listDistricts(code)) {
        for (const name of listNeighbourhoods(code, district)) {
          count++;
          if (name !== name.trim().replace(/\s+/g, " ")) untidy.push(name);
        }
      }
    }
    expect(untidy).toEqual([]);
    expect(count).toBeGreaterThan(70_000);
  });
});

describe("the pages' province list (common/provinces.ts)", () => {
  it("is listProvinces(), in its order, with the same codes, URL segments and names", () => {
    expect(PROVINCES.map(([code, url, value]) => ({ code, url, value }))).toEqual(listProvinces().map(({ code, url, value }) => ({ code, url, value })));
  });
});
