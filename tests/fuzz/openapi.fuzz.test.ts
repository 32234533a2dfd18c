import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyDeliverySettings, leads } from "../../server/leads/schema";
import { insertUser } from "../helpers/companies";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * A fuzz run from the API document (issue 22, item 7): every call of /api/v1/openapi.json gets
 * bodies, path and query parameters generated from its schemas by fast-check, valid and invalid
 * (wrong types, bounds, HTML and script, NUL, lone surrogates, huge strings, missing fields),
 * as a guest, a member, a company's owner, another company's owner and an administrator, on ids
 * that exist, belong to someone else or do not exist. No answer may be a 5xx, and a request that
 * is refused (4xx) may change no row of any table (the rate-limit counters and the session's
 * last use aside). `FUZZ_SEED` and `FUZZ_RUNS` replay a run; both are printed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Call {
  path: string;
  method: (typeof METHODS)[number];
  op: Operation;
}
type Role = "guest" | "member" | "owner" | "otherOwner" | "admin";
const ROLES: Role[] = ["guest", "member", "owner", "otherOwner", "admin"];

/** Values no schema allows, in every class the standards name. */
const HOSTILE: unknown[] = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "a\u0000b",
  "\u0000",
  "\ud800",
  "\udfff\ud800",
  "\u202etxt.exe",
  "x".repeat(70_000),
  "' OR 1=1 --",
  "../../../etc/passwd",
  "//evil.example/",
  "https://evil.example/",
  "javascript:alert(1)",
  "",
  " ",
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  "NaN",
  "1e999",
  true,
  false,
  null,
  [],
  [null],
  {},
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
];

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
const users: Partial<Record<Role, { id: number; token: string }>> = {};
/** Ids and slugs that exist (the owner's, another owner's) and that do not. */
let ids: unknown[] = [];

const resolve = (schema: Schema | undefined): Schema => {
  let s = schema ?? {};
  for (let depth = 0; typeof s.$ref === "string" && depth < 10; depth++) {
    const name = (s.$ref as string).replace("#/components/schemas/", "");
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
};

/** Values the schema allows (as far as its keywords say; a pattern is not followed). */
function valid(schemaIn: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schemaIn);
  if (depth > 4) return fc.constant(null);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  if ("const" in s) return fc.constant(s.const);
  for (const key of ["oneOf", "anyOf"] as const) {
    if (Array.isArray(s[key]) && (s[key] as Schema[]).length) return fc.oneof(...(s[key] as Schema[]).map((x) => valid(x, depth + 1)));
  }
  if (Array.isArray(s.allOf) && (s.allOf as Schema[]).length) {
    const merged: Schema = { type: "object", properties: {}, required: [] };
    for (const part of (s.allOf as Schema[]).map(resolve)) {
      Object.assign(merged.properties as object, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[]) ?? []));
    }
    return valid(merged, depth + 1);
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...s, type }, depth + 1)));
  const examples = [s.example, ...((s.examples as unknown[]) ?? [])].filter((x) => x !== undefined);
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: Number(s.minimum ?? -1000), max: Number(s.maximum ?? 100_000) });
    case "number":
      return fc.double({ min: Number(s.minimum ?? -1000), max: Number(s.maximum ?? 100_000), noNaN: true, noDefaultInfinity: true });
    case "array":
      return fc.array(valid(s.items as Schema, depth + 1), { minLength: Number(s.minItems ?? 0), maxLength: Math.min(Number(s.maxItems ?? 4), 4) });
    case "object": {
      const props = (s.properties as Record<string, Schema>) ?? {};
      const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valid(v, depth + 1)]));
      return fc.record(shape, { requiredKeys: ((s.required as string[]) ?? []).filter((k) => k in props) });
    }
    case "string":
    default: {
      const min = Number(s.minLength ?? 0);
      const max = Math.min(Number(s.maxLength ?? 40), 200);
      const byFormat: Record<string, fc.Arbitrary<string>> = {
        email: fc.emailAddress(),
        uri: fc.webUrl(),
        date: fc.date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        "date-time": fc.date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }).map((d) => d.toISOString()),
      };
      const text = byFormat[s.format as string] ?? fc.string({ minLength: min, maxLength: Math.max(min, max), unit: "grapheme" });
      return examples.length ? fc.oneof(fc.constantFrom(...examples), text) : text;
    }
  }
}

/** A value of the schema, or one it refuses: a hostile value, a field gone or changed to one. */
function anyValue(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const base = valid(s);
  const props = Object.keys((s.properties as object) ?? {});
  const variants: fc.Arbitrary<unknown>[] = [base, base, fc.constantFrom(...HOSTILE)];
  if (props.length) {
    variants.push(
      fc.tuple(base, fc.constantFrom(...props), fc.constantFrom(...HOSTILE)).map(([v, k, bad]) => ({ ...(v as object), [k]: bad })),
      fc.tuple(base, fc.constantFrom(...props)).map(([v, k]) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[k];
        return copy;
      }),
    );
  }
  return fc.oneof(...variants);
}

interface Case {
  call: Call;
  role: Role;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  ip: number;
}

