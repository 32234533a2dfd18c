import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, count, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../server/jobs/schema";
import { leadDeliveries, leads } from "../../server/leads/schema";
import { companyDeliverySettings } from "../../server/leads/schema";
import { queueMail } from "../../server/mail/mailer";
import { speedtestResults } from "../../server/speedtest/schema";
import { makeCompany, makePackage } from "../helpers/packages";
import { figuresFor } from "../helpers/speedtest";
import { until } from "../helpers/until";
import { insertVerifiedUser, TEST_PASSWORD } from "../helpers/users";
import { startCluster, type Cluster, type Instance } from "./cluster";

/**
 * Two instances of the built site behind one imaginary load balancer (issue 22, item 4): each
 * check goes through both, A and B, and what one instance did must hold on the other.
 */

let c: Cluster;
let hook: { url: string; calls: { headers: IncomingHttpHeaders; body: string }[]; close(): Promise<void> };

async function startReceiver(): Promise<typeof hook> {
  const calls: (typeof hook)["calls"] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      calls.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  hook = await startReceiver();
  c = await startCluster({ TRUST_PROXY: "loopback", PAGE_CACHE_SECONDS: "30" });
}, 180_000);
// Neither instance may log an error the test did not expect.
afterEach(() => {
  for (const instance of c?.both ?? []) expect([instance.name, instance.takeErrors()]).toEqual([instance.name, []]);
});
afterAll(async () => {
  await c?.close();
  await hook?.close();
});

