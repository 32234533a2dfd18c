// Issue 23, item 2 (subscriptions): a member asks for an outage alert for a provider's district
// on its outage page; a confirmation mail (double opt-in, through a real SMTP peer) activates it;
// the incident that reaches the district mails it exactly once, however many reports follow,
// and an incident spreading to another district mails that district's alerts, once each.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/accounts/sessions";
import { outageAlerts } from "../../server/outages/schema";
import { makeCompany } from "../helpers/packages";
import { startSmtpServer } from "../helpers/smtp";
import {
  getFormSession,
  startTestApp,
  type TestApp,
} from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let isp: { id: number; slug: string; name: string };
let page: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    TRUST_PROXY: "loopback",
    OUTAGE_MIN_NETWORKS: "3",
  });
  isp = await makeCompany(t.app.db, { name: "Uyarı Fiber AŞ" });
  page = `/kablolu-internet/${isp.slug}/kesinti`;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function memberSession(email: string) {
  const user = await insertVerifiedUser(t.app.db, { email });
  const { token } = await createSession(t.app.db, user.id, "web");
  const form = await getFormSession(t, page);
  return {
    cookie: `gb_session=${token}; ${form.cookie}`,
    csrf: form.csrf,
    userId: user.id,
  };
}

async function post(
  path: string,
  fields: Record<string, string>,
  session?: { cookie: string; csrf: string },
) {
  return t.fetch(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(session ? { cookie: session.cookie } : {}),
    },
    body: new URLSearchParams(
      session ? { csrf: session.csrf, ...fields } : fields,
    ),
  });
}

async function report(district: string, network: number) {
  const res = await t.fetch(`/api/v1/companies/${isp.slug}/outages`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": `198.18.${network}.1`,
    },
    body: JSON.stringify({ problem: "noConnection", city: 34, district }),
  });
  expect(res.status).toBe(200);
}

const linksIn = (text: string) =>
  [...text.matchAll(/http:\/\/localhost(\/kesinti-uyari\/[\w.-]+)/g)].map(
    (m) => m[1]!,
  );

describe("outage alerts", () => {
  it("double opt-in, then one mail when an incident reaches the district, one per spread, and a one-click unsubscribe", async () => {
    // A guest is asked to sign in; nothing is stored.
    const guest = await getFormSession(t, page);
    expect(
      (
        await post(
          page,
          { intent: "alert", city: "34", district: "Kadıköy" },
          guest,
        )
      ).status,
    ).toBe(401);
    expect(await t.app.db.select().from(outageAlerts)).toHaveLength(0);

    const ayse = await memberSession("ayse.kesinti@example.com");
    // A district of another province is refused with its message.
    const wrong = await post(
      page,
      { intent: "alert", city: "6", district: "Kadıköy" },
      ayse,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Bu ilçe seçtiğiniz ilde yok.");
    const asked = await post(
      page,
      { intent: "alert", city: "34", district: "kadıköy" },
      ayse,
    );
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(
      "Onay bağlantısını ayse.kesinti@example.com adresine gönderdik",
    );
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    const confirmation = smtp.mails[0]!;
    expect(confirmation.to).toEqual(["ayse.kesinti@example.com"]);
    expect(confirmation.subject).toContain(
      "Uyarı Fiber AŞ kesinti uyarınızı onaylayın",
    );
    expect(confirmation.raw).toMatch(
      /List-Unsubscribe-Post: List-Unsubscribe=One-Click/,
    );
    const [link, unsubscribe] = linksIn(confirmation.text);
    expect(link && unsubscribe).toBeTruthy();

    // Not confirmed: an incident mails nobody.
    for (const n of [1, 2, 3]) await report("Kadıköy", n);
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);

    // The unsubscribe link cannot confirm; the confirmation link's page does, with its button.
    expect(
      (
        await post(
          unsubscribe!,
          { intent: "confirm" },
          await getFormSession(t, unsubscribe!),
        )
      ).status,
    ).toBe(404);
    const opened = await t.fetch(link!);
    expect(await opened.text()).toContain("Uyarıyı onayla");
    expect(
      (await post(link!, { intent: "confirm" }, await getFormSession(t, link!)))
        .status,
    ).toBe(200);
    // The incident has been going on since those three reports: confirming during it mails her
    // at once (her one mail for this incident), not at its next spread.
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[1]!.to).toEqual(["ayse.kesinti@example.com"]);
    expect(smtp.mails[1]!.subject).toContain(
      "Uyarı Fiber AŞ: Kadıköy bölgesinde kesinti",
    );
    // Asking again for a confirmed alert changes nothing and sends nothing.
    expect(
      await (
        await post(
          page,
          { intent: "alert", city: "34", district: "Kadıköy" },
          ayse,
        )
      ).text(),
    ).toContain("Bu ilçe için uyarınız zaten açık.");

    // A second member watches Üsküdar, confirmed through the API's link call.
    const mehmet = await memberSession("mehmet.kesinti@example.com");
    expect(
      (
        await post(
          page,
          { intent: "alert", city: "34", district: "Üsküdar" },
          mehmet,
        )
      ).status,
    ).toBe(200);
    await t.app.jobs.drain();
    const mehmetLink = linksIn(smtp.mails.at(-1)!.text)[0]!.split("/").at(-1)!;
    const confirmed = await t.fetch("/api/v1/outage-alerts/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: mehmetLink }),
    });
    expect(await confirmed.json()).toEqual({ success: true, state: "active" });
    await t.app.jobs.drain();
    const before = smtp.mails.length;

    // Üsküdar is not part of the incident yet: confirming mailed nothing. The next report in
    // Kadıköy finds nothing new; one in Üsküdar spreads it, and mails Mehmet only (Ayşe has had
    // her mail for this incident).
    expect(smtp.mails.length).toBe(before);
    await report("Kadıköy", 4);
    await t.app.jobs.drain();
    expect(smtp.mails.length).toBe(before);
    await report("Üsküdar", 5);
    await t.app.jobs.drain();
    const spreadMails = smtp.mails.slice(before);
    expect(spreadMails.map((m) => m.to[0])).toEqual([
      "mehmet.kesinti@example.com",
    ]);
    expect(
      spreadMails.find((m) => m.to[0] === "mehmet.kesinti@example.com")!
        .subject,
    ).toContain("Uyarı Fiber AŞ: Üsküdar bölgesinde kesinti");
    expect(spreadMails[0]!.text).toContain(`http://localhost${page}`);
    // More reports from both districts: nobody gets a second mail for this incident.
    for (const [district, n] of [
      ["Üsküdar", 6],
      ["Kadıköy", 7],
      ["Beşiktaş", 8],
    ] as const)
      await report(district, n);
    await t.app.jobs.drain();
    expect(smtp.mails.length).toBe(before + 1);

    // One click from the mail client: a POST without the page's token.
    const oneClick = await t.fetch(unsubscribe!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(outageAlerts)
      .where(eq(outageAlerts.userId, ayse.userId));
    expect(row!.unsubscribedAt).not.toBeNull();
  });
});

