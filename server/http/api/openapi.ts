import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { ApiCall, ApiWebhook, AreaModule } from "../../core/app-context";
import { MAX_API_JSON_BYTES } from "../body-limits";
import { documentedCalls, documentedWebhooks } from "./calls";
import { errorResponse } from "../../platform/api-shapes";
import { z } from "../../platform/api-zod";
import { IDEMPOTENCY_KEY } from "../../platform/idempotency";

const BEARER = "bearerAuth";
const security = { public: [], optional: [{ [BEARER]: [] }, {}], bearer: [{ [BEARER]: [] }] } as const;
const refusal = (description: string) => ({ description, content: { "application/json": { schema: errorResponse } } });
const unauthorized = refusal("No valid bearer token (E_UNAUTHORIZED)");

/** 411 for a chunked body where a JSON call needs a declared length; 413 over the call's cap. */
function bodyRefusals(call: ApiCall) {
  const upload = call.body?.type === "multipart/form-data";
  const cap = call.bodyLimit ? call.bodyLimit.replace("kb", " KB") : `${MAX_API_JSON_BYTES / 1024} KB`;
  return {
    ...(upload ? {} : { 411: refusal("The body's length was not declared (E_LENGTH_REQUIRED)") }),
    413: refusal(upload ? "An attachment or the whole body is over its limit (E_PAYLOAD_TOO_LARGE)" : `The body is over ${cap} (E_PAYLOAD_TOO_LARGE)`),
    ...(upload ? { 415: refusal("The body is not multipart/form-data, or a file is not of a kind the call takes, judged by its content (E_UNSUPPORTED_TYPE)") } : {}),
  };
}

function register(registry: OpenAPIRegistry, call: ApiCall) {
  const auth = call.auth ?? "public";
  const method = call.method ?? "post";
  registry.registerPath({
    operationId: call.id,
    method,
    path: call.path,
    summary: call.summary,
    tags: [call.tag],
    security: security[auth].map((s) => ({ ...s })),
    request:
      call.body || call.query || call.params || call.idempotent
        ? {
            ...(call.idempotent ? { headers: IDEMPOTENCY_HEADERS } : {}),
            ...(call.body
              ? { body: { required: !call.bodyOptional, content: { [call.body.type ?? "application/json"]: { schema: call.body.schema } } } }
              : {}),
            ...(call.query ? { query: call.query } : {}),
            ...(call.params ? { params: call.params } : {}),
          }
        : undefined,
    responses: {
      200: { description: "OK", content: { [call.responseType ?? "application/json"]: { schema: call.response } } },
      400: refusal("Invalid input"),
      ...(auth === "bearer" ? { 401: unauthorized } : {}),
      ...(call.forbidden ? { 403: refusal(call.forbidden) } : {}),
      ...(call.notFound ? { 404: refusal(call.notFound) } : {}),
      ...(call.conflict ? { 409: refusal(call.conflict) } : {}),
      ...(call.gone ? { 410: refusal(call.gone) } : {}),
      ...(call.upstream ? { 424: refusal("The infrastructure source gave an answer that could not be read (E_SOURCE_INVALID)") } : {}),
      // Decision 011: every POST may be refused for its body before a handler runs.
      ...(method === "post" ? bodyRefusals(call) : {}),
      429: refusal("Rate limited (E_RATE_LIMITED, with Retry-After)"),
      // Decision 035: any call may find the database too busy to answer within its deadline.
      503: refusal(
        [call.upstream ? "The infrastructure source is unavailable; try again (E_UNAVAILABLE, with Retry-After)" : null, call.unavailable ?? null, DATABASE_BUSY]
          .filter(Boolean)
          .join(". "),
      ),
    },
  });
}

const IDEMPOTENCY_HEADERS = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY)
    .optional()
    .openapi({
      description:
        "8–255 visible ASCII characters, a new one (a UUID) per request: a retry of a request whose answer was lost, with the same key, is answered with the first request's result and stored once. Scoped to the account (or the client address).",
      example: "5f0c6a1e-2b7d-4c1a-9f3e-8d2b6a7c4e10",
    }),
});

const DATABASE_BUSY = "The database did not answer in time; try again after Retry-After seconds (E_UNAVAILABLE)";

function registerWebhook(registry: OpenAPIRegistry, hook: ApiWebhook) {
  registry.registerWebhook({
    method: "post",
    path: hook.name,
    operationId: hook.id,
    summary: hook.summary,
    tags: [hook.tag],
    // The receiver checks the call's signature; no credentials of this API.
    security: [],
    request: { body: { required: true, content: { "application/json": { schema: hook.body } } } },
    responses: { 200: { description: "Any 2xx: received" } },
  });
}

const built = new WeakMap<readonly AreaModule[], object>();

/**
 * The OpenAPI 3.1 document, generated from the calls' declarations (the areas' modules): the
 * same zod schemas the handlers validate with. Its server is relative (`/api/v1` on the host
 * that serves the document), so it is right on every deployment; Redocly's recommended rules
 * check it in CI (scripts/check-openapi.mjs).
 */
export function openApiDocument(modules: readonly AreaModule[]): object {
  const cached = built.get(modules);
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.register("Error", errorResponse);
  registry.registerComponent("securitySchemes", BEARER, {
    type: "http",
    scheme: "bearer",
    description: "The token from POST /login, sent as `Authorization: Bearer <token>`; revoked by POST /logout.",
  });
  for (const call of documentedCalls(modules)) register(registry, call);
  for (const hook of documentedWebhooks(modules)) registerWebhook(registry, hook);
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "GenişBant API",
      version: "1.0.0",
      description: "JSON API of the web site and its mobile apps. Authenticate with `Authorization: Bearer <token>` from POST /login.",
      // SPDX has no identifier for "all rights reserved"; LicenseRef- is its form for one of your own.
      license: { name: "Proprietary: © GenişBant, all rights reserved", identifier: "LicenseRef-GenisBant-Proprietary" },
    },
    servers: [{ url: "/api/v1", description: "This site" }],
  });
  built.set(modules, doc);
  return doc;
}
