import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { contactSchema } from "../../../common/forms/contact";
import { loginSchema, registerSchema } from "../../../common/forms/auth";
import { newsletterSchema } from "../../../common/forms/newsletter";
import {
  blogCategoriesResponse,
  citiesResponse,
  contactResponse,
  errorResponse,
  footerCitiesResponse,
  loginResponse,
  meResponse,
  subTypesResponse,
  successResponse,
} from "./schemas";

interface Operation {
  method?: "get" | "post";
  path: string;
  summary: string;
  tag: string;
  body?: { schema: z.ZodType; type?: string };
  response: z.ZodType;
}

const operations: Operation[] = [
  { path: "/corporate/sub-types", summary: "Corporate types with their sub types", tag: "reference", response: subTypesResponse },
  { path: "/ttservice/cities", summary: "The 81 provinces", tag: "reference", response: citiesResponse },
  { path: "/ttservice/cities-for-footer", summary: "Cities linked from the footer", tag: "reference", response: footerCitiesResponse },
  { path: "/blog/categories", summary: "Blog categories", tag: "reference", response: blogCategoriesResponse },
  {
    path: "/home/add-mail-to-list",
    summary: "Newsletter sign-up (consent required; a repeated address is not an error)",
    tag: "newsletter",
    body: { schema: newsletterSchema.extend({ emailCheckbox: z.literal(true) }) },
    response: successResponse,
  },
  {
    path: "/contact",
    summary: "Contact offer form; attachments zip/pdf/png/jpg, ≤10 MB each, ≤50 MB in all",
    tag: "contact",
    body: {
      type: "multipart/form-data",
      schema: contactSchema.extend({ attachments: z.array(z.string().openapi({ format: "binary" })).optional() }),
    },
    response: contactResponse,
  },
  {
    path: "/register",
    summary: "Create an account (individual or corporate); a verification mail is sent",
    tag: "accounts",
    body: { schema: registerSchema },
    response: successResponse,
  },
  {
    path: "/login",
    summary: "Sign in: a revocable bearer token and the user info",
    tag: "accounts",
    body: { schema: loginSchema },
    response: loginResponse,
  },
  { path: "/logout", summary: "End the session or token of the request (idempotent)", tag: "accounts", response: successResponse },
  { method: "get", path: "/me", summary: "The signed-in user (401 E_UNAUTHORIZED for a guest)", tag: "accounts", response: meResponse },
];

let cached: object | undefined;

/** The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with. */
export function openApiDocument(serverUrl: string): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.register("Error", errorResponse);
  for (const op of operations) {
    registry.registerPath({
      method: op.method ?? "post",
      path: op.path,
      summary: op.summary,
      tags: [op.tag],
      request: op.body
        ? { body: { required: true, content: { [op.body.type ?? "application/json"]: { schema: op.body.schema } } } }
        : undefined,
      responses: {
        200: { description: "OK", content: { "application/json": { schema: op.response } } },
        400: { description: "Invalid input", content: { "application/json": { schema: errorResponse } } },
        429: { description: "Rate limited", content: { "application/json": { schema: errorResponse } } },
      },
    });
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "GenişBant API",
      version: "1.0.0",
      description: "JSON API of the web site and its mobile apps. Authenticate with `Authorization: Bearer <token>` from POST /login.",
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
  });
  return cached;
}