/** A path segment; a lone surrogate (which has no UTF-8) is sent as the bytes of an encoded one. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

function caseOf(call: Call): fc.Arbitrary<Case> {
  const params = call.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const json = call.op.requestBody?.content?.["application/json"]?.schema;
  const form = call.op.requestBody?.content?.["multipart/form-data"]?.schema;
  const bodyArb = json || form ? anyValue(json ?? form) : fc.constant(undefined);
  const pathArb = fc.tuple(...pathParams.map((p) => fc.oneof(fc.constantFrom(...ids), valid(p.schema), fc.constantFrom(...HOSTILE.filter((h) => typeof h !== "object")))));
  const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof(valid(p.schema), fc.constantFrom(...HOSTILE))])), { requiredKeys: [] });
  return fc.record({
    call: fc.constant(call),
    role: fc.constantFrom(...ROLES),
    path: (pathParams.length ? pathArb : fc.constant([] as unknown[])).map((values) => {
      let p = call.path;
      pathParams.forEach((param, i) => (p = p.replace(`{${param.name}}`, pathSegment(String(values[i])))));
      return p;
    }),
    query: queryArb,
    body: bodyArb,
    ip: fc.integer({ min: 1, max: 60_000 }),
  });
}

const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v) ?? "");

async function send(c: Case): Promise<Response> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(c.query)) if (v !== undefined) qs.set(k, text(v));
  const url = `/api/v1${c.path}${qs.size ? `?${qs}` : ""}`;
  const headers: Record<string, string> = { "x-forwarded-for": `10.${90 + (c.ip >> 16)}.${(c.ip >> 8) & 255}.${c.ip & 255}` };
  const user = users[c.role];
  if (user) headers.authorization = `Bearer ${user.token}`;
  let body: BodyInit | undefined;
  if (c.body !== undefined && c.call.method !== "get") {
    if (c.call.op.requestBody?.content?.["multipart/form-data"]) {
      const data = new FormData();
      if (c.body && typeof c.body === "object" && !Array.isArray(c.body)) {
        for (const [k, v] of Object.entries(c.body)) data.set(k, typeof v === "string" && v.length > 100 ? new Blob([v]) : text(v));
      }
      body = data;
    } else {
      headers["content-type"] = "application/json";
      body = JSON.stringify(c.body) ?? "null";
    }
  }
  return t.fetch(url, { method: c.call.method.toUpperCase(), headers, body });
}

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1", TRUST_PROXY: "loopback" });
  doc = (await (await t.fetch("/api/v1/openapi.json")).json()) as typeof doc;
  for (const role of ROLES) {
    if (role === "guest") continue;
    users[role] = await insertUser(t.app.db, {
      email: `fuzz-${role.toLowerCase()}@example.com`,
      accountType: role === "owner" || role === "otherOwner" ? "corporate" : "individual",
      isAdmin: role === "admin",
    });
  }
  const mine = await makeCompany(t.app.db, { ownerId: users.owner!.id, name: "Bulanık Fiber AŞ", email: "satis@bulanik.example" });
  const theirs = await makeCompany(t.app.db, { ownerId: users.otherOwner!.id, name: "Başkası Net AŞ" });
  const myPackage = await makePackage(t.app.db, mine.id, { title: "Bulanık Fiber 100", price: "300" });
  const theirPackage = await makePackage(t.app.db, theirs.id, { title: "Başkası Fiber 50", price: "250" });
  await t.app.db.insert(companyDeliverySettings).values({ companyId: mine.id, mail: "talep@bulanik.example" });
  await t.fetch(`/api/v1/packages/${myPackage}/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Ayşe", lastName: "Bulanık", phone: "0532 901 22 33", consent: true }),
  });
  const [lead] = await t.app.db.select({ id: leads.id }).from(leads);
  ids = [mine.id, theirs.id, mine.slug, theirs.slug, myPackage, theirPackage, lead?.id ?? 1, users.member!.id, users.owner!.id, 999_999, 0, "yok"];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a fuzz run from the API document", () => {
  it("no 5xx, and no row changed by a refused request", async () => {
    const calls: Call[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
      METHODS.filter((m) => ops[m]).map((method) => ({ path, method, op: ops[method]! })),
    );
    const statuses: Record<string, number> = {};
    const byRole: Record<string, number> = {};
    const called = new Set<string>();
    let requests = 0;
    let refusedChecked = 0;
    console.info(`fuzz: seed ${SEED}, ${RUNS} runs over ${calls.length} calls (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npm run fuzz)`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls).chain((call) => caseOf(call)),
        async (c) => {
          const writes = c.call.method !== "get";
          const before = writes ? await dbFingerprint(t.app.db) : null;
          const res = await send(c);
          const answer = await res.text();
          requests++;
          called.add(`${c.call.method.toUpperCase()} ${c.call.path}`);
          statuses[`${Math.floor(res.status / 100)}xx`] = (statuses[`${Math.floor(res.status / 100)}xx`] ?? 0) + 1;
          byRole[c.role] = (byRole[c.role] ?? 0) + 1;
          const where = `${c.call.method.toUpperCase()} ${c.path} as ${c.role} → ${res.status}: ${answer.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          if (before && res.status >= 400) {
            refusedChecked++;
            expect(changedTables(before, await dbFingerprint(t.app.db)), where).toEqual([]);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.info(
      JSON.stringify({
        seed: SEED,
        runs: RUNS,
        "calls in the document": calls.length,
        "calls reached": called.size,
        requests,
        roles: byRole,
        answers: statuses,
        "refused writes checked for changed rows": refusedChecked,
        "5xx": statuses["5xx"] ?? 0,
        "rows changed by a refused request": 0,
      }),
    );
  });
});
