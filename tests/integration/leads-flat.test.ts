import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddressPart, FlatAnswer, TechnologyAnswer } from "../../common/infrastructure/types";
import { SourceUnavailableError, type InfrastructureSource } from "../../server/core/infrastructure-source";
import { companyDeliverySettings, leads } from "../../server/leads/schema";
import { rateLimits } from "../../server/security/schema";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import { insertUser } from "../helpers/companies";
import { expectApiRefusalInBothLanguages, expectPageRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, WRONG_TYPES } from "../helpers/hostile";
import { htmlText, LOCALES, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startSmtpServer } from "../helpers/smtp";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// A request sent from the infrastructure answer page carries the flat: the answer page's link
// names its code, the package page reads the address from the source and shows it on the forms,
// the request stores code and address (read again at submission) and the call-back slot, and the
// inbox, the mail and the webhook carry them. The source is the demo one with two flats of the
// test's own, and a code whose source is down.

const demo = createDemoSource();
/** Fiber to the home in İzmir: the package below reaches it. */
const FLAT = 910_000_101;
/** Another flat of the same person. */
const OTHER_FLAT = 910_000_102;
/** A code the source cannot answer for right now. */
const DOWN = 910_000_199;
/** A well-formed code of no flat. */
const UNKNOWN = 12_345_678;

function tech(technology: TechnologyAnswer["technology"], over: Partial<TechnologyAnswer> = {}): TechnologyAnswer {
  return { technology, available: false, freePort: null, maxDownMbps: null, maxUpMbps: null, fttx: null, lineEnd: null, openWorkOrder: false, estimatedDownMbps: null, ...over };
}
function address(street: string, bbk: number): AddressPart[] {
  return [
    { level: "province", code: 35, value: "İZMİR" },
    { level: "district", code: 3501, value: "KONAK" },
    { level: "neighbourhood", code: 350101, value: "ALSANCAK MAH" },
    { level: "street", code: 35010101, value: street },
    { level: "building", code: 3501010101, value: "12" },
    { level: "flat", code: bbk, value: "4" },
  ];
}
const answers = new Map<number, FlatAnswer>(
  [
    [FLAT, "KIBRIS ŞEHİTLERİ CAD"],
    [OTHER_FLAT, "1453. SOKAK"],
  ].map(([bbk, street]) => [
    bbk as number,
    {
      bbk: bbk as number,
      uavt: null,
      address: address(street as string, bbk as number),
      technologies: [tech("FIBER", { available: true, freePort: true, maxDownMbps: 1000, maxUpMbps: 100, fttx: "FTTH" }), tech("VDSL"), tech("ADSL")],
      fetchedAt: "2026-11-20T10:00:00.000Z",
      source: "demo",
    },
  ]),
);
const ADDRESS = "İZMİR, KONAK, ALSANCAK MAH, KIBRIS ŞEHİTLERİ CAD, 12, 4";
const OTHER_ADDRESS = "İZMİR, KONAK, ALSANCAK MAH, 1453. SOKAK, 12, 4";

const source: InfrastructureSource = {
  ...demo,
  async flatByCode(bbk) {
    if (bbk === DOWN) throw new SourceUnavailableError();
    const a = answers.get(bbk);
    return a ? { bbk: a.bbk, uavt: a.uavt, address: a.address } : null;
  },
  async query(bbk) {
    if (bbk === DOWN) throw new SourceUnavailableError();
    return answers.get(bbk) ?? null;
  },
};

