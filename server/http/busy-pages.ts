import { data, type ServerBuild } from "react-router";
import { asDatabaseBusy, DATABASE_RETRY_AFTER_SECONDS } from "../db/limits";
import type { Logger } from "../platform/logger";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type DataFunction = (...args: never[]) => unknown;

/**
 * A loader or action whose database did not answer in time (decision 035) throws a 503 route
 * error instead of its own error: the page then says the site is busy and when to try again
 * (Retry-After), in both the server's render and the browser's hydration, rather than
 * "something went wrong" with a 500. Every other error passes as it is.
 */
function answerBusy<F extends DataFunction>(fn: F, log: Pick<Logger, "warn">, routeId: string): F {
  return (async (...args: Parameters<F>) => {
    try {
      return await fn(...args);
    } catch (err) {
      const busy = asDatabaseBusy(err);
      if (!busy) throw err;
      log.warn({ route: routeId, message: busy.messageKey.key, reason: busy.cause instanceof Error ? busy.cause.message : undefined }, "page answered busy");
      throw data(
        { unavailable: true },
        { status: 503, headers: { "Retry-After": String(busy.retryAfterSeconds ?? DATABASE_RETRY_AFTER_SECONDS) } },
      );
    }
  }) as F;
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every route's loader and action answering a busy database with a 503 (logged as a warning). */
export function withBusyPages(build: ServerBuild, log: Pick<Logger, "warn">): ServerBuild {
  const known = wrapped.get(build);
  if (known) return known;
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module: RouteModule = { ...route.module };
      if (module.loader) module.loader = answerBusy(module.loader, log, id);
      if (module.action) module.action = answerBusy(module.action, log, id);
      return [id, { ...route, module }];
    }),
  ) as ServerBuild["routes"];
  const result = { ...build, routes };
  wrapped.set(build, result);
  return result;
}
