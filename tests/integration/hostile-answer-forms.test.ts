import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FlatAnswer } from "../../common/infrastructure/types";
import { REPORT_BOUNDS } from "../../common/forms/infrastructure";
import { COMPANY_BOUNDS } from "../../common/companies";
import { companies } from "../../server/companies/schema";
import { infraAlerts, infraReports } from "../../server/infrastructure/schema";
import { rateLimits } from "../../server/security/schema";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { insertUser } from "../helpers/companies";
import { BAD_BYTES, HOSTILE_TEXT as T, overLong } from "../helpers/hostile";
import { htmlText, msg, type Locale } from "../helpers/messages";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Hostile input to the page forms the first sweeps left out: the answer page's "tell me when it
 * arrives" (the e-mail) and "this answer is wrong" (the note), and the approval page's reason
 * for a rejection. Each refusal is a 400 with the field's translated message on the page, in both
 * languages, and no table changes.
 */

const demo = createDemoSource();
const BBK = 200_000_000 + 7 * 1728;
/** A flat without fiber and without a free port: the alert is offered. */
const source: InfrastructureSource = {
  ...demo,
  async query(bbk) {
    const answer = await demo.query(bbk);
    if (!answer || bbk !== BBK) return answer;
    return { ...answer, technologies: answer.technologies.map((x) => (x.technology === "FIBER" ? { ...x, available: false, freePort: null } : { ...x, available: true, freePort: false })) } satisfies FlatAnswer;
  },
};

let t: TestApp;
const answerPage = (locale: Locale) => `${locale === "en" ? "/en" : ""}/internet-altyapi-hiz-sorgulama/daire/${BBK}`;

beforeAll(async () => {
  t = await startTestApp({}, { infrastructure: source });
  // The answer is counted once per address and day when it is first seen: seen here, before any
  // refused post re-renders it, so the refusals below leave every table as it was.
  for (const locale of ["tr", "en"] as const) expect((await t.fetch(answerPage(locale))).status).toBe(200);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

/** Posts a page form as a browser would: with the page's CSRF cookie and token; `raw` is appended unencoded. */
async function postForm(path: string, fields: Record<string, string>, opts: { cookie?: string; raw?: string } = {}) {
  const s = await getFormSession(t, "/iletisim");
  const body = new URLSearchParams({ csrf: s.csrf, ...fields }).toString() + (opts.raw ?? "");
  return t.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [s.cookie, opts.cookie].filter(Boolean).join("; ") },
    body,
  });
}

async function expectRefused(res: Response, locale: Locale, key: string, params: Record<string, string | number> = {}, status = 400) {
  expect(res.status).toBe(status);
  expect(await res.text()).toContain(htmlText(msg(locale, key, params)));
}

describe("the answer page's alert form", () => {
  const email = (value: string) => ({ intent: "alert", email: value, consent: "on" });
  const cases: [string, Record<string, string>, string, Record<string, number>?][] = [
    ["empty e-mail", email(""), "validation.email.required"],
    ["short e-mail", email("a@b.c"), "validation.email.min", { min: 6 }],
    ["overlong e-mail", email(`${"a".repeat(250)}@example.com`), "validation.email.max", { max: 254 }],
    ["no @", email("ornek.example.com"), "validation.email.format"],
    ["HTML", email(`<script>alert(1)</script>@example.com`), "validation.email.format"],
    ["SQL", email("a'); DROP TABLE infra_alerts;--@example.com"), "validation.email.format"],
    ["NUL", email("ali\u0000@example.com"), "validation.email.format"],
    ["right-to-left override", email("ali\u202e@example.com"), "validation.email.format"],
    ["two addresses", email("ali@example.com, veli@example.com"), "validation.email.format"],
    ["no consent", { intent: "alert", email: "ali@example.com" }, "infrastructure.validation.alert.consent"],
    ["consent of another value", { intent: "alert", email: "ali@example.com", consent: "yes please" }, "infrastructure.validation.alert.consent"],
  ];

  it.each(cases)("%s: a 400 with the field's message in both languages, nothing stored", async (_name, fields, key, params) => {
    const before = await dbFingerprint(t.app.db);
    for (const locale of ["tr", "en"] as const) await expectRefused(await postForm(answerPage(locale), fields), locale, key, params);
    expect(changedTables(before, await dbFingerprint(t.app.db))).toEqual([]);
  });

  it("bytes that are not UTF-8 are refused; a repeated field is read once; a forged flat code in the body is ignored", async () => {
    const before = await dbFingerprint(t.app.db);
    for (const bad of BAD_BYTES) {
      const res = await postForm(answerPage("tr"), { intent: "alert", consent: "on" }, { raw: `&email=ali${bad.value}%40example.com` });
      await expectRefused(res, "tr", "validation.email.format");
    }
    expect(changedTables(before, await dbFingerprint(t.app.db))).toEqual([]);
    // A field sent twice (no form of the page does that) is read once: the last value.
    const twice = await postForm(answerPage("tr"), { intent: "alert", consent: "on" }, { raw: "&email=ilk%40example.com&email=ikinci%40example.com" });
    expect(twice.status).toBe(200);
    expect((await t.app.db.select({ email: infraAlerts.email }).from(infraAlerts)).map((r) => r.email)).toEqual(["ikinci@example.com"]);
    // The flat is the page's, whatever the body says.
    expect((await postForm(answerPage("tr"), { ...email("sahte.kod@example.com"), bbk: "200000001" })).status).toBe(200);
    const [row] = await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.email, "sahte.kod@example.com"));
    expect(row?.bbk).toBe(BBK);
  });

  it("is limited per address: five an hour, then a 429 that says when to come back, nothing stored", async () => {
    for (let i = 0; i < 5; i++) expect((await postForm(answerPage("tr"), email(`sinir${i}@example.com`))).status, `alert ${i + 1}`).toBe(200);
    const before = await dbFingerprint(t.app.db);
    const res = await postForm(answerPage("en"), email("sinir6@example.com"));
    expect(res.status).toBe(429);
    expect(await res.text()).toContain(htmlText(msg("en", "errors.rateLimited", { count: 60 })));
    expect(changedTables(before, await dbFingerprint(t.app.db))).toEqual([]);
  });
});