const json = (instance: Instance, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  instance.fetch(`/api/v1${pathname}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const login = async (instance: Instance, email: string, password = TEST_PASSWORD, ip = "10.1.0.1") =>
  json(instance, "/login", { email, password }, { "x-forwarded-for": ip });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("sessions", () => {
  it("a session made on A works on B, and a logout on A ends it on B", async () => {
    await insertVerifiedUser(c.database.db, { email: "oturum@example.com" });
    const res = await login(c.a, "oturum@example.com");
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    for (const instance of c.both) {
      const me = await instance.fetch("/api/v1/me", { headers: bearer(token) });
      expect([instance.name, me.status]).toEqual([instance.name, 200]);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe("oturum@example.com");
    }
    expect((await json(c.a, "/logout", {}, bearer(token))).status).toBe(200);
    for (const instance of c.both) expect([instance.name, (await instance.fetch("/api/v1/me", { headers: bearer(token) })).status]).toEqual([instance.name, 401]);
  });
});

describe("rate limits", () => {
  it("wrong passwords split over A and B lock at the same count as on one instance", async () => {
    await insertVerifiedUser(c.database.db, { email: "kilit@example.com" });
    await insertVerifiedUser(c.database.db, { email: "kilit-tek@example.com" });
    const statuses = async (email: string, order: Instance[]) => {
      const out: number[] = [];
      for (let i = 0; i < 7; i++) out.push((await login(order[i % order.length]!, email, "Yanlis-Parola-1", "10.1.0.2")).status);
      return out;
    };
    const split = await statuses("kilit@example.com", [c.a, c.b]);
    const one = await statuses("kilit-tek@example.com", [c.a]);
    expect(split).toEqual(one);
    // Five wrong attempts are told so; the sixth is the limit, on whichever instance it lands.
    expect(split.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(split.slice(5)).toEqual([429, 429]);
  });
});

describe("jobs", () => {
  it("every job runs once while both workers poll, deliveries in the order made: 40 mails, 12 requests' mail and webhook deliveries, one waiting run per recurring kind", async () => {
    const before = c.smtp.mails.length;
    for (let i = 0; i < 40; i++) await queueMail(c.database.db, { to: `kume-${i}@example.com`, subject: `Küme ${i}`, text: `ileti ${i}` });
    const company = await makeCompany(c.database.db, { name: "Küme Fiber AŞ", email: "satis@kume.example" });
    const packageId = await makePackage(c.database.db, company.id, { title: "Küme Fiber 100", price: "500" });
    await c.database.db.insert(companyDeliverySettings).values({
      companyId: company.id,
      mail: "talep@kume.example",
      webhookUrl: hook.url,
      webhookSecret: `whsec_${Buffer.from("a-test-secret-of-24-bytes").toString("base64")}`,
    });
    const references: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await json(i % 2 ? c.b : c.a, `/packages/${packageId}/subscribe`, { firstName: "Ayşe", lastName: `Küme${"abcdefghijkl"[i]}`, phone: `0532 400 10 ${String(10 + i)}`, consent: true }, { "x-forwarded-for": `10.2.0.${i + 1}` });
      expect(res.status).toBe(200);
      references.push(((await res.json()) as { reference: string }).reference);
    }
    await until(async () => c.smtp.mails.length >= before + 40 + 12 && hook.calls.length >= 12, "every mail and webhook call", 30_000);
    // A little longer: a job run twice would show now.
    await new Promise((r) => setTimeout(r, 1500));
    const mails = c.smtp.mails.slice(before);
    const subjects = mails.map((m) => m.subject).filter((s) => s.startsWith("Küme "));
    // Each once, and in the order queued although both workers take them (one channel, decision 039).
    expect(subjects).toEqual(Array.from({ length: 40 }, (_, i) => `Küme ${i}`));
    const leadMails = mails.filter((m) => m.to.includes("talep@kume.example"));
    expect(leadMails.map((m) => references.find((r) => m.subject.includes(r)))).toEqual(references);
    const hooked = hook.calls.map((call) => (JSON.parse(call.body) as { data: { reference: string } }).data.reference);
    expect(hooked).toEqual(references);
    const [left] = await c.database.db.select({ n: count() }).from(leadDeliveries).where(eq(leadDeliveries.state, "pending"));
    expect(left!.n).toBe(0);
    const [stored] = await c.database.db.select({ n: count() }).from(leads).where(eq(leads.packageId, packageId));
    expect(stored!.n).toBe(12);
    // Both instances booked the recurring jobs at start: one waiting run of each kind.
    const waiting = await c.database.db.select({ kind: jobs.kind, n: count() }).from(jobs).where(and(isNull(jobs.doneAt), isNull(jobs.failedAt))).groupBy(jobs.kind);
    for (const row of waiting) expect([row.kind, row.n]).toEqual([row.kind, 1]);
    expect(waiting.length).toBeGreaterThanOrEqual(5);
  });
});

describe("uploads", () => {
  it("a photo uploaded through A is served by B, byte for byte", async () => {
    await insertVerifiedUser(c.database.db, { email: "foto@example.com" });
    const { token } = (await (await login(c.a, "foto@example.com", TEST_PASSWORD, "10.1.0.3")).json()) as { token: string };
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c33" } }).png().toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "ben.png");
    const res = await c.a.fetch("/api/v1/my/profile/photo", { method: "POST", headers: bearer(token), body: form });
    expect(res.status).toBe(200);
    const { image } = (await res.json()) as { image: string };
    const pathname = new URL(image).pathname;
    expect(pathname).toMatch(/^\/media\/avatars\/[\w-]+\.webp$/);
    const [fromA, fromB] = await Promise.all([c.a.fetch(pathname), c.b.fetch(pathname)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });
});

describe("kept pages", () => {
  it("a dashboard write through A changes B's guest pages and kept searches within a second", async () => {
    const owner = await insertVerifiedUser(c.database.db, { email: "panel@example.com", accountType: "corporate" });
    const company = await makeCompany(c.database.db, { name: "Tazelik Net AŞ", ownerId: owner.id });
    const packageId = await makePackage(c.database.db, company.id, { title: "Tazelik Fiber 250", price: "450" });
    const pages = ["/paketler", "/en/paketler"];
    // B keeps them (the kept search and the rendered pages are filled by these reads).
    for (const p of pages) for (let i = 0; i < 2; i++) expect(await (await c.b.fetch(p)).text()).toContain("Tazelik Fiber 250");
    const { token } = (await (await login(c.a, "panel@example.com", TEST_PASSWORD, "10.1.0.4")).json()) as { token: string };
    const started = Date.now();
    const res = await json(c.a, `/my/companies/${company.id}/packages/${packageId}/withdraw`, {}, bearer(token));
    expect(res.status).toBe(200);
    await until(async () => {
      for (const p of pages) if ((await (await c.b.fetch(p)).text()).includes("Tazelik Fiber 250")) return false;
      return true;
    }, "B no longer lists the withdrawn package", 5000);
    const took = Date.now() - started;
    console.info(`purge reached B in ${took} ms`);
    expect(took).toBeLessThan(1000);
  });
});

describe("the speed test", () => {
  it("streams from A, the result stored through B", async () => {
    const base = "/api/v1/speedtest";
    const headers = { "x-forwarded-for": "10.3.0.1" };
    const { testId } = (await (await c.a.fetch(`${base}/start`, { method: "POST", headers })).json()) as { testId: string };
    for (let i = 0; i < 12; i++) await (await c.a.fetch(`${base}/ping?t=${testId}`, { headers })).arrayBuffer();
    const downUntil = Date.now() + 1200;
    while (Date.now() < downUntil) {
      await (await c.a.fetch(`${base}/download?t=${testId}&bytes=1000000`, { headers })).arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
    }
    const upUntil = Date.now() + 1500;
    while (Date.now() < upUntil) await (await c.a.fetch(`${base}/upload?t=${testId}`, { method: "POST", headers, body: new Uint8Array(200_000) })).json();
    const { receipt } = (await (await c.a.fetch(`${base}/finish?t=${testId}`, { method: "POST", headers })).json()) as { receipt: string };
    const res = await json(c.b, "/speedtest/results", { receipt, ...figuresFor(receipt) }, headers);
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const [row] = await c.database.db.select().from(speedtestResults).where(eq(speedtestResults.id, id));
    expect(row).toMatchObject({ testId });
    // Read back through A.
    expect((await c.a.fetch(`${base}/results/${id}`)).status).toBe(200);
  });
});
