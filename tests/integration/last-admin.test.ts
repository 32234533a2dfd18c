import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("the last administrator", () => {
  it("cannot request their own account deletion; another admin makes it possible", async () => {
    const passwordHash = await hashPassword("Parola1234");
    const base = { passwordHash, accountType: "individual" as const, membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() };
    const [admin] = await t.app.db.insert(users).values({ ...base, fullName: "Tek Yönetici", email: "tek.yonetici@example.com", isAdmin: true }).returning();
    const deletion = async () => {
      const { token } = await createSession(t.app.db, admin.id, "web");
      const s = await getFormSession(t, "/");
      return t.fetch("/ayarlar?sekme=silme", {
        method: "POST",
        headers: { cookie: `${s.cookie}; gb_session=${token}` },
        body: new URLSearchParams({ csrf: s.csrf, intent: "delete", password: "Parola1234", confirm: "on" }),
      });
    };

    const refused = await deletion();
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Son yönetici");
    const [still] = await t.app.db.select().from(users).where(eq(users.id, admin.id));
    expect(still.deletionRequestedAt).toBeNull();

    await t.app.db.insert(users).values({ ...base, fullName: "İkinci Yönetici", email: "ikinci@example.com", isAdmin: true });
    const accepted = await deletion();
    expect(accepted.status).toBe(302);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, admin.id));
    expect(after.deletionRequestedAt).not.toBeNull();
  });
});
