import { describe, it, expect } from "vitest";
import { compareTr, isSlug, slugify, toLowerTr, toUpperTr } from "./text";

describe("toUpperTr / toLowerTr", () => {
  it("uses Turkish dotted and dotless i", () => {
    expect(toUpperTr("izmir")).toBe("İZMİR");
    expect(toUpperTr("ığdır")).toBe("IĞDIR");
    expect(toUpperTr("Afyonkarahisar")).toBe("AFYONKARAHİSAR");
    expect(toLowerTr("İSTANBUL")).toBe("istanbul");
    expect(toLowerTr("IĞDIR")).toBe("ığdır");
    expect(toLowerTr("ÇANKIRI")).toBe("çankırı");
  });
});

describe("slugify", () => {
  it.each([
    ["İSTANBUL", "istanbul"],
    ["Afyonkarahisar", "afyonkarahisar"],
    ["AFYONKARAHİSAR", "afyonkarahisar"],
    ["KAHRAMANMARAŞ", "kahramanmaras"],
    ["  çok   güzel -- site!! ", "cok-guzel-site"],
    ["IĞDIR", "igdir"],
    ["ŞANLIURFA", "sanliurfa"],
    ["Çağrı Öğüt Ümit", "cagri-ogut-umit"],
    ["Hosting ve Sunucu", "hosting-ve-sunucu"],
    ["19 Mayıs", "19-mayis"],
  ])("%j -> %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("drops symbols instead of spelling them out in English", () => {
    expect(slugify("Fiber & VDSL %50 indirim ₺99 $5")).toBe("fiber-vdsl-50-indirim-99-5");
  });

  it("joins across apostrophes and dots, separates on other punctuation", () => {
    expect(slugify("İstanbul'da internet")).toBe("istanbulda-internet");
    expect(slugify("Türk Telekom A.Ş.")).toBe("turk-telekom-as");
    expect(slugify("Tuztaşı/değirmen Mah")).toBe("tuztasi-degirmen-mah");
    expect(slugify("foo—bar_baz")).toBe("foo-bar-baz");
  });

  it("strips accents of other Latin letters and drops other scripts", () => {
    expect(slugify("Kâhyalar Café")).toBe("kahyalar-cafe");
    expect(slugify("日本語")).toBe("");
    expect(slugify("---")).toBe("");
  });

  it("is idempotent and always yields a valid slug or empty", () => {
    for (const s of ["  çok   güzel -- site!! ", "A--B", "-x-", "Ğ Ü Ş İ Ö Ç ı"]) {
      const once = slugify(s);
      expect(slugify(once)).toBe(once);
      expect(once === "" || isSlug(once)).toBe(true);
    }
  });
});

describe("isSlug", () => {
  it("accepts lower-case hyphenated ASCII only", () => {
    expect(isSlug("kablolu-internet")).toBe(true);
    expect(isSlug("a1")).toBe(true);
    expect(isSlug("")).toBe(false);
    expect(isSlug("-a")).toBe(false);
    expect(isSlug("a--b")).toBe(false);
    expect(isSlug("Adana")).toBe(false);
    expect(isSlug("çay")).toBe(false);
  });
});

describe("compareTr", () => {
  it("sorts in Turkish alphabetical order", () => {
    const names = ["ZONGULDAK", "ÇORUM", "CİHANBEYLİ", "İSTANBUL", "IĞDIR", "ISPARTA", "ŞANLIURFA", "SİVAS", "ÜRGÜP", "UŞAK", "ÖDEMİŞ", "ORDU", "ĞAĞA", "GİRESUN"];
    expect([...names].sort(compareTr)).toEqual(["CİHANBEYLİ", "ÇORUM", "GİRESUN", "ĞAĞA", "IĞDIR", "ISPARTA", "İSTANBUL", "ORDU", "ÖDEMİŞ", "SİVAS", "ŞANLIURFA", "UŞAK", "ÜRGÜP", "ZONGULDAK"]);
  });
});
