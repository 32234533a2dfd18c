import { STORAGE_PREFIX } from "../constants";

/**
 * The last infrastructure query, remembered on the device in a cookie (so it works without
 * JavaScript and the server can read it): the province (plate code) and the flat. The packages
 * pages read the province to start there, and the flat for "what reaches it".
 */
export const LAST_QUERY_COOKIE = `${STORAGE_PREFIX}_altyapi`;
/** Kept for 180 days. */
export const LAST_QUERY_MAX_AGE = 180 * 24 * 3600;

export interface LastQuery {
  /** Province plate code (1–81), when the flat's province is one. */
  il: number | null;
  /** The flat's BBK code. */
  bbk: number;
  /** The flat's address as one line, for "your last query". */
  address: string;
}

export function formatLastQuery(q: LastQuery): string {
  return encodeURIComponent(JSON.stringify({ il: q.il, bbk: q.bbk, address: q.address.slice(0, 200) }));
}

/** The remembered query from the cookie's value, or null when there is none or it is not ours. */
export function parseLastQuery(value: string | undefined): LastQuery | null {
  if (!value || value.length > 1200) return null;
  try {
    const o = JSON.parse(decodeURIComponent(value)) as Record<string, unknown>;
    const il = typeof o.il === "number" && Number.isInteger(o.il) && o.il >= 1 && o.il <= 81 ? o.il : null;
    const bbk = typeof o.bbk === "number" && Number.isSafeInteger(o.bbk) && o.bbk > 0 ? o.bbk : null;
    const address = typeof o.address === "string" ? o.address.slice(0, 200) : "";
    return bbk === null ? null : { il, bbk, address };
  } catch {
    return null;
  }
}

/** The remembered query of a request, from its Cookie header: the one reader every page uses. */
export function readLastQuery(cookieHeader: string | null | undefined): LastQuery | null {
  return parseLastQuery(readCookie(cookieHeader, LAST_QUERY_COOKIE));
}

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}
