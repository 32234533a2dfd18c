import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { registeredRoutes } from "../common/routes/registry";

/** Generated from the route registry (common/routes/registry.ts): every page at its Turkish path and its /en twin. */
export default registeredRoutes().map(({ entry, id, pattern }) =>
  pattern === "" ? index(entry.module!, { id }) : route(pattern, entry.module!, { id }),
) satisfies RouteConfig;
