import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/accounts/sessions";
import { hashPassword } from "../../server/accounts/passwords";
import type { DatabaseHandle } from "../../server/db/client";
import { users } from "../../server/accounts/schema";
import { makeCompany, makePackage } from "../helpers/packages";
import { openAnotherHandle, openTestDatabase, startTestApp, type TestApp, type TestDatabase } from "../helpers/test-app";

/**
 * The app keeps no state of its own between requests: two instances on one database behave as
 * one. (On PostgreSQL — TEST_DATABASE_URL — these are two connection pools to one server.)
 */
const variants: [string, Record<string, string>][] = [["limits in the database", {}]];
if (process.env.REDIS_TEST_URL) variants.push(["limits in Redis", { REDIS_URL: process.env.REDIS_TEST_URL }]);

describe.each(variants)("two app instances on one database (%s)", (_name, env) => {
  let database: TestDatabase;
  let second: { handle: DatabaseHandle; own: boolean };
  let a: TestApp;
  let b: TestApp;
  const secret = "x".repeat(64);
  beforeAll(async () => {
    database = await openTestDatabase();
    // Each instance has its own connection pool on PostgreSQL (one PGlite can only be shared).
    second = await openAnotherHandle(database);
    a = await startTestApp({ SESSION_SECRET: secret, TRUST_PROXY: "loopback", ...env }, { database });
    b = await startTestApp({ SESSION_SECRET: secret, TRUST_PROXY: "loopback", ...env }, { database: second.handle });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (second?.own) await second.handle.close();
    await database?.close();
  });

  it("a session made on one instance is valid on the other", async () => {
    const [user] = await a.app.db
      .insert(users)
      .values({
        fullName: "Zeynep Çelik",
        email: `zeynep.${Date.now()}@example.com`,
        passwordHash: await hashPassword("Parola1234"),
        accountType: "individual",
        membershipAcceptedAt: new Date(),
        kvkkAcceptedAt: new Date(),
      })
      .returning();
    const { token } = await createSession(a.app.db, user.id, "web");
    const onB = await (await b.fetch("/", { headers: { cookie: `gb_session=${token}` } })).text();
    expect(onB).toContain("Zeynep Çelik");
    const guest = await (await b.fetch("/")).text();
    expect(guest).not.toContain("Zeynep Çelik");
  });

  it("a rate limit counted on one instance holds on the other", async () => {
    // A client address of its own, so counters left in a shared Redis by other runs do not count.
    const ip = { "x-forwarded-for": `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    const form = () => {
      const f = new FormData();
      f.set("fullName", "A");
      return f;
    };
    // 10 attempts on A (each refused as invalid, each counted), the 11th on B is limited.
    for (let i = 0; i < 10; i++) {
      const res = await a.fetch("/api/v1/contact", { method: "POST", body: form(), headers: ip });
      expect(res.status).toBe(400);
    }
    const limited = await b.fetch("/api/v1/contact", { method: "POST", body: form(), headers: ip });
    expect(limited.status).toBe(429);
  });

  it("a change on one instance clears the other's kept searches and guest pages within a second", async () => {
    // B keeps its hosting search (PAGE_CACHE_SECONDS is 30 here).
    const company = await makeCompany(a.app.db, { name: `Yansıma Hosting ${Date.now()}` });
    const search = "/paketler?kind=hosting&sort=price";
    expect(await (await b.fetch(search)).text()).not.toContain("Yansıma Paketi");
    await makePackage(a.app.db, company.id, { serviceKind: "hosting", technology: "", downloadMbps: "", title: "Yansıma Paketi", price: "40", diskGb: 5 });
    expect(await (await b.fetch(search)).text()).not.toContain("Yansıma Paketi"); // still B's kept answer
    // A's service clears its caches after the write, as the dashboard's writes do.
    const cleared = performance.now();
    a.app.pageCache.clear();
    let seen = false;
    while (!seen && performance.now() - cleared < 3000) {
      seen = (await (await b.fetch(search)).text()).includes("Yansıma Paketi");
      if (!seen) await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen).toBe(true);
    expect(performance.now() - cleared).toBeLessThan(1000);

    // A rendered guest page kept by B is rendered again after A clears the guest pages.
    let renders = 0;
    const render = async () => (renders++, { status: 200, headers: {}, body: Buffer.from("x") }) as never;
    await b.app.guestPages!.get("purge-test", render);
    await b.app.guestPages!.get("purge-test", render);
    expect(renders).toBe(1);
    const start = performance.now();
    a.app.guestPages!.clear();
    while (renders === 1 && performance.now() - start < 3000) {
      await new Promise((r) => setTimeout(r, 25));
      await b.app.guestPages!.get("purge-test", render);
    }
    expect(renders).toBe(2);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
