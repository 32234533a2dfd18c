import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONFIRM_DAYS } from "../../common/infrastructure/alert-retention";
import { infraAlerts } from "../../server/infrastructure/schema";
import { commitmentReminders } from "../../server/reminders/schema";
import { unsubscribeToken } from "../../server/infrastructure/alerts";
import { cleanUp } from "../../server/jobs/cleanup";
import { hashLinkSecret, newLinkSecret, signedLinkToken } from "../../server/mail/opt-in-links";
import { REMINDER_PURPOSE } from "../../server/reminders/reminder-links";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * The links of the opt-in mails (an infrastructure alert's, a commitment reminder's) are the
 * only authority their pages ask for: a confirmation link carries a random secret, an
 * unsubscribe link the record's id signed with SESSION_SECRET for its purpose. Every kind of
 * link that was not made by the site for that record and purpose is a 404 and changes nothing.
 */

const ALERT_PURPOSE = "infra-alert";
const DAY = 86_400_000;

let t: TestApp;
let secret: string;

interface Kind {
  name: string;
  page: string;
  purpose: string;
  otherPurpose: string;
  /** Two records and the confirmation secret of the first. */
  ids: [number, number];
  confirmSecret: string;
  state: () => Promise<unknown>;
}
const kinds: Kind[] = [];

beforeAll(async () => {
  t = await startTestApp();
  secret = t.app.config.SESSION_SECRET;
  const now = new Date();
  const alert = (email: string, token: string) => ({ bbk: 200000000, email, locale: "tr" as const, tokenHash: hashLinkSecret(token), consentText: "Onay", consentAt: now });
  const alertSecret = newLinkSecret();
  const alerts = await t.app.db
    .insert(infraAlerts)
    .values([alert("bir@example.com", alertSecret), alert("iki@example.com", newLinkSecret())])
    .returning({ id: infraAlerts.id });
  const reminder = (email: string, token: string) => ({
    email,
    endsOn: "2030-01-01",
    remindOn: "2029-12-01",
    provinceCode: 35,
    consentText: "Onay",
    consentAt: now,
    locale: "tr" as const,
    tokenHash: hashLinkSecret(token),
  });
  const reminderSecret = newLinkSecret();
  const reminders = await t.app.db
    .insert(commitmentReminders)
    .values([reminder("bir@example.com", reminderSecret), reminder("iki@example.com", newLinkSecret())])
    .returning({ id: commitmentReminders.id });
  kinds.push(
    {
      name: "infrastructure alert",
      page: "/altyapi-uyari/",
      purpose: ALERT_PURPOSE,
      otherPurpose: REMINDER_PURPOSE,
      ids: [alerts[0]!.id, alerts[1]!.id],
      confirmSecret: alertSecret,
      state: () => t.app.db.select().from(infraAlerts).orderBy(infraAlerts.id),
    },
    {
      name: "commitment reminder",
      page: "/taahhut-hatirlatma/",
      purpose: REMINDER_PURPOSE,
      otherPurpose: ALERT_PURPOSE,
      ids: [reminders[0]!.id, reminders[1]!.id],
      confirmSecret: reminderSecret,
      state: () => t.app.db.select().from(commitmentReminders).orderBy(commitmentReminders.id),
    },
  );
});
afterAll(() => t?.close());

const oneClick = (path: string) =>
  t.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });

async function pagePost(path: string, fields: Record<string, string>) {
  const s = await getFormSession(t, "/iletisim");
  return t.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: s.cookie },
    body: new URLSearchParams({ csrf: s.csrf, ...fields }),
  });
}

/** Flips one character of the signature (the last, which base64url always fills). */
const tamper = (token: string) => token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");

