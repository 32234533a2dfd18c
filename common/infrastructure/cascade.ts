import { INFRA_LEVELS, LEVEL_PARAM, type ChildLevel, type InfraLevel, type InfraNode } from "./types";

/** The API call of each level below the province: POST /api/v1/ttservice/{call} {code: parent} → [{code, value}]. */
export const LEVEL_CALLS = {
  district: "districts",
  subdistrict: "subdistricts",
  village: "villages",
  neighbourhood: "neighbourhoods",
  street: "streets",
  building: "buildings",
  flat: "flats",
} as const satisfies Record<ChildLevel, string>;

/**
 * The address cascade's walk down the tree, shared by the query page's loader (children from the
 * source, choices from the URL) and the home page's query box in the browser (children from
 * /api/v1/ttservice/…, choices from the person): each level's choices, what is chosen, and
 * whether it was the only choice (chosen by itself). It stops at the first level nothing is
 * chosen on. A wanted code that is not among its level's choices (a stale or forged URL) is
 * dropped with everything below it.
 */
export interface CascadeLevel {
  level: InfraLevel;
  /** The query page's URL parameter of the level (?il=, ?ilce=, …). */
  param: string;
  options: InfraNode[];
  selected: number | null;
  /** Chosen by itself: the level had a single choice (never the province). */
  auto: boolean;
}

export interface Cascade {
  levels: CascadeLevel[];
  /** The flat chosen at the bottom, when the cascade is complete. */
  flat: number | null;
}

/** The choices of `level` under `parent` (null for the province); null when the parent is unknown. */
export type CascadeChildren = (level: InfraLevel, parent: number | null) => Promise<InfraNode[] | null>;

/** One level's view from its choices and the code wanted there (null: none yet). */
export function cascadeLevel(level: InfraLevel, options: InfraNode[], wanted: number | null): CascadeLevel {
  const auto = options.length === 1 && (wanted === null || wanted === options[0].code);
  const selected = auto ? options[0].code : wanted !== null && options.some((o) => o.code === wanted) ? wanted : null;
  return { level, param: LEVEL_PARAM[level], options, selected, auto: auto && level !== "province" };
}

/**
 * Walks on from `known` (levels already loaded; empty: from the province): loads the next level
 * under the last chosen one, takes its wanted code or its single choice, and goes on while
 * something is chosen.
 */
export async function walkCascade(opts: { known?: CascadeLevel[]; children: CascadeChildren; wanted?: (level: InfraLevel) => number | null }): Promise<Cascade> {
  const levels = [...(opts.known ?? [])];
  const last = levels[levels.length - 1];
  if (last && last.selected === null) return { levels, flat: null };
  let parent: number | null = last ? last.selected : null;
  for (const level of INFRA_LEVELS.slice(levels.length)) {
    const options = await opts.children(level, parent);
    if (!options) break;
    const view = cascadeLevel(level, options, opts.wanted?.(level) ?? null);
    levels.push(view);
    if (view.selected === null) return { levels, flat: null };
    parent = view.selected;
  }
  const bottom = levels[levels.length - 1];
  return { levels, flat: bottom?.level === "flat" ? bottom.selected : null };
}