describe("a member's outage alerts in Settings and the API", () => {
  it("lists the member's own alerts that are on, and turns one off; another's or a malformed id is a 404 and changes nothing", async () => {
    const zeynep = await memberSession("zeynep.kesinti@example.com");
    const other = await memberSession("omer.kesinti@example.com");
    const apiToken = (await createSession(t.app.db, zeynep.userId, "api"))
      .token;
    const otherToken = (await createSession(t.app.db, other.userId, "api"))
      .token;
    for (const district of ["Beşiktaş", "Şişli"])
      expect(
        (await post(page, { intent: "alert", city: "34", district }, zeynep))
          .status,
      ).toBe(200);
    await post(page, { intent: "alert", city: "34", district: "Fatih" }, other);
    const mine = await t.app.db
      .select()
      .from(outageAlerts)
      .where(eq(outageAlerts.userId, zeynep.userId));
    const [besiktas, sisli] = [
      mine.find((a) => a.district === "Beşiktaş")!,
      mine.find((a) => a.district === "Şişli")!,
    ];
    const [fatih] = await t.app.db
      .select()
      .from(outageAlerts)
      .where(eq(outageAlerts.userId, other.userId));

    // The tab, in both languages: her two alerts, not Ömer's.
    const tab = await t.fetch("/ayarlar?sekme=kesinti-uyarilari", {
      headers: { cookie: zeynep.cookie },
    });
    expect(tab.status).toBe(200);
    const html = await tab.text();
    expect(html).toContain("Kesinti uyarıları");
    expect(html).toContain("Beşiktaş, İstanbul");
    expect(html).toContain("Şişli, İstanbul");
    expect(html).not.toContain("Fatih, İstanbul");
    expect(html).toContain(`href="${page}"`);
    const en = await (
      await t.fetch("/en/ayarlar?sekme=kesinti-uyarilari", {
        headers: { cookie: zeynep.cookie },
      })
    ).text();
    expect(en).toContain("Waiting for your confirmation");
    expect(en).toContain(`href="/en${page}"`);
    // Its forms post to the English page (without JavaScript the answer stays in English).
    expect(en).toContain('action="/en/ayarlar?sekme=kesinti-uyarilari"');
    expect(html).toContain('action="/ayarlar?sekme=kesinti-uyarilari"');
    const listed = (await (
      await t.fetch("/api/v1/my/outage-alerts", {
        headers: { authorization: `Bearer ${apiToken}` },
      })
    ).json()) as { alerts: { id: number; state: string; district: string }[] };
    expect(listed.alerts.map((a) => a.district).sort()).toEqual([
      "Beşiktaş",
      "Şişli",
    ]);
    expect(listed.alerts[0]).toMatchObject({
      state: "pending",
      companyName: "Uyarı Fiber AŞ",
      outagesPath: page,
      cityCode: 34,
      cityName: "İstanbul",
    });

    const turnOff = (alertId: string, session = zeynep) =>
      post(
        "/ayarlar?sekme=kesinti-uyarilari",
        { intent: "outageAlertOff", alertId },
        session,
      );
    const offAt = async (id: number) =>
      (
        await t.app.db
          .select({ at: outageAlerts.unsubscribedAt })
          .from(outageAlerts)
          .where(eq(outageAlerts.id, id))
      )[0]!.at;
    // Another member's alert, by the page and by the API: 404, nothing changes.
    const forged = await turnOff(String(fatih!.id));
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("Böyle bir kesinti uyarınız yok.");
    expect(
      (
        await t.fetch(`/api/v1/my/outage-alerts/${fatih!.id}/off`, {
          method: "POST",
          headers: { authorization: `Bearer ${apiToken}` },
        })
      ).status,
    ).toBe(404);
    expect(await offAt(fatih!.id)).toBeNull();
    for (const bad of [
      "abc",
      "-1",
      "0",
      "1.5",
      "1 OR 1=1",
      `${besiktas.id}\u0000`,
      "99999999999",
      "<script>",
    ]) {
      const r = await turnOff(bad);
      expect(r.status, bad).toBe(404);
    }
    for (const bad of ["abc", "0", "%00", "1e3"])
      expect(
        (
          await t.fetch(`/api/v1/my/outage-alerts/${bad}/off`, {
            method: "POST",
            headers: { authorization: `Bearer ${apiToken}` },
          })
        ).status,
        bad,
      ).toBe(404);
    expect(await offAt(besiktas.id)).toBeNull();
    // Without a session: sign in first (the page) or 401 (the API).
    expect(
      (
        await t.fetch("/api/v1/my/outage-alerts", {
          headers: { authorization: "Bearer yanlis" },
        })
      ).status,
    ).toBe(401);

    // Her own: off from the page, then (idempotent) again from the API, and gone from the list.
    const off = await turnOff(String(besiktas.id));
    expect(off.status).toBe(200);
    expect(await off.text()).toContain(
      "Uyarı kapatıldı; artık e-posta almayacaksınız.",
    );
    const firstOff = await offAt(besiktas.id);
    expect(firstOff).not.toBeNull();
    expect(
      (
        await t.fetch(`/api/v1/my/outage-alerts/${besiktas.id}/off`, {
          method: "POST",
          headers: { authorization: `Bearer ${apiToken}` },
        })
      ).status,
    ).toBe(200);
    expect(await offAt(besiktas.id)).toEqual(firstOff);
    expect(
      (
        await t.fetch(`/api/v1/my/outage-alerts/${sisli.id}/off`, {
          method: "POST",
          headers: { authorization: `Bearer ${otherToken}` },
        })
      ).status,
    ).toBe(404);
    const after = (await (
      await t.fetch("/api/v1/my/outage-alerts", {
        headers: { authorization: `Bearer ${apiToken}` },
      })
    ).json()) as { alerts: { district: string }[] };
    expect(after.alerts.map((a) => a.district)).toEqual(["Şişli"]);
  });
});