describe("the answer page's report form: the note", () => {
  const report = (note: string) => ({ intent: "report", actualTechnology: "VDSL", note });
  it.each([
    ["over its length", report(overLong(REPORT_BOUNDS.note.max))],
    ["a NUL byte", report(T.nul.value)],
    ["a control character", report(T.control.value)],
    // (A browser sends a lone surrogate as U+FFFD, the mark of damaged text: refused too.)
    ["a lone surrogate", report(T.loneSurrogate.value)],
  ])("%s: a 400 with the note's message in both languages, nothing stored", async (_name, fields) => {
    const before = await dbFingerprint(t.app.db);
    for (const locale of ["tr", "en"] as const) await expectRefused(await postForm(answerPage(locale), fields), locale, "infrastructure.validation.report.note");
    expect(changedTables(before, await dbFingerprint(t.app.db))).toEqual([]);
  });

  it("bytes that are not UTF-8 are refused; HTML is stored as the text it is; invisible formatting is dropped", async () => {
    const before = await dbFingerprint(t.app.db);
    for (const bad of BAD_BYTES) {
      const res = await postForm(answerPage("tr"), { intent: "report", actualTechnology: "ADSL" }, { raw: `&note=not${bad.value}` });
      await expectRefused(res, "tr", "infrastructure.validation.report.note");
    }
    expect(changedTables(before, await dbFingerprint(t.app.db))).toEqual([]);
    expect((await postForm(answerPage("tr"), report(`${T.html.value} \u202eters\u200b`))).status).toBe(200);
    const [row] = await t.app.db.select().from(infraReports).orderBy(infraReports.id);
    expect(row?.note).toBe(`${T.html.value} ters`);
    const shown = await (await t.fetch(answerPage("tr"))).text();
    expect(shown).not.toContain("<script>alert(1)</script>");
  });
});

describe("the approval page's reason for a rejection", () => {
  it("empty, short, long, NUL, control and broken text: 400 with the reason's message in both languages; the company stays pending", async () => {
    const admin = await insertUser(t.app.db, { email: `onay-admin-${Date.now()}@example.com`, isAdmin: true });
    const [pending] = await t.app.db
      .insert(companies)
      .values({ name: "Bekleyen Onay Net", slug: "bekleyen-onay-net", typeId: 2, subTypeId: 2, publishState: "pending", servesWholeCountry: true })
      .returning({ id: companies.id });
    const reject = (reason: string) => ({ intent: "reject", companyId: String(pending!.id), reason });
    const cases: [string, Record<string, string>, string, Record<string, number>?][] = [
      ["empty", reject(""), "companyAdmin.validation.reason.required"],
      ["short", reject("Yok"), "companyAdmin.validation.reason.min", { min: COMPANY_BOUNDS.rejectReason.min }],
      ["long", reject(overLong(COMPANY_BOUNDS.rejectReason.max)), "companyAdmin.validation.reason.max", { max: COMPANY_BOUNDS.rejectReason.max }],
      ["NUL", reject(`Eksik ${T.nul.value}`), "companyAdmin.validation.reason.invalid"],
      ["control", reject(`Eksik ${T.control.value}`), "companyAdmin.validation.reason.invalid"],
      ["lone surrogate", reject(`Eksik ${T.loneSurrogate.value}`), "companyAdmin.validation.reason.invalid"],
      ["only invisible characters", reject("\u200b\u202e\u200b"), "companyAdmin.validation.reason.required"],
    ];
    const before = await dbFingerprint(t.app.db);
    for (const [name, fields, key, params] of cases) {
      for (const locale of ["tr", "en"] as const) {
        const res = await postForm(`${locale === "en" ? "/en" : ""}/isletme/onay`, fields, { cookie: admin.cookie });
        expect(res.status, `${name} (${locale})`).toBe(400);
        expect(await res.text(), `${name} (${locale})`).toContain(htmlText(msg(locale, key, params)));
      }
    }
    for (const forged of ["99999999", "-1", "1 OR 1=1", "", pending!.id + "abc"]) {
      const res = await postForm("/isletme/onay", { intent: "reject", companyId: forged, reason: "Bilgiler eksik kaldı." }, { cookie: admin.cookie });
      expect(res.status, `forged id ${JSON.stringify(forged)}`).toBe(404);
    }
    expect(changedTables(before, await dbFingerprint(t.app.db))).toEqual([]);
    const [row] = await t.app.db.select({ state: companies.publishState }).from(companies).where(eq(companies.id, pending!.id));
    expect(row?.state).toBe("pending");
  });
});
