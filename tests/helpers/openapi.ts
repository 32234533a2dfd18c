// The API's answers checked against the OpenAPI document the site serves: the document itself
// is validated against the OpenAPI 3.1 schema, and each answer's body against the response
// schema the document gives for its call and status.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { OpenApiDocument } from "./route-table";

export interface ApiSchemas {
  doc: OpenApiDocument;
  /** Fails the test when the answer's status is not documented for the call or its body does not match. */
  expectMatchesSchema(res: Response, path: string, method: string, status: number): Promise<unknown>;
  /** The body of the document's webhook `name` (POST) against its schema: the errors, none when it matches. */
  webhookErrors(name: string, body: unknown): string[];
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Compiles the response schemas of `doc` (fetched from the site under test). */
export function apiSchemas(doc: OpenApiDocument): ApiSchemas {
  // The document is registered whole so that its #/components references resolve; its own
  // keywords (openapi, paths …) are not JSON Schema, hence strict: false.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc as object, "openapi.json");
  const compiled = new Map<string, ValidateFunction>();

  return {
    doc,
    async expectMatchesSchema(res, path, method, status) {
      const where = `${method.toUpperCase()} ${path} → ${res.status}`;
      expect(res.status, where).toBe(status);
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, `${method.toUpperCase()} ${path} is in the OpenAPI document`).toBeDefined();
      const documented = op?.responses?.[String(status)];
      expect(documented, `${where}: status ${status} is documented (documented: ${Object.keys(op?.responses ?? {}).join(", ")})`).toBeDefined();
      expect(res.headers.get("content-type") ?? "", where).toMatch(/^application\/json/);
      const body: unknown = await res.json();
      const key = `${path} ${method} ${status}`;
      let validate = compiled.get(key);
      if (!validate) {
        const ref = `openapi.json#/${pointer("paths", path, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`;
        validate = ajv.compile({ $ref: ref });
        compiled.set(key, validate);
      }
      const ok = validate(body);
      expect(ok, `${where}: body matches the documented schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`).toBe(true);
      return body;
    },
    webhookErrors(name, body) {
      if (!(doc as { webhooks?: Record<string, unknown> }).webhooks?.[name]) return [`${name} is not a webhook of the document`];
      const validate = ajv.compile({ $ref: `openapi.json#/${pointer("webhooks", name, "post", "requestBody", "content", "application/json", "schema")}` });
      return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
    },
  };
}