interface Received {
  body: string;
}
async function startReceiver(): Promise<{ url: string; calls: Received[]; close(): Promise<void> }> {
  const calls: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      calls.push({ body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let schemas: ApiSchemas;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let company: { id: number; slug: string; name: string };
let packageId: number;
let packagePath: string;
let admin: { cookie: string; token: string };

const leadCount = async () => (await t.app.db.select({ n: count() }).from(leads))[0]!.n;
const page = async (path: string, init?: RequestInit) => {
  const res = await t.fetch(path, init);
  return { res, html: (await res.text()).replace(/<!-- -->/g, "") };
};
async function postForm(pathname: string, fields: Record<string, string>) {
  const session = await getFormSession(t, pathname);
  return t.fetch(pathname, {
    method: "POST",
    headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }),
  });
}
const postApi = (path: string, body: unknown, lang?: string) =>
  t.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", ...(lang ? { "accept-language": lang } : {}) }, body: JSON.stringify(body) });
/** The hidden `flat` input of a form, if any. */
const hiddenFlats = (html: string) => [...html.matchAll(/<input type="hidden" name="flat" value="([^"]*)"/g)].map((m) => m[1]);

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver();
  t = await startTestApp({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: "1" }, { infrastructure: source });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  company = await makeCompany(t.app.db, { name: "Daire Başvuru Fiber AŞ" });
  packageId = await makePackage(t.app.db, company.id, { title: "Fiber 100 Daire", technology: "fiber", downloadMbps: 100, price: "400", activationFee: "0", modemOffer: "own" });
  packagePath = `/kablolu-internet/${company.slug}/paket/fiber-100-daire`;
  await t.app.db.insert(companyDeliverySettings).values({
    companyId: company.id,
    mail: "leads@daire.example",
    webhookUrl: receiver.url,
    webhookSecret: `whsec_${Buffer.from("a-test-secret-of-24-bytes").toString("base64")}`,
  });
  admin = await insertUser(t.app.db, { email: "yonetici@daire.example", isAdmin: true });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await receiver?.close();
});
beforeEach(async () => {
  // Each test sends a few requests from the one test address.
  await t.app.db.delete(rateLimits);
});

