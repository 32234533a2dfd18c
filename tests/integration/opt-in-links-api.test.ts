import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dayInTurkey } from "../../common/reminders";
import { formatDate } from "../../common/format";
import type { FlatAnswer } from "../../common/infrastructure/types";
import { createSession } from "../../server/accounts/sessions";
import { infraAlerts } from "../../server/infrastructure/schema";
import { jobs } from "../../server/jobs/schema";
import { commitmentReminders } from "../../server/reminders/schema";
import { rateLimits } from "../../server/security/schema";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, WRONG_TYPES } from "../helpers/hostile";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

/**
 * The answer page's "alert me" form and the mailed opt-in links (an infrastructure alert's, a
 * commitment reminder's) as calls for the mobile apps, on the services of the pages: the link's
 * code goes in the body; opening (…/link) changes nothing, confirm and unsubscribe do what the
 * link page's buttons do. Also the administrators' list of wrong-data reports.
 */

// The demo source with one flat under the test's control: no fiber and no free port.
const demo = createDemoSource();
const BBK = 200_000_000 + 7 * 1728;
const source: InfrastructureSource = {
  ...demo,
  async query(bbk) {
    const answer = await demo.query(bbk);
    if (!answer || bbk !== BBK) return answer;
    return { ...answer, technologies: answer.technologies.map((x) => ({ ...x, available: x.technology !== "FIBER", freePort: false })) } satisfies FlatAnswer;
  },
};

