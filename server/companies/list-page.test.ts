import { describe, expect, it } from "vitest";
import { parseApiListQuery, resolveListPage } from "./list-page";

const resolve = (pathname: string, query: string, params: { subType?: string; state?: string } = {}, prefix = "") =>
  resolveListPage({ pathname, search: new URLSearchParams(query), params, prefix });

describe("resolveListPage", () => {
  it("reads path segments and query filters", () => {
    const r = resolve("/isletmeler/kablolu-internet/izmir", "q=fiber&score=4&sort=oldest&page=2", { subType: "kablolu-internet", state: "izmir" });
    expect(r.kind).toBe("ok");
    if (r.kind !== "ok") return;
    expect(r.filters).toMatchObject({ q: "fiber", typeId: 2, subTypeId: 2, provinceCode: 35, minScore: 4, sort: "oldest", page: 2 });
  });

  it("files a type without sub types by its type", () => {
    const r = resolve("/isletmeler/teknik-servis", "", { subType: "teknik-servis" });
    expect(r.kind === "ok" && r.filters).toMatchObject({ typeId: 4, subTypeId: null });
  });

  it("answers not found for unknown segments", () => {
    expect(resolve("/isletmeler/tumu", "", { subType: "tumu" }).kind).toBe("notFound");
    expect(resolve("/isletmeler/sehir/x", "", { state: "x" }).kind).toBe("notFound");
  });

  it("redirects the form's fields into the path, drops empty fields and gives random a seed", () => {
    expect(resolve("/isletmeler", "subType=veri-merkezi&state=&q=&sort=newest&page=3")).toEqual({ kind: "redirect", location: "/isletmeler/veri-merkezi?sort=newest" });
    expect(resolve("/isletmeler/veri-merkezi", "subType=&state=van", { subType: "veri-merkezi" }, "/en")).toEqual({ kind: "redirect", location: "/en/isletmeler/sehir/van" });
    const r = resolve("/isletmeler", "sort=random");
    expect(r.kind === "redirect" && r.location).toMatch(/^\/isletmeler\?sort=random&seed=[a-z0-9]{6}$/);
    expect(resolve("/isletmeler/", "")).toEqual({ kind: "redirect", location: "/isletmeler" });
  });

  it("reports bad values with their message keys", () => {
    const r = resolve("/isletmeler", "score=0&sort=x");
    expect(r.kind === "invalid" && r.errors).toEqual({ score: { key: "companies.validation.score", params: { min: 1 } }, sort: { key: "companies.validation.sort", params: {} } });
    expect(resolve("/isletmeler", "type=yok").kind).toBe("invalid");
  });
});

describe("parseApiListQuery", () => {
  it("takes sub type and city as filters and refuses repeated or nested values", () => {
    expect(parseApiListQuery({ subType: "mobil-internet", state: "ankara" })).toMatchObject({ typeId: 2, subTypeId: 3, provinceCode: 6 });
    expect(() => parseApiListQuery({ q: ["a", "b"] })).toThrow(/E_VALIDATION/);
    expect(() => parseApiListQuery({ state: { $ne: "" } })).toThrow(/E_VALIDATION/);
    expect(parseApiListQuery({ sort: "random" }).seed).toMatch(/^[a-z0-9]{6}$/);
  });
});