function forgeries(kind: Kind): { name: string; token: string }[] {
  const [id, other] = kind.ids;
  const good = signedLinkToken(secret, kind.purpose, id);
  return [
    { name: "a made-up signature", token: `${id}.${"A".repeat(43)}` },
    { name: "a tampered signature", token: tamper(good) },
    { name: "another record's id under this record's signature", token: `${other}.${good.split(".")[1]}` },
    { name: "a signature with another key", token: signedLinkToken("not-the-site-secret", kind.purpose, id) },
    { name: "the other mail's link for the same id (cross-purpose)", token: signedLinkToken(secret, kind.otherPurpose, id) },
    { name: "a signature cut short", token: good.slice(0, -2) },
    { name: "an id with a sign", token: `-${good}` },
    { name: "a confirmation secret one character off", token: tamper(kind.confirmSecret) },
    { name: "the hash of the confirmation secret (what the database holds)", token: hashLinkSecret(kind.confirmSecret) },
  ];
}

describe.each([0, 1])("mailed links (%i)", (index) => {
  it("a forged, tampered, foreign-key or cross-purpose link is a 404 to open, to confirm and to one-click unsubscribe", async () => {
    const kind = kinds[index]!;
    const before = await dbFingerprint(t.app.db);
    for (const f of forgeries(kind)) {
      const path = kind.page + encodeURIComponent(f.token);
      expect((await t.fetch(path)).status, `${kind.name}: GET with ${f.name}`).toBe(404);
      expect((await oneClick(path)).status, `${kind.name}: one-click with ${f.name}`).toBe(404);
      expect((await pagePost(path, { intent: "confirm" })).status, `${kind.name}: confirm with ${f.name}`).toBe(404);
      expect((await pagePost(path, { intent: "unsubscribe" })).status, `${kind.name}: unsubscribe with ${f.name}`).toBe(404);
    }
    expect(changedTables(before, await dbFingerprint(t.app.db))).toEqual([]);
  });

  it("an unknown intent on a valid link is a 400 and changes nothing; the page's own buttons still work", async () => {
    const kind = kinds[index]!;
    const path = kind.page + kind.confirmSecret;
    const before = await kind.state();
    for (const intent of ["delete", "confirm ", "CONFIRM", "", "unsubscribe\u0000"]) {
      expect((await pagePost(path, { intent })).status, `intent ${JSON.stringify(intent)}`).toBe(400);
    }
    expect(await kind.state()).toEqual(before);
    // The confirmation link confirms; the signed link of the same record turns it off.
    expect((await pagePost(path, { intent: "confirm" })).status).toBe(200);
    const unsubscribe = kind.page + signedLinkToken(secret, kind.purpose, kind.ids[0]);
    expect((await oneClick(unsubscribe)).status).toBe(200);
    expect((await t.fetch(unsubscribe)).status).toBe(200);
  });
});

describe("an expired link", () => {
  it("an alert's confirmation link is gone once its unconfirmed alert is erased after the confirmation days", async () => {
    const token = newLinkSecret();
    const createdAt = new Date(Date.now() - (ALERT_CONFIRM_DAYS + 1) * DAY);
    const [row] = await t.app.db
      .insert(infraAlerts)
      .values({ bbk: 200000001, email: "eski@example.com", locale: "tr", tokenHash: hashLinkSecret(token), consentText: "Onay", consentAt: createdAt, createdAt })
      .returning({ id: infraAlerts.id });
    // Before the clean-up the link still answers; after it, neither link does anything.
    expect((await t.fetch(`/altyapi-uyari/${token}`)).status).toBe(200);
    await cleanUp({ db: t.app.db, log: t.app.log, config: t.app.config, modules: t.app.modules });
    expect(await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.id, row!.id))).toEqual([]);
    expect((await t.fetch(`/altyapi-uyari/${token}`)).status).toBe(404);
    expect((await pagePost(`/altyapi-uyari/${token}`, { intent: "confirm" })).status).toBe(404);
    expect((await oneClick(`/altyapi-uyari/${unsubscribeToken(secret, row!.id)}`)).status).toBe(404);
    expect(await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.email, "eski@example.com"))).toEqual([]);
  });
});