let t: TestApp;
let api: ApiSchemas;
let packageId: number;
beforeAll(async () => {
  t = await startTestApp({}, { infrastructure: source });
  api = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  const company = await makeCompany(t.app.db, { name: "Bağlantı Net" });
  packageId = await makePackage(t.app.db, company.id, { title: "Bağlantı Fiber 24", price: "600", commitmentMonths: 24, commitmentPrice: "400", priceAfterCommitment: "650" });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1${p}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const documented = async <T>(res: Response, p: string, status: number, method: "get" | "post" = "post") => (await api.expectMatchesSchema(res, p, method, status)) as T;

/** The link codes of the latest mail to an address (the confirmation link first, then the unsubscribe one). */
async function mailedCodes(to: string, page: string): Promise<string[]> {
  const mails = (await t.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send"))).map((j) => j.payload as { to: string; text: string }).filter((m) => m.to === to);
  const text = mails.at(-1)?.text ?? "";
  return [...text.matchAll(new RegExp(`http://localhost/${page}/([\\w.-]+)`, "g"))].map((m) => m[1]!);
}

const tokenRefusal = (key = "validation.linkToken"): ApiRefusal => ({ status: 400, code: "E_VALIDATION", key, fields: { token: key } });

describe("infrastructure alerts", () => {
  it("alert me, then the link: opening changes nothing, the unsubscribe link cannot confirm, confirm and unsubscribe are idempotent", async () => {
    await documented(await post("/ttservice/alert", { bbk: BBK, email: "uyari@example.com", consent: true }), "/ttservice/alert", 200);
    const [row] = await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.email, "uyari@example.com"));
    expect(row).toMatchObject({ bbk: BBK, locale: "tr", confirmedAt: null });
    const [confirm, unsubscribe] = await mailedCodes("uyari@example.com", "altyapi-uyari");
    expect(confirm).toBeDefined();
    expect(unsubscribe).toMatch(/^\d+\./);

    const opened = await documented<{ state: string; bbk: number; unsubscribeOnly: boolean }>(await post("/ttservice/alert/link", { token: confirm }), "/ttservice/alert/link", 200);
    expect(opened).toMatchObject({ state: "pending", bbk: BBK, waitsFor: "fiberOrPort", unsubscribeOnly: false });
    expect((await post("/ttservice/alert/link", { token: unsubscribe })).status).toBe(200);
    await expectApiRefusalInBothLanguages((h) => post("/ttservice/alert/confirm", { token: unsubscribe }, h), { status: 404, code: "E_NOT_FOUND", key: "infrastructure.alert.unknownLink" });
    expect((await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.id, row!.id)))[0]!.confirmedAt).toBeNull();

    for (let i = 0; i < 2; i++) {
      expect((await documented<{ state: string }>(await post("/ttservice/alert/confirm", { token: confirm }), "/ttservice/alert/confirm", 200)).state).toBe("active");
    }
    for (let i = 0; i < 2; i++) {
      expect((await documented<{ state: string }>(await post("/ttservice/alert/unsubscribe", { token: unsubscribe }), "/ttservice/alert/unsubscribe", 200)).state).toBe("unsubscribed");
    }
    expect((await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.id, row!.id)))[0]!.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("refuses a flat that already has fiber (409), no consent, a bad address or flat (400), and 5 an hour from a client", async () => {
    const alerts = async () => (await t.app.db.select({ n: count() }).from(infraAlerts))[0]!.n;
    const before = await alerts();
    // A demo flat with fiber: nothing for the alert to wait for.
    let fiberBbk = 200_000_000;
    while (!(await demo.query(fiberBbk))?.technologies.some((x) => x.technology === "FIBER" && x.available)) fiberBbk++;
    await expectApiRefusalInBothLanguages((h) => post("/ttservice/alert", { bbk: fiberBbk, email: "lif@example.com", consent: true }, h), {
      status: 409,
      code: "E_CONFLICT",
      key: "infrastructure.alert.alreadyReached",
    });
    await t.app.db.delete(rateLimits);
    await expectApiRefusalInBothLanguages((h) => post("/ttservice/alert", { bbk: BBK, email: "uyari@example.com" }, h), {
      status: 400,
      code: "E_VALIDATION",
      key: "infrastructure.validation.alert.consent",
      fields: { consent: "infrastructure.validation.alert.consent" },
    });
    for (const email of [HOSTILE_TEXT.html.value, `a${HOSTILE_TEXT.nul.value}@example.com`, 42]) {
      expect((await post("/ttservice/alert", { bbk: BBK, email, consent: true })).status).toBe(400);
    }
    expect((await post("/ttservice/alert", { bbk: "1 OR 1=1", email: "x@example.com", consent: true })).status).toBe(400);
    expect(await alerts()).toBe(before);

    for (let i = 0; i < 5; i++) expect((await post("/ttservice/alert", { bbk: BBK, email: `sinir${i}@example.com`, consent: true })).status).toBe(200);
    const limited = await post("/ttservice/alert", { bbk: BBK, email: "sinir5@example.com", consent: true });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    await documented(limited, "/ttservice/alert", 429);
  });

  it.each([
    ["no token", {}, tokenRefusal()],
    ["201 characters", { token: "a".repeat(201) }, tokenRefusal()],
    ["an empty token", { token: "" }, tokenRefusal()],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, { token: c.value }, tokenRefusal()]),
  ])("a link call with %s: 400, translated", async (_n, body, refusal) => {
    for (const action of ["link", "confirm", "unsubscribe"]) await expectApiRefusalInBothLanguages((h) => post(`/ttservice/alert/${action}`, body, h), refusal);
  });

  it.each([
    ["an unknown code", "A".repeat(32)],
    ["HTML", HOSTILE_TEXT.html.value],
    ["a NUL byte", `1.${"a".repeat(20)}\u0000${"a".repeat(22)}`],
    ["a forged signature", `1.${"a".repeat(43)}`],
    ["a lone surrogate", `\ud800${"a".repeat(31)}`],
  ])("a link call with %s: 404, nothing changes", async (_n, token) => {
    const before = await t.app.db.select().from(infraAlerts);
    for (const action of ["link", "confirm", "unsubscribe"]) {
      await expectApiRefusalInBothLanguages((h) => post(`/ttservice/alert/${action}`, { token }, h), { status: 404, code: "E_NOT_FOUND", key: "infrastructure.alert.unknownLink" });
    }
    expect(await t.app.db.select().from(infraAlerts)).toEqual(before);
  });
});

