import type { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { MessageKey } from "../../common/i18n";
import type { Database } from "../db/client";
import { rateLimits } from "./schema";
import { AppError } from "../platform/app-error";

export interface LimitRule {
  /** Distinguishes the counters of one rule from another's. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** What the services ask of a rule's limiter (the part of rate-limiter-flexible's they use). */
export interface Limiter {
  /** Spends points; rejects with a RateLimiterRes once the budget is gone, or with the store's error. */
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  get(key: string): Promise<RateLimiterRes | null>;
  reward(key: string, points?: number): Promise<RateLimiterRes>;
  delete(key: string): Promise<boolean>;
}

/**
 * The limiter of a rule. `db` is a transaction to count in: a service that counts inside its
 * transaction (so that a request refused later rolls its count back, and so that PGlite's single
 * session is not asked for a second one while the transaction holds it) passes it.
 */
export type LimiterFactory = (rule: LimitRule, db?: Database) => Limiter;

/**
 * Counters live where every app instance sees them: in the database, and also in Redis when
 * REDIS_URL is set (decision 038). Either way a limit counted on one instance holds on the others.
 */
export function createLimiterFactory(opts: { db: Database; redis?: Redis }): LimiterFactory {
  const inDatabase = new Map<string, RateLimiterAbstract>();
  const inRedis = new Map<string, RateLimiterAbstract>();
  return (rule, db) => {
    const common = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    // A limiter over a transaction lives as long as the call: cheap (no timers, no set-up query).
    let durable = db ? undefined : inDatabase.get(rule.name);
    if (!durable) {
      durable = new RateLimiterDrizzle({ ...common, storeClient: db ?? opts.db, schema: rateLimits, clearExpiredByTimeout: false });
      if (!db) inDatabase.set(rule.name, durable);
    }
    if (!opts.redis) return durable;
    let fast = inRedis.get(rule.name);
    if (!fast) {
      fast = new RateLimiterRedis({ ...common, storeClient: opts.redis, useRedisPackage: false });
      inRedis.set(rule.name, fast);
    }
    return stricterOf(fast, durable);
  };
}

/**
 * Counts in both stores at once and answers with the stricter: a refusal from either refuses (the
 * longer wait), else the larger count. Redis away, or back empty after a restart: the database's
 * count, which holds every attempt made before, decides, so no limit starts again from zero. The
 * database away: Redis's count decides. Only when both fail does the call fail (with the
 * database's error: a 503 when it is away).
 */
function stricterOf(fast: RateLimiterAbstract, durable: RateLimiterAbstract): Limiter {
  async function both<T>(op: (limiter: RateLimiterAbstract) => Promise<T>): Promise<{ values: T[]; refusals: RateLimiterRes[]; failure?: unknown }> {
    const settled = await Promise.allSettled([op(fast), op(durable)]);
    const values: T[] = [];
    const refusals: RateLimiterRes[] = [];
    let failure: unknown;
    for (const s of settled) {
      if (s.status === "fulfilled") values.push(s.value);
      else if (s.reason instanceof RateLimiterRes) refusals.push(s.reason);
      else failure = s.reason;
    }
    return { values, refusals, failure };
  }
  const most = (list: RateLimiterRes[]) => list.reduce((a, b) => (b.consumedPoints > a.consumedPoints ? b : a));
  return {
    async consume(key, points = 1) {
      const { values, refusals, failure } = await both((l) => l.consume(key, points));
      if (refusals.length) throw refusals.reduce((a, b) => (b.msBeforeNext > a.msBeforeNext ? b : a));
      if (values.length) return most(values);
      throw failure;
    },
    async get(key) {
      const { values, failure } = await both((l) => l.get(key));
      const found = values.filter((v): v is RateLimiterRes => v !== null);
      if (found.length) return most(found);
      if (values.length) return null;
      throw failure;
    },
    async reward(key, points = 1) {
      const { values, failure } = await both((l) => l.reward(key, points));
      if (values.length) return most(values);
      throw failure;
    },
    async delete(key) {
      const { values, failure } = await both((l) => l.delete(key));
      if (values.length) return values.some(Boolean);
      throw failure;
    },
  };
}

/**
 * Spends `points` of the rule for `key`; throws E_RATE_LIMITED with the wait in minutes (the
 * "try again after {minute} minutes" messages) once the budget is gone.
 */
export async function consumeLimit(
  limiters: LimiterFactory,
  rule: LimitRule,
  key: string,
  messageKey: MessageKey = "errors.rateLimited",
  points = 1,
  db?: Database,
): Promise<void> {
  try {
    await limiters(rule, db).consume(key, points);
  } catch (res) {
    if (res instanceof RateLimiterRes) {
      const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      throw new AppError(
        "E_RATE_LIMITED",
        { key: messageKey, params: { count: Math.max(1, Math.ceil(seconds / 60)) } },
        { retryAfterSeconds: seconds },
      );
    }
    throw res;
  }
}

export async function resetLimit(limiters: LimiterFactory, rule: LimitRule, key: string): Promise<void> {
  await limiters(rule).delete(key);
}
