import { walkCascade, type Cascade } from "../../common/infrastructure/cascade";
import { LEVEL_PARAM, type ChildLevel, type InfraLevel } from "../../common/infrastructure/types";
import type { AppContext } from "../core/app-context";
import { listProvinces } from "./lookups";

export type { Cascade, CascadeLevel } from "../../common/infrastructure/cascade";

function chosen(params: URLSearchParams, level: InfraLevel): number | null {
  const raw = params.get(LEVEL_PARAM[level]);
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The address cascade of the query page, read from the URL (?il=…&ilce=…), one more selector
 * per submit without JavaScript (the walk is common/infrastructure/cascade.ts, which the home
 * page's query box runs in the browser over the API).
 */
export async function buildCascade(app: Pick<AppContext, "infrastructure">, opts: { params: URLSearchParams; province?: number }): Promise<Cascade> {
  return walkCascade({
    children: (level, parent) => (level === "province" ? listProvinces(app) : app.infrastructure.children(level as ChildLevel, parent!)),
    wanted: (level) => (level === "province" && opts.province !== undefined ? opts.province : chosen(opts.params, level)),
  });
}
