import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { listCompanyLeads, sendTestWebhook, setDeliverySettings, updateLead } from "../../server/leads/inbox";
import { submitLead } from "../../server/leads/submit-lead";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let owner: SessionUser;
let stranger: SessionUser;
let admin: SessionUser;
let companyId: number;
let leadId: number;

async function makeUser(email: string, accountType: "individual" | "corporate", isAdmin = false): Promise<SessionUser> {
  const [row] = await t.app.db.insert(users).values({ email, fullName: email.split("@")[0]!, passwordHash: "x", accountType, isAdmin, membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() }).returning({ id: users.id });
  return { id: row!.id, fullName: "x", email, image: null, isAdmin, accountType, emailVerified: true };
}

beforeAll(async () => {
  // The test receiver listens on 127.0.0.1: private addresses are allowed in this test only.
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
  owner = await makeUser("sahip@inbox.example", "corporate");
  stranger = await makeUser("baska@inbox.example", "corporate");
  admin = await makeUser("yonetici@inbox.example", "individual", true);
  companyId = (await makeCompany(t.app.db, { ownerId: owner.id, email: "firma@inbox.example" })).id;
  const packageId = await makePackage(t.app.db, companyId, { title: "Inbox Paketi", price: "400" });
  await submitLead(t.app, { kind: "call_me", input: { fullName: "Can Demir", phone: "05321112233" }, packageId, locale: "tr", ip: "10.0.0.1", ipHash: null });
  leadId = (await listCompanyLeads(t.app, { user: owner }, { companyId }))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe("lead inbox services", () => {
  it("the owner and an administrator see the company's requests with delivery states; another company's owner does not", async () => {
    const mine = await listCompanyLeads(t.app, { user: owner }, { companyId });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: "Can Demir", phone: "+905321112233", state: "new", packageTitle: "Inbox Paketi" });
    expect(mine[0]!.deliveries).toEqual([{ channel: "mail", state: "pending", attempts: 0, lastError: null, lastStatus: null }]);
    expect(await listCompanyLeads(t.app, { user: admin }, { companyId })).toHaveLength(1);
    await expect(listCompanyLeads(t.app, { user: stranger }, { companyId })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(listCompanyLeads(t.app, { user: null }, { companyId })).rejects.toMatchObject({ code: "E_UNAUTHORIZED" });
    const individual = await makeUser("bireysel@inbox.example", "individual");
    await expect(listCompanyLeads(t.app, { user: individual }, { companyId })).rejects.toMatchObject({ code: "E_FORBIDDEN" });
  });

  it("the owner moves a request on and keeps notes; another owner cannot touch it", async () => {
    await expect(updateLead(t.app, { user: stranger }, { leadId, input: { state: "closed", notes: "x" } })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(updateLead(t.app, { user: owner }, { leadId, input: { state: "gone" } })).rejects.toMatchObject({ code: "E_VALIDATION" });
    await updateLead(t.app, { user: owner }, { leadId, input: { state: "contacted", notes: "Salı aranacak" } });
    expect((await listCompanyLeads(t.app, { user: owner }, { companyId }))[0]).toMatchObject({ state: "contacted", notes: "Salı aranacak" });
  });

  it("delivery settings make a secret once; 'send a test' answers the webhook's status and time, never its body", async () => {
    let got = "";
    const server = createServer((req, res) => {
      req.on("data", (c: Buffer) => (got += c.toString()));
      req.on("end", () => {
        res.statusCode = 202;
        res.end("tamam");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/h`;
    try {
      await expect(sendTestWebhook(t.app, { user: owner }, { companyId })).rejects.toMatchObject({ code: "E_CONFLICT" });
      await expect(setDeliverySettings(t.app, { user: stranger }, { companyId, input: { webhookUrl: url } })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
      await expect(setDeliverySettings(t.app, { user: owner }, { companyId, input: { webhookUrl: "javascript:alert(1)" } })).rejects.toMatchObject({ code: "E_VALIDATION" });
      const first = await setDeliverySettings(t.app, { user: owner }, { companyId, input: { mail: "leads@inbox.example", webhookUrl: url } });
      expect(first.webhookSecret).toMatch(/^whsec_/);
      const again = await setDeliverySettings(t.app, { user: owner }, { companyId, input: { mail: "leads@inbox.example", webhookUrl: url } });
      expect(again.webhookSecret).toBe(first.webhookSecret);
      const rotated = await setDeliverySettings(t.app, { user: owner }, { companyId, input: { webhookUrl: url }, rotateSecret: true });
      expect(rotated.webhookSecret).not.toBe(first.webhookSecret);
      const answer = await sendTestWebhook(t.app, { user: owner }, { companyId });
      expect(answer).toEqual({ status: 202, ok: true, reason: null, ms: expect.any(Number) });
      expect(JSON.stringify(answer)).not.toContain("tamam");
      expect(JSON.parse(got)).toMatchObject({ type: "lead.test" });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