describe("a request from the infrastructure answer page", () => {
  it("the answer page's link carries the flat; the package page shows its address; the lead stores flat and slot; the inbox, mail and webhook carry them", async () => {
    const answer = await page(`/internet-altyapi-hiz-sorgulama/daire/${FLAT}`);
    expect(answer.res.status).toBe(200);
    const href = /href="([^"]*)"[^>]*data-testid="card-request"/.exec(answer.html)?.[1];
    expect(href, "the request button names the flat").toBe(`${packagePath}?flat=${FLAT}#lead-subscribe-title`);

    // The package page from the link: the flat's address on both forms, its code in hidden fields, the slot to choose.
    for (const locale of LOCALES) {
      const lang = locale === "en" ? "/en" : "";
      const pkg = await page(`${lang}${packagePath}?flat=${FLAT}`);
      expect(pkg.res.status, locale).toBe(200);
      // Someone's address: no cache keeps the page.
      expect(pkg.res.headers.get("cache-control"), locale).toBe("private, no-store");
      expect(pkg.html, locale).toContain(htmlText(msg(locale, "packages.leads.flat.for", { address: ADDRESS })));
      expect(hiddenFlats(pkg.html), locale).toEqual([String(FLAT), String(FLAT)]);
      expect(pkg.html, locale).toContain(htmlText(msg(locale, "packages.leads.consentWithFlat", { company: company.name })));
      expect(pkg.html, locale).toContain(`<option value="evening">${htmlText(msg(locale, "packages.leads.slots.evening"))}</option>`);
      // "Remove the address" leads to the page without the flat.
      expect(pkg.html, locale).toContain(`href="${lang}${packagePath}#lead-subscribe-title" data-testid="lead-subscribe-flat-remove"`);
    }
    const plain = await page(packagePath);
    expect(hiddenFlats(plain.html)).toEqual([]);
    expect(plain.html).not.toContain(htmlText(msg("tr", "packages.leads.flat.for", { address: ADDRESS })));
    expect(plain.html).toContain(htmlText(msg("tr", "packages.leads.consent", { company: company.name })));

    // The form as the page posts it.
    const res = await postForm(`${packagePath}?flat=${FLAT}`, { intent: "subscribe", firstName: "Selin", lastName: "Daire", phone: "0532 411 22 33", consent: "on", flat: String(FLAT), slot: "evening" });
    expect(res.status).toBe(200);
    const [lead] = await t.app.db.select().from(leads).where(eq(leads.phone, "+905324112233"));
    expect(lead).toMatchObject({ packageId, flatCode: FLAT, flatAddress: ADDRESS, callbackSlot: "evening", kind: "subscribe" });
    expect(lead!.consentText).toBe(msg("tr", "packages.leads.consentWithFlat", { company: company.name }));
    expect(await res.text()).toContain(lead!.reference);

    // Mail and webhook.
    await t.app.jobs.drain();
    const mail = smtp.mails.find((m) => m.subject.includes(lead!.reference));
    expect(mail?.to).toEqual(["leads@daire.example"]);
    expect(mail!.text).toContain(msg("tr", "packages.leads.mail.flat", { address: ADDRESS, code: FLAT }));
    expect(mail!.text).toContain(`Arama zamanı: ${msg("tr", "packages.leads.slots.evening")}`);
    const call = receiver.calls.find((c) => (JSON.parse(c.body) as { data: { reference: string } }).data.reference === lead!.reference);
    const body = JSON.parse(call!.body) as { data: Record<string, unknown> };
    expect(body.data.flat).toEqual({ code: FLAT, address: ADDRESS });
    expect(body.data.callbackSlot).toBe("evening");
    // The body is the documented lead.created webhook.
    expect(schemas.webhookErrors("lead.created", body)).toEqual([]);

    // The inbox, on the page in both languages and through the API.
    for (const locale of LOCALES) {
      const inbox = await page(`${locale === "en" ? "/en" : ""}/isletme/talepler/${company.id}`, { headers: { cookie: admin.cookie } });
      const card = inbox.html.slice(inbox.html.indexOf(lead!.reference));
      expect(card, locale).toContain(`<dd data-testid="lead-flat">${htmlText(ADDRESS)} <span`);
      expect(card, locale).toContain(htmlText(msg(locale, "packages.inbox.flatCode", { code: FLAT })));
      expect(card, locale).toContain(`<dd data-testid="lead-callback">${htmlText(msg(locale, "packages.leads.slots.evening"))}</dd>`);
    }
    const api = await t.fetch(`/api/v1/my/companies/${company.id}/leads`, { headers: { authorization: `Bearer ${admin.token}` } });
    const list = (await schemas.expectMatchesSchema(api, "/my/companies/{id}/leads", "get", 200)) as { leads: { reference: string; flat: unknown; callbackSlot: string }[] };
    expect(list.leads.find((l) => l.reference === lead!.reference)).toMatchObject({ flat: { code: FLAT, address: ADDRESS }, callbackSlot: "evening" });
  });

  it("two flats of one person are two requests; the same flat again is the first one's", async () => {
    const send = (flat: number | undefined) =>
      postApi(`/packages/${packageId}/call-me`, { fullName: "İki Daire", phone: "0532 411 22 44", ...(flat === undefined ? {} : { flat }), slot: "morning" });
    const first = (await schemas.expectMatchesSchema(await send(FLAT), "/packages/{id}/call-me", "post", 200)) as { reference: string; created: boolean };
    const other = (await (await send(OTHER_FLAT)).json()) as { reference: string; created: boolean };
    const again = (await (await send(FLAT)).json()) as { reference: string; created: boolean };
    const none = (await (await send(undefined)).json()) as { reference: string; created: boolean };
    expect([first.created, other.created, again.created, none.created]).toEqual([true, true, false, true]);
    expect(again.reference).toBe(first.reference);
    expect(new Set([first.reference, other.reference, none.reference]).size).toBe(3);
    const rows = await t.app.db.select().from(leads).where(eq(leads.phone, "+905324112244")).orderBy(leads.id);
    expect(rows.map((r) => [r.flatCode, r.flatAddress, r.callbackSlot])).toEqual([
      [FLAT, ADDRESS, "morning"],
      [OTHER_FLAT, OTHER_ADDRESS, "morning"],
      [null, null, "morning"],
    ]);
    expect(rows[0]!.consentText).toBe(msg("tr", "packages.leads.callMeConsentWithFlat", { company: company.name }));
    expect(rows[2]!.consentText).toBe(msg("tr", "packages.leads.callMeConsent", { company: company.name }));
    // A digit string is the same code (the page's hidden field); no slot is "any".
    const text = (await (await postApi(`/companies/${company.slug}/subscribe`, { firstName: "Dize", lastName: "Kod", phone: "0532 411 22 55", consent: true, flat: String(OTHER_FLAT) })).json()) as { reference: string };
    const [byText] = await t.app.db.select().from(leads).where(eq(leads.reference, text.reference));
    expect(byText).toMatchObject({ flatCode: OTHER_FLAT, flatAddress: OTHER_ADDRESS, callbackSlot: "any", packageId: null });
  });

  it("a link with an unknown, malformed or unreadable flat: the page says so and sends without an address", async () => {
    for (const [flat, key] of [
      [String(UNKNOWN), "packages.leads.flat.notFound"],
      ["abc", "packages.leads.flat.notFound"],
      ["9".repeat(40), "packages.leads.flat.notFound"],
      [String(DOWN), "packages.leads.flat.unavailable"],
    ] as const) {
      for (const locale of LOCALES) {
        const res = await page(`${locale === "en" ? "/en" : ""}${packagePath}?flat=${flat}`);
        expect(res.res.status, `${flat} ${locale}`).toBe(200);
        expect(res.html, `${flat} ${locale}`).toContain(htmlText(msg(locale, key)));
        expect(hiddenFlats(res.html), flat).toEqual([]);
      }
    }
  });

  it("forged, unknown and hostile flats, and slots outside the list: a translated 4xx, nothing stored", async () => {
    const before = await leadCount();
    const form = { intent: "callMe", fullName: "Sahte Daire", phone: "0532 411 22 66", slot: "any" };
    // The page's form: an unknown code is the flat's field error, in both languages.
    for (const locale of LOCALES) {
      const lang = locale === "en" ? "/en" : "";
      await expectPageRefusal(await postForm(lang + packagePath, { ...form, flat: String(UNKNOWN) }), locale, { status: 400, keys: ["packages.leads.validation.flat"] }, "unknown flat");
      await expectPageRefusal(await postForm(lang + packagePath, { ...form, slot: "night" }), locale, { status: 400, keys: ["packages.leads.validation.slot"] }, "slot");
    }
    for (const flat of ["", "abc", "1\u0000", "-5", "1.5", "0", "9".repeat(16), "9".repeat(400), "٣٤٥"]) {
      const res = await postForm(packagePath, { ...form, flat });
      expect(res.status, JSON.stringify(flat)).toBe(400);
      expect(await res.text(), JSON.stringify(flat)).toContain(htmlText(msg("tr", "packages.leads.validation.flat")));
    }
    for (const slot of ["", "Morning", "night", "any\u0000", "a".repeat(500)]) {
      expect((await postForm(packagePath, { ...form, slot })).status, JSON.stringify(slot)).toBe(400);
    }
    // The source down at submission: its own translated answer, nothing stored.
    const down = await postForm(packagePath, { ...form, flat: String(DOWN) });
    expect(down.status).toBe(503);
    expect(await down.text()).toContain(htmlText(msg("tr", "infrastructure.errors.unavailable")));

    // The API: the same rules on both request calls of packages and of profiles.
    const bodies = {
      [`/packages/${packageId}/subscribe`]: { firstName: "Sahte", lastName: "Daire", phone: "0532 411 22 66", consent: true },
      [`/packages/${packageId}/call-me`]: { fullName: "Sahte Daire", phone: "0532 411 22 66" },
      [`/companies/${company.slug}/subscribe`]: { firstName: "Sahte", lastName: "Daire", phone: "0532 411 22 66", consent: true },
      [`/companies/${company.slug}/call-me`]: { fullName: "Sahte Daire", phone: "0532 411 22 66" },
    };
    const flatRefusal = { status: 400, code: "E_VALIDATION" as const, key: "packages.leads.validation.flat", fields: { flat: "packages.leads.validation.flat" } };
    const slotRefusal = { status: 400, code: "E_VALIDATION" as const, key: "packages.leads.validation.slot", fields: { slot: "packages.leads.validation.slot" } };
    for (const [path, body] of Object.entries(bodies)) {
      await expectApiRefusalInBothLanguages((h) => postApi(path, { ...body, flat: UNKNOWN }, h["accept-language"]), flatRefusal, `${path} unknown`);
      const wrongFlats = [
        ...WRONG_TYPES.filter((w) => w.value !== 12345678).map((w) => w.value),
        1e20,
        Number.MAX_SAFE_INTEGER + 2,
        -1,
        0,
        1.5,
        "",
        "12a",
        "1\u0000",
        "9".repeat(16),
        HOSTILE_TEXT.nul.value,
        HOSTILE_TEXT.loneSurrogate.value,
      ];
      for (const flat of wrongFlats) await expectApiRefusalInBothLanguages((h) => postApi(path, { ...body, flat }, h["accept-language"]), flatRefusal, `${path} flat ${JSON.stringify(flat)}`);
      for (const slot of [...WRONG_TYPES.map((w) => w.value), "", "night", "MORNING", "any\u0000"]) {
        await expectApiRefusalInBothLanguages((h) => postApi(path, { ...body, slot }, h["accept-language"]), slotRefusal, `${path} slot ${JSON.stringify(slot)}`);
      }
      const down = await postApi(path, { ...body, flat: DOWN });
      expect(down.status, path).toBe(503);
    }
    expect(await leadCount()).toBe(before);
  });
});