describe("outage alert records", () => {
  it("are erased by the clean-up as the privacy text says, and with the account", async () => {
    const { eraseExpiredOutageAlerts, outageAlertRecords } =
      await import("../../server/outages/alerts");
    const member = await insertVerifiedUser(t.app.db, {
      email: "kayit.kesinti@example.com",
    });
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const row = (
      district: string,
      fields: Partial<typeof outageAlerts.$inferInsert>,
    ) => ({
      userId: member.id,
      companyId: isp.id,
      cityCode: 34,
      district,
      email: "kayit.kesinti@example.com",
      locale: "tr" as const,
      tokenHash: `hash-${district}`,
      ...fields,
    });
    await t.app.db.insert(outageAlerts).values([
      row("Adalar", { createdAt: daysAgo(8) }), // never confirmed: gone
      row("Arnavutköy", { createdAt: daysAgo(6) }), // waiting for its confirmation: kept
      row("Bakırköy", {
        createdAt: daysAgo(60),
        confirmedAt: daysAgo(59),
        unsubscribedAt: daysAgo(31),
      }), // off a month: gone
      row("Beykoz", { createdAt: daysAgo(60), confirmedAt: daysAgo(59) }), // on: kept
    ]);
    expect(await eraseExpiredOutageAlerts(t.app.db, now)).toBe(2);
    const left = await t.app.db
      .select({ district: outageAlerts.district })
      .from(outageAlerts)
      .where(eq(outageAlerts.userId, member.id));
    expect(left.map((r) => r.district).sort()).toEqual([
      "Arnavutköy",
      "Beykoz",
    ]);
    await t.app.db.transaction((tx) =>
      outageAlertRecords.run({
        tx,
        userId: member.id,
        formerEmail: "kayit.kesinti@example.com",
      } as never),
    );
    expect(
      await t.app.db
        .select()
        .from(outageAlerts)
        .where(eq(outageAlerts.userId, member.id)),
    ).toHaveLength(0);
  });
});
