import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailureDelayMs } from "../../server/accounts/login";
import { hashPassword } from "../../server/accounts/passwords";
import { users } from "../../server/accounts/schema";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// Strangers guessing a password from many addresses must not lock its owner out.
const PASSWORD = "Sahibin-sifresi-42";
const OWNER_IP = "203.0.113.9";
const ATTACKERS = ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4", "198.51.100.5"];
const LOCKED = "Çok fazla başarısız giriş denemesi yapıldı. Lütfen 15 dakika sonra tekrar deneyin.";

let t: TestApp;
let email: string;
beforeAll(async () => {
  // The test client is a proxy on the loopback address: X-Forwarded-For names the client.
  t = await startTestApp({ TRUST_PROXY: "loopback" });
  email = `sahip-${Date.now()}@example.com`;
  await t.app.db.insert(users).values({
    fullName: "Hesap Sahibi",
    email,
    passwordHash: await hashPassword(PASSWORD),
    accountType: "individual",
    membershipAcceptedAt: new Date(),
    kvkkAcceptedAt: new Date(),
  });
});
afterAll(() => t?.close());

function viaApi(ip: string, password: string) {
  return t.fetch("/api/v1/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, password }),
  });
}

async function viaPage(ip: string, password: string) {
  const s = await getFormSession(t, "/giris");
  return t.fetch("/giris", {
    method: "POST",
    headers: { cookie: s.cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: new URLSearchParams({ csrf: s.csrf, email, password }),
  });
}

async function ownerSignsIn() {
  const page = await viaPage(OWNER_IP, PASSWORD);
  expect(page.status).toBe(302);
  expect(page.headers.getSetCookie().some((c) => c.startsWith("gb_session="))).toBe(true);
  const api = await viaApi(OWNER_IP, PASSWORD);
  expect(api.status).toBe(200);
  expect(await api.json()).toMatchObject({ success: true, token: expect.any(String) });
}

describe("no account lockout by strangers", () => {
  it("the owner signs in on the page and the API during a guessing run spread over five addresses", async () => {
    // Two wrong guesses from each of five addresses, on the page and the API: ten failures,
    // twice the old per-account lock.
    for (const ip of ATTACKERS) {
      expect((await viaPage(ip, "Yanlis-sifre-1")).status).toBe(400);
      expect((await viaApi(ip, "Yanlis-sifre-2")).status).toBe(400);
    }
    await ownerSignsIn();

    // One guesser spends its own budget (5 per 15 minutes for this account) and is stopped,
    // even with the right password: the lock is theirs, not the owner's.
    for (let i = 0; i < 3; i++) expect((await viaApi(ATTACKERS[0]!, `Yanlis-${i}-sifre`)).status).toBe(400);
    const sixth = await viaApi(ATTACKERS[0]!, "Yanlis-6-sifre");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await sixth.json()).toEqual({ success: false, exception: "E_RATE_LIMITED", message: LOCKED });
    const page = await viaPage(ATTACKERS[0]!, PASSWORD);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(LOCKED);

    await ownerSignsIn();
  });

  it("every failure past ten on one account is answered more slowly, up to 2 s", async () => {
    expect([0, 5, 10, 11, 12, 20, 30, 100].map(loginFailureDelayMs)).toEqual([0, 0, 0, 100, 200, 1000, 2000, 2000]);
    // The run above left 13 failures on the account: the next one waits 400 ms.
    const started = Date.now();
    expect((await viaApi("198.51.100.77", "Yanlis-sifre-9")).status).toBe(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it("many good sign-ins from one address (an office, a carrier's NAT) never lock it; its failures still do", async () => {
    const OFFICE = "203.0.113.50";
    // More successes than the 20 attempts the address may fail in 15 minutes.
    for (let i = 0; i < 12; i++) {
      expect((await viaApi(OFFICE, PASSWORD)).status, `API sign-in ${i + 1}`).toBe(200);
      expect((await viaPage(OFFICE, PASSWORD)).status, `page sign-in ${i + 1}`).toBe(302);
    }
    // Failures from the same address on other accounts (none of them the owner's budget of 5)
    // are what is counted: 20, then the address is refused, even with a right password.
    for (let i = 0; i < 20; i++) {
      const res = await t.fetch("/api/v1/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": OFFICE },
        body: JSON.stringify({ email: `baska-${i}@example.com`, password: "Yanlis-sifre-1" }),
      });
      expect(res.status, `failure ${i + 1}`).toBe(400);
    }
    const refused = await viaApi(OFFICE, PASSWORD);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ success: false, exception: "E_RATE_LIMITED", message: LOCKED });
    // 45 password checks (argon2, slow on purpose).
  }, 180_000);
});