describe("commitment reminders' links", () => {
  it("a guest's reminder: opening changes nothing, confirm switches it on, unsubscribe erases it; the unsubscribe link keeps answering", async () => {
    const endsOn = formatDate(new Date(Date.parse(`${dayInTurkey(new Date())}T12:00:00Z`) + 180 * 86_400_000));
    const set = await post(`/packages/${packageId}/commitment-reminder`, { endsOn, provinceCode: 35, email: "hatirlat@example.com", consent: true });
    expect(set.status).toBe(200);
    const [confirm, unsubscribe] = await mailedCodes("hatirlat@example.com", "taahhut-hatirlatma");
    const opened = await documented<{ state: string; pkg: { title: string } | null; unsubscribeOnly: boolean }>(
      await post("/commitment-reminders/link", { token: confirm }),
      "/commitment-reminders/link",
      200,
    );
    expect(opened).toMatchObject({ state: "pending", unsubscribeOnly: false, pkg: { title: "Bağlantı Fiber 24" } });
    await expectApiRefusalInBothLanguages((h) => post("/commitment-reminders/confirm", { token: unsubscribe }, h), { status: 404, code: "E_NOT_FOUND", key: "packages.reminder.unknownLink" });
    expect((await documented<{ state: string }>(await post("/commitment-reminders/confirm", { token: confirm }), "/commitment-reminders/confirm", 200)).state).toBe("active");
    const [row] = await t.app.db.select().from(commitmentReminders).where(eq(commitmentReminders.email, "hatirlat@example.com"));
    expect(row!.confirmedAt).toBeInstanceOf(Date);

    expect((await documented<{ state: string }>(await post("/commitment-reminders/unsubscribe", { token: confirm }), "/commitment-reminders/unsubscribe", 200)).state).toBe("unsubscribed");
    expect(await t.app.db.select().from(commitmentReminders).where(eq(commitmentReminders.email, "hatirlat@example.com"))).toEqual([]);
    // Erased: the confirmation link is gone with it, the unsubscribe link says so, again and again.
    await expectApiRefusalInBothLanguages((h) => post("/commitment-reminders/link", { token: confirm }, h), { status: 404, code: "E_NOT_FOUND", key: "packages.reminder.unknownLink" });
    expect((await documented<{ state: string }>(await post("/commitment-reminders/link", { token: unsubscribe }), "/commitment-reminders/link", 200)).state).toBe("unsubscribed");
    expect((await post("/commitment-reminders/unsubscribe", { token: unsubscribe })).status).toBe(200);
  });

  it.each([["no token", {}], ["a number", { token: 7 }], ["201 characters", { token: "a".repeat(201) }]])("%s: 400, translated", async (_n, body) => {
    for (const action of ["link", "confirm", "unsubscribe"]) await expectApiRefusalInBothLanguages((h) => post(`/commitment-reminders/${action}`, body, h), tokenRefusal());
  });

  it.each([["an unknown code", "B".repeat(32)], ["HTML", HOSTILE_TEXT.html.value], ["a forged signature", `1.${"b".repeat(43)}`]])("%s: 404 on each call", async (_n, token) => {
    for (const action of ["link", "confirm", "unsubscribe"]) {
      await expectApiRefusalInBothLanguages((h) => post(`/commitment-reminders/${action}`, { token }, h), { status: 404, code: "E_NOT_FOUND", key: "packages.reminder.unknownLink" });
    }
  });
});

describe("GET /admin/infrastructure-reports", () => {
  it("lists the reports for administrators, the sender's note as the text it is; anyone else is refused", async () => {
    const note = `Burada lif yok ${HOSTILE_TEXT.html.value}`;
    expect((await post("/ttservice/report", { bbk: BBK, actualTechnology: "VDSL", actualDownMbps: 35, note })).status).toBe(200);
    const admin = await insertVerifiedUser(t.app.db, { isAdmin: true });
    const { token } = await createSession(t.app.db, admin.id, "api");
    const res = await t.fetch("/api/v1/admin/infrastructure-reports", { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { reports } = await documented<{ reports: { bbk: number; actualTechnology: string; note: string }[] }>(res, "/admin/infrastructure-reports", 200, "get");
    expect(reports[0]).toMatchObject({ bbk: BBK, actualTechnology: "VDSL", actualDownMbps: 35, note });

    const member = await insertVerifiedUser(t.app.db, { accountType: "corporate" });
    const memberToken = (await createSession(t.app.db, member.id, "api")).token;
    await expectApiRefusalInBothLanguages((h) => t.fetch("/api/v1/admin/infrastructure-reports", { headers: { ...h, authorization: `Bearer ${memberToken}` } }), {
      status: 403,
      code: "E_FORBIDDEN",
      key: "errors.forbidden",
    });
    await expectApiRefusalInBothLanguages((h) => t.fetch("/api/v1/admin/infrastructure-reports", { headers: h }), { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" });
  });
});
