import type { ResultFigures } from "./result-view";

/** A guest's past tests, kept on the device only (localStorage); signed-in people's are in the database. */
export interface LocalEntry extends ResultFigures {
  at: string;
  /** The share page's id once saved. */
  id?: string;
  promisedDown?: number | null;
  promisedUp?: number | null;
  /** The provider and package chosen when it was saved ("Ege Fiber · Fiber 100"). */
  packageLabel?: string | null;
}

const KEY = "gb_speedtests";
const MAX = 50;

export function readLocalHistory(): LocalEntry[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as LocalEntry[]).filter((e) => typeof e?.download === "number").slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function writeLocalHistory(entries: LocalEntry[]) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(entries.slice(0, MAX)));
    window.dispatchEvent(new Event("gb-speedtests"));
  } catch {
    // Storage full or blocked: the history is a convenience.
  }
}

export function addLocalEntry(entry: LocalEntry) {
  writeLocalHistory([entry, ...readLocalHistory()]);
}

export function markSaved(at: string, id: string, chosen: { promisedDown: number | null; promisedUp: number | null; packageLabel: string | null }) {
  writeLocalHistory(readLocalHistory().map((e) => (e.at === at ? { ...e, id, ...chosen } : e)));
}
