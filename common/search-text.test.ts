import { describe, expect, it } from "vitest";
import {
  FOLD_FROM,
  FOLD_TO,
  SEARCH_TEXT_MAX,
  containsPattern,
  escapeLike,
  filterBySearch,
  foldSearchText,
  matchesSearch,
  normaliseSearch,
} from "./search-text";

describe("foldSearchText", () => {
  it("folds Turkish letters of both cases to ASCII", () => {
    expect(foldSearchText("İIıi")).toBe("iiii");
    expect(foldSearchText("ÇçĞğÖöŞşÜü")).toBe("ccggoossuu");
    expect(foldSearchText("İSTANBUL")).toBe("istanbul");
    expect(foldSearchText("ÇANKAYA")).toBe("cankaya");
    expect(foldSearchText("IĞDIR")).toBe("igdir");
    expect(foldSearchText("Işıl Yıldız")).toBe("isil yildiz");
  });

  it("drops other accents and lower-cases ASCII", () => {
    expect(foldSearchText("Kâhyalar ÂÊÎÔÛ")).toBe("kahyalar aeiou");
    expect(foldSearchText("Éléonore Müller-Øster Łódź")).toBe("eleonore muller-oster lodz");
  });

  it("treats decomposed text (combining accents) like composed text", () => {
    const decomposed = "ÇANKAYA İzmir".normalize("NFD");
    expect(decomposed).not.toBe("ÇANKAYA İzmir");
    expect(foldSearchText(decomposed)).toBe("cankaya izmir");
  });

  it("lower-cases Greek and Cyrillic, and leaves digits, symbols and other letters alone", () => {
    expect(foldSearchText("ЖУК Жук ΑΘΗΝΑ")).toBe("жук жук αθηνα");
    expect(foldSearchText("100%_Gerçek @x.com")).toBe("100%_gercek @x.com");
    expect(foldSearchText("ß æ 東京 😀")).toBe("ß æ 東京 😀");
  });

  it("has a one-to-one table translate() can use: BMP characters, no duplicates, only marks deleted", () => {
    expect(new Set(FOLD_FROM).size).toBe(FOLD_FROM.length);
    expect([...FOLD_FROM].every((c) => c.length === 1)).toBe(true);
    expect(FOLD_TO).toMatch(/^[a-z\u0370-\u052f]+$/);
    const deleted = FOLD_FROM.slice(FOLD_TO.length);
    expect(deleted).toMatch(/^\p{M}+$/u);
    expect(deleted.length).toBe(0x370 - 0x300);
  });
});

describe("matchesSearch", () => {
  it.each([
    ["İSTANBUL", "istanbul"],
    ["istanbul", "İSTANBUL"],
    ["ÇANKAYA", "cankaya"],
    ["igdir", "IĞDIR"],
    ["IĞDIR", "ığdır"],
    ["Şanlıurfa", "SANLIURFA"],
    ["Kâhyalar Mah", "kahyalar"],
    ["Gümüşhane", "  GÜMÜŞ   "],
  ])("%s contains %s", (text, search) => {
    expect(matchesSearch(text, search)).toBe(true);
  });

  it("is not fooled by wildcards or unrelated text", () => {
    expect(matchesSearch("ANKARA", "%")).toBe(false);
    expect(matchesSearch("ANKARA", "an_ara")).toBe(false);
    expect(matchesSearch("ANKARA", "izmir")).toBe(false);
    expect(matchesSearch("100%_Gerçek", "%_G")).toBe(true);
  });

  it("matches everything for an empty search", () => {
    expect(matchesSearch("ANKARA", "")).toBe(true);
    expect(matchesSearch("ANKARA", "   ")).toBe(true);
  });

  it("filters a list in its original order", () => {
    const provinces = ["ADANA", "ÇANAKKALE", "ÇANKIRI", "İSTANBUL", "KAHRAMANMARAŞ"];
    expect(filterBySearch(provinces, "can", (p) => p)).toEqual(["ÇANAKKALE", "ÇANKIRI"]);
    expect(filterBySearch(provinces, "maras", (p) => p)).toEqual(["KAHRAMANMARAŞ"]);
    expect(filterBySearch(provinces, "", (p) => p)).toEqual(provinces);
  });
});

describe("escapeLike", () => {
  it("escapes %, _ and the escape character itself", () => {
    expect(escapeLike("100%")).toBe("100\\%");
    expect(escapeLike("a_b")).toBe("a\\_b");
    expect(escapeLike("c:\\dir")).toBe("c:\\\\dir");
    expect(escapeLike("%_\\")).toBe("\\%\\_\\\\");
    expect(escapeLike("plain 'text'")).toBe("plain 'text'");
  });

  it("builds a folded, escaped contains-pattern", () => {
    expect(containsPattern("  İstanbul   %_ ")).toBe("%istanbul \\%\\_%");
    expect(containsPattern("   ")).toBe("");
  });
});

describe("normaliseSearch", () => {
  it("trims, collapses white space and turns control characters into spaces", () => {
    expect(normaliseSearch("  çok   güzel \t\n site ")).toBe("çok güzel site");
    expect(normaliseSearch("a\u0000b\u007fc\u0085d")).toBe("a b c d");
  });

  it("composes to NFC", () => {
    const decomposed = "Çankaya".normalize("NFD");
    expect(normaliseSearch(decomposed)).toBe("Çankaya");
    expect(normaliseSearch(decomposed)).toHaveLength(7);
  });

  it("bounds the length in characters without splitting a surrogate pair", () => {
    expect(normaliseSearch("x".repeat(10_000))).toHaveLength(SEARCH_TEXT_MAX);
    expect(normaliseSearch("abcdef", 3)).toBe("abc");
    expect(normaliseSearch("ab😀cd", 3)).toBe("ab😀");
    expect(normaliseSearch("ab cd", 3)).toBe("ab");
  });

  it("makes lone surrogates well-formed and ignores non-strings", () => {
    expect(normaliseSearch("a\uD800b")).toBe("a\uFFFDb");
    expect(normaliseSearch(undefined)).toBe("");
    expect(normaliseSearch(42)).toBe("");
    expect(normaliseSearch(["a"])).toBe("");
  });
});
