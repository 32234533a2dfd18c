import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { registeredRoutes, routeRegistry, type RouteEntry } from "../../common/routes/registry";
import { listProvinces } from "../reference/cities";
import { allSegmentUrls, categorySegments, findCategorySegment, RESERVED_COMPANY_SLUGS } from "./segments";

/**
 * The profile routes (`/:subType/:company`, `…/paketler`) are two dynamic segments: they must
 * never take a path the site has for something else. Every registered path, with sample values
 * for its parameters, is matched as React Router matches it; it must reach its own entry.
 */
const routes = registeredRoutes().map((r) => ({ id: r.id, path: r.pattern === "" ? "/" : `/${r.pattern}` }));
const PROFILE_IDS = new Set(["companyProfile", "en.companyProfile", "companyPackages", "en.companyPackages"]);
const SAMPLE: Record<string, string> = { il: "izmir", categoryUrl: "hosting", searchValue: "fiber", code: "abc123", state: "izmir", subType: "kablolu-internet", company: "ornek-net" };

function concrete(pattern: string): string {
  return `/${pattern}`.replace(/:(\w+)/g, (_, name: string) => SAMPLE[name] ?? "x").replace(/\/\*$/, "/bir-sey");
}

function matchId(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.id;
}

describe("company routes never shadow the site's paths", () => {
  it("every registered path (planned ones too) reaches its own entry or, when planned, is not a profile with a real sub type", () => {
    for (const entry of routeRegistry as readonly RouteEntry[]) {
      if (entry.path === "*" || entry.path === "") continue;
      for (const prefix of ["", "en/"]) {
        if (prefix && entry.twin === false) continue;
        const pathname = concrete(prefix + entry.path);
        const id = matchId(pathname);
        if (entry.module) {
          expect(id, pathname).toBe(prefix ? `en.${entry.name}` : entry.name);
        } else if (id && PROFILE_IDS.has(id)) {
          // A planned page without its module yet falls to the profile route, whose loader answers
          // 404 because its first segment is no sub type: never a company under a site path.
          const first = pathname.replace(/^\/(en\/)?/, "").split("/")[0]!;
          expect(findCategorySegment(first), pathname).toBeUndefined();
        }
      }
    }
  });

  it("no sub type or type url is the first segment of a site path, or a province url clash", () => {
    const firstSegments = new Set((routeRegistry as readonly RouteEntry[]).map((e) => e.path.split("/")[0]!).filter((s) => s && !s.startsWith(":")));
    firstSegments.add("en");
    firstSegments.add("api");
    firstSegments.add("media");
    firstSegments.add("assets");
    for (const url of allSegmentUrls()) expect(firstSegments.has(url), url).toBe(false);
    // `/isletmeler/sehir/…` and `/isletmeler/siralama-ve-gelir` are static: no category may be called so.
    for (const s of categorySegments()) expect(["sehir", "siralama-ve-gelir"]).not.toContain(s.url);
    expect(listProvinces().some((p) => RESERVED_COMPANY_SLUGS.includes(p.url))).toBe(false);
  });

  it("sends profile paths to the profile routes, in both languages", () => {
    expect(matchId("/kablolu-internet/ornek-net")).toBe("companyProfile");
    expect(matchId("/en/kablolu-internet/ornek-net")).toBe("en.companyProfile");
    expect(matchId("/kablolu-internet/ornek-net/paketler")).toBe("companyPackages");
    expect(matchId("/en/kablolu-internet/ornek-net/paketler")).toBe("en.companyPackages");
    expect(matchId("/isletmeler/kablolu-internet/izmir")).toBe("corporatesBySubTypeCity");
    expect(matchId("/isletmeler/sehir/izmir")).toBe("corporatesByCity");
    expect(matchId("/isletmeler/siralama-ve-gelir")).toBe("companyRanking");
  });
});
