import type { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
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

/**
 * The limiter of a rule. `db` is a transaction to count in when the counters live in the
 * database: a service that counts inside its transaction (so that a request refused later rolls
 * its count back, and so that PGlite's single session is not asked for a second one while the
 * transaction holds it) passes it. With Redis the counters are in Redis either way.
 */
export type LimiterFactory = (rule: LimitRule, db?: Database) => RateLimiterAbstract;

/**
 * Counters live where every app instance sees them: in the database by default, in Redis when
 * REDIS_URL is set. Either way a limit counted on one instance holds on the others.
 */
export function createLimiterFactory(opts: { db: Database; redis?: Redis }): LimiterFactory {
  const cache = new Map<string, RateLimiterAbstract>();
  return (rule, db) => {
    const common = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    // A limiter over a transaction lives as long as the call: cheap (no timers, no set-up query).
    if (db && !opts.redis) return new RateLimiterDrizzle({ ...common, storeClient: db, schema: rateLimits, clearExpiredByTimeout: false });
    let limiter = cache.get(rule.name);
    if (!limiter) {
      limiter = opts.redis
        ? new RateLimiterRedis({
            ...common,
            storeClient: opts.redis,
            useRedisPackage: false,
            // While Redis is unreachable, limits are counted in this process instead of failing.
            insuranceLimiter: new RateLimiterMemory(common),
          })
        : new RateLimiterDrizzle({ ...common, storeClient: opts.db, schema: rateLimits, clearExpiredByTimeout: false });
      cache.set(rule.name, limiter);
    }
    return limiter;
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
