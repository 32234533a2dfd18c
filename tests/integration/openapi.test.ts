import { Validator } from "@seriousme/openapi-schema-validator";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/accounts/schema";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The API document is valid OpenAPI 3.1, and every call answers what it documents, for its
// successes and its refusals. (Per-call refusal tables live in hostile-api.test.ts.)
let t: TestApp;
let api: ApiSchemas;
beforeAll(async () => {
  t = await startTestApp();
  api = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(() => t?.close());

const call = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: BodyInit } = {}) =>
  t.fetch(`/api/v1${path}`, {
    method: init.method ?? "POST",
    headers: { ...(init.json !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 (the official schema, checked by @seriousme/openapi-schema-validator)", async () => {
    const validator = new Validator();
    const res = await validator.validate(structuredClone(api.doc) as unknown as Parameters<Validator["validate"]>[0]);
    expect(res.errors ?? [], JSON.stringify(res.errors, null, 2)).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is found invalid when broken (the validator is really applied)", async () => {
    const broken = structuredClone(api.doc) as unknown as { paths: Record<string, Record<string, unknown>> };
    broken.paths["/login"].post = { responses: "none" };
    expect((await new Validator().validate(broken as unknown as Parameters<Validator["validate"]>[0])).valid).toBe(false);
  });
});

describe("answers match their documented schema", () => {
  it("a body of the wrong shape is caught (the schemas are really applied)", async () => {
    const fake = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    await expect(api.expectMatchesSchema(fake([{ code: "1", value: 2 }]), "/ttservice/cities", "post", 200)).rejects.toThrow(/documented schema/);
    await expect(api.expectMatchesSchema(fake({ success: true }), "/login", "post", 200)).rejects.toThrow(/documented schema/);
  });

  it.each(["/corporate/sub-types", "/ttservice/cities", "/ttservice/cities-for-footer", "/blog/categories"])("POST %s → 200", async (path) => {
    await api.expectMatchesSchema(await call(path), path, "post", 200);
  });

  it("newsletter: 200 and its 400", async () => {
    await api.expectMatchesSchema(await call("/home/add-mail-to-list", { json: { email: "schema@example.com", emailCheckbox: true } }), "/home/add-mail-to-list", "post", 200);
    await api.expectMatchesSchema(await call("/home/add-mail-to-list", { json: { email: "x" } }), "/home/add-mail-to-list", "post", 400);
  });

  it("contact: 200 and its 400", async () => {
    const form = new FormData();
    form.set("fullName", "Ayşe Yılmaz");
    form.set("email", "ayse@example.com");
    form.set("message", "Merhaba, firmamızı listelemek istiyoruz.");
    await api.expectMatchesSchema(await call("/contact", { body: form }), "/contact", "post", 200);
    await api.expectMatchesSchema(await call("/contact", { body: new FormData() }), "/contact", "post", 400);
  });

  it("register, login, me, logout: their successes and refusals", async () => {
    const account = {
      accountType: "individual",
      fullName: "Şema Denetçi",
      email: "schema.user@example.com",
      password: "Guclu-Sifre-2024",
      passwordConfirm: "Guclu-Sifre-2024",
      membership: true,
      kvkk: true,
    };
    await api.expectMatchesSchema(await call("/register", { json: account }), "/register", "post", 200);
    await api.expectMatchesSchema(await call("/register", { json: {} }), "/register", "post", 400);
    await api.expectMatchesSchema(await call("/login", { json: { email: account.email, password: "yanlis-parola" } }), "/login", "post", 400);
    const login = (await api.expectMatchesSchema(await call("/login", { json: { email: account.email, password: account.password } }), "/login", "post", 200)) as {
      token: string;
    };
    const bearer = { authorization: `Bearer ${login.token}` };
    await api.expectMatchesSchema(await call("/me", { method: "GET", headers: bearer }), "/me", "get", 200);
    await api.expectMatchesSchema(await call("/logout", { headers: bearer }), "/logout", "post", 200);
  });

  // Decision 011: the refusals a call gives before its handler runs are documented too.
  it("every refusal a call gives is documented: 401 of GET /me", async () => {
    await api.expectMatchesSchema(await call("/me", { method: "GET" }), "/me", "get", 401);
  });
  it("every refusal a call gives is documented: 413 of an oversized body", async () => {
    const body = await api.expectMatchesSchema(await call("/login", { json: { email: "a".repeat(200_000) } }), "/login", "post", 413);
    expect(body).toMatchObject({ exception: "E_PAYLOAD_TOO_LARGE" });
  });
  it("every refusal a call gives is documented: 411 of a JSON body without a declared length", async () => {
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ email: "a@example.com", password: "x" })));
        controller.close();
      },
    });
    const res = await t.fetch("/api/v1/login", { method: "POST", headers: { "content-type": "application/json" }, body: chunked, duplex: "half" } as RequestInit);
    const body = await api.expectMatchesSchema(res, "/login", "post", 411);
    expect(body).toMatchObject({ exception: "E_LENGTH_REQUIRED" });
  });
  it("verification mail: 200 for an unverified account, 409 once verified, 401 without a token", async () => {
    const account = {
      accountType: "individual",
      fullName: "Doğrulama Şema",
      email: "schema.verify@example.com",
      password: "Guclu-Sifre-2024",
      passwordConfirm: "Guclu-Sifre-2024",
      membership: true,
      kvkk: true,
    };
    const { token } = (await api.expectMatchesSchema(await call("/register", { json: account }), "/register", "post", 200)) as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    await api.expectMatchesSchema(await call("/verification-mail", { headers: bearer }), "/verification-mail", "post", 200);
    await t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, account.email));
    const conflict = await api.expectMatchesSchema(await call("/verification-mail", { headers: bearer }), "/verification-mail", "post", 409);
    expect(conflict).toMatchObject({ exception: "E_CONFLICT" });
    await api.expectMatchesSchema(await call("/verification-mail"), "/verification-mail", "post", 401);
  });
});
