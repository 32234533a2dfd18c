import type { Redis } from "ioredis";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../platform/logger";
import { createMemoryCache, createRedisCache } from "./cache";
import { createDatabaseSource } from "./database-source";
import { createDemoSource } from "./demo-source";
import { createHttpSource } from "./http-source";
import type { InfrastructureSource } from "../core/infrastructure-source";

/** The source INFRA_SOURCE names (README, "Configuration"). */
export function createInfrastructureSource(deps: { config: Config; db: Database; redis?: Redis; log: Logger }): InfrastructureSource {
  const { config } = deps;
  switch (config.INFRA_SOURCE) {
    case "database":
      return createDatabaseSource(deps.db);
    case "http":
      return createHttpSource({
        baseUrl: config.INFRA_HTTP_URL!,
        apiKey: config.INFRA_HTTP_KEY,
        timeoutMs: config.INFRA_HTTP_TIMEOUT_MS,
        cache: deps.redis ? createRedisCache(deps.redis) : createMemoryCache(),
        log: deps.log,
      });
    default:
      return createDemoSource();
  }
}
