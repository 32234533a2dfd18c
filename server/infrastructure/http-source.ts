import { LEVEL_CALLS } from "../../common/infrastructure/cascade";
import type { ChildLevel, FlatAnswer, FlatRef, InfraNode } from "../../common/infrastructure/types";
import type { Logger } from "../platform/logger";
import type { InfraCache } from "./cache";
import { normaliseFetchedAt, normaliseFlat, normaliseNodes, normaliseTechnologies } from "./normalise";
import { SourceInvalidError, SourceUnavailableError, type InfrastructureSource } from "../core/infrastructure-source";

/**
 * The http source: an infrastructure-query API of the kind resellers offer, at INFRA_HTTP_URL
 * with the key INFRA_HTTP_KEY (sent as `X-Api-Key`). The calls (all GET, JSON answers):
 *
 *   /cities                              the provinces
 *   /towns|subdistricts|villages|neighbourhoods|streets|buildings|flats?parent=CODE
 *                                        a level's nodes under their parent; 404 for an unknown parent
 *   /flat?bbk=CODE | ?uavt=CODE | ?phone=2123456789
 *                                        {bbk, uavt, address: [{level, code, name}]}; 404 when none
 *   /query?bbk=CODE                      the flat (as above) and per technology its answer
 *
 * Every call has one deadline (INFRA_HTTP_TIMEOUT_MS) and is tried again once when it fails
 * fast (connection refused, 5xx) and time is left. Levels are cached for a day, answers for an
 * hour; both are kept a week / a day longer and served while the API is down. Concurrent asks
 * for the same thing share one upstream call.
 */

/** The API's path of each level: the plural our own API names its calls with, but "towns" for districts. */
const LEVEL_PATH: Record<ChildLevel, string> = { ...LEVEL_CALLS, district: "towns" };

export const HTTP_CACHE = {
  levelFreshSeconds: 24 * 3600,
  levelKeepSeconds: 7 * 24 * 3600,
  answerFreshSeconds: 3600,
  answerKeepSeconds: 24 * 3600,
} as const;

export interface HttpSourceOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  cache: InfraCache;
  log?: Logger;
  now?: () => number;
}

class NotFound extends Error {}

export function createHttpSource(opts: HttpSourceOptions): InfrastructureSource & { upstreamCalls(): number } {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const now = opts.now ?? Date.now;
  const inflight = new Map<string, Promise<unknown>>();
  let calls = 0;

  async function fetchJson(path: string): Promise<unknown> {
    const deadline = AbortSignal.timeout(opts.timeoutMs);
    let lastError: unknown;
    for (let attempt = 0; attempt < 2 && !deadline.aborted; attempt++) {
      calls++;
      try {
        const res = await fetch(base + path, {
          headers: { accept: "application/json", ...(opts.apiKey ? { "x-api-key": opts.apiKey } : {}) },
          signal: deadline,
        });
        if (res.status === 404) {
          await res.body?.cancel();
          throw new NotFound();
        }
        if (res.status >= 500 || res.status === 429) {
          await res.body?.cancel();
          lastError = new Error(`upstream ${res.status}`);
          continue;
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new SourceInvalidError(`upstream ${res.status} for ${path}`);
        }
        const text = await res.text();
        try {
          return JSON.parse(text);
        } catch (err) {
          throw new SourceInvalidError(`not JSON from ${path}`, err);
        }
      } catch (err) {
        if (err instanceof NotFound || err instanceof SourceInvalidError) throw err;
        lastError = err;
      }
    }
    opts.log?.warn({ err: lastError, path }, "infrastructure source unavailable");
    throw new SourceUnavailableError(lastError);
  }

  /** Cached (fresh for `fresh`, kept for `keep`), coalesced, stale-on-error. null = not found. */
  async function cached<T>(key: string, fresh: number, keep: number, load: () => Promise<T | null>): Promise<T | null> {
    const hit = await opts.cache.get<T | null>(key);
    if (hit && now() - hit.storedAt < fresh * 1000) return hit.value;
    const running = inflight.get(key) as Promise<T | null> | undefined;
    if (running) return running;
    const promise = (async () => {
      try {
        const value = await load();
        await opts.cache.set(key, value, keep);
        return value;
      } catch (err) {
        if (err instanceof SourceUnavailableError && hit) return hit.value;
        throw err;
      } finally {
        inflight.delete(key);
      }
    })();
    inflight.set(key, promise);
    return promise;
  }

  async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
    try {
      return await load();
    } catch (err) {
      if (err instanceof NotFound) return null;
      throw err;
    }
  }

  const level = (key: string, path: string) =>
    cached<InfraNode[]>(`level:${key}`, HTTP_CACHE.levelFreshSeconds, HTTP_CACHE.levelKeepSeconds, () =>
      orNull(async () => normaliseNodes(await fetchJson(path))),
    );
  const flat = (key: string, path: string) =>
    cached<FlatRef>(`flat:${key}`, HTTP_CACHE.levelFreshSeconds, HTTP_CACHE.levelKeepSeconds, () =>
      orNull(async () => normaliseFlat(await fetchJson(path))),
    );

  return {
    kind: "http",
    upstreamCalls: () => calls,
    async provinces() {
      return (await level("cities", "/cities")) ?? [];
    },
    children(childLevel, parent) {
      return level(`${childLevel}:${parent}`, `/${LEVEL_PATH[childLevel]}?parent=${parent}`);
    },
    flatByCode: (bbk) => flat(`bbk:${bbk}`, `/flat?bbk=${bbk}`),
    flatByUavt: (uavt) => flat(`uavt:${uavt}`, `/flat?uavt=${uavt}`),
    flatByLandline: (national) => flat(`phone:${national}`, `/flat?phone=${encodeURIComponent(national)}`),
    query(bbk) {
      return cached<FlatAnswer>(`query:${bbk}`, HTTP_CACHE.answerFreshSeconds, HTTP_CACHE.answerKeepSeconds, () =>
        orNull(async () => {
          const body = await fetchJson(`/query?bbk=${bbk}`);
          const ref = normaliseFlat(body);
          return {
            ...ref,
            technologies: normaliseTechnologies(body),
            fetchedAt: normaliseFetchedAt(body, new Date(now())),
            source: "http" as const,
          };
        }),
      );
    },
  };
}
