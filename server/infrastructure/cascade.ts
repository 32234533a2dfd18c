import { INFRA_LEVELS, LEVEL_PARAM, type ChildLevel, type InfraLevel, type InfraNode } from "../../common/infrastructure/types";
import type { AppContext } from "../app-context";
import { listProvinces } from "./lookups";

/**
 * The address cascade of the query page, read from the URL (?il=…&ilce=…): each level's choices,
 * what is chosen, and whether it was the only choice (chosen by itself). It stops at the first
 * level nothing is chosen on, so the page shows one more selector per submit without JavaScript.
 * A chosen code that is not among its level's choices (a stale or forged URL) is dropped with
 * everything below it.
 */
export interface CascadeLevel {
  level: InfraLevel;
  param: string;
  options: InfraNode[];
  selected: number | null;
  /** Chosen by itself: the level had a single choice. */
  auto: boolean;
}

export interface Cascade {
  levels: CascadeLevel[];
  /** The flat chosen at the bottom, when the cascade is complete. */
  flat: number | null;
}

function chosen(params: URLSearchParams, level: InfraLevel): number | null {
  const raw = params.get(LEVEL_PARAM[level]);
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

export async function buildCascade(app: Pick<AppContext, "infrastructure">, opts: { params: URLSearchParams; province?: number }): Promise<Cascade> {
  const levels: CascadeLevel[] = [];
  let parent: number | null = null;
  for (const level of INFRA_LEVELS) {
    const options: InfraNode[] | null =
      level === "province" ? await listProvinces(app) : await app.infrastructure.children(level as ChildLevel, parent!);
    if (!options) break;
    const wanted = level === "province" && opts.province !== undefined ? opts.province : chosen(opts.params, level);
    const auto: boolean = options.length === 1 && (wanted === null || wanted === options[0].code);
    const selected: number | null = auto ? options[0].code : wanted !== null && options.some((o) => o.code === wanted) ? wanted : null;
    levels.push({ level, param: LEVEL_PARAM[level], options, selected, auto: auto && level !== "province" });
    if (selected === null) return { levels, flat: null };
    parent = selected;
  }
  const last = levels[levels.length - 1];
  return { levels, flat: last?.level === "flat" ? last.selected : null };
}
