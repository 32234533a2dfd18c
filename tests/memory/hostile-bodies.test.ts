import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bytes, rawRequest } from "../helpers/raw-http";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { createSession } from "../../server/accounts/sessions";
import { insertVerifiedUser } from "../helpers/users";

// A 200 MB body sent chunked to any page or call is refused while it streams,
// and the process's memory grows by less than 50 MB. The client runs in this process too and
// sends the same 64 KB buffer over and over, so what grows is the server's share.
const MB = 1024 * 1024;
/** A member's upload (the bearer token is added once the app runs): the photo reader's own caps apply. */
const SIGNED_IN_MULTIPART: Record<string, string> = { "content-type": "multipart/form-data; boundary=x" };
const CASES: [string, string, Record<string, string>, number][] = [
  ["urlencoded to a plain form's data call", "/giris.data", { "content-type": "application/x-www-form-urlencoded" }, 413],
  ["urlencoded to a plain form", "/bulten", { "content-type": "application/x-www-form-urlencoded" }, 413],
  ["multipart to a plain form", "/bulten.data", { "content-type": "multipart/form-data; boundary=x" }, 415],
  ["multipart to the contact page", "/iletisim", { "content-type": "multipart/form-data; boundary=x" }, 413],
  ["JSON to the login call", "/api/v1/login", { "content-type": "application/json" }, 411],
  ["multipart to the contact call", "/api/v1/contact", { "content-type": "multipart/form-data; boundary=x" }, 413],
  ["multipart to the profile photo call", "/api/v1/my/profile/photo", SIGNED_IN_MULTIPART, 413],
  // Takes no body: answered at once, the rest dropped.
  ["to a reference call", "/api/v1/ttservice/cities", { "content-type": "application/json" }, 200],
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Warm up: the first page render and call load their code.
  await t.fetch("/giris");
  await t.fetch("/api/v1/me");
  const member = await insertVerifiedUser(t.app.db);
  SIGNED_IN_MULTIPART.authorization = `Bearer ${(await createSession(t.app.db, member.id, "api")).token}`;
});
afterAll(() => t?.close());

describe("memory under 200 MB chunked bodies", () => {
  it.each(CASES)("%s (%s): refused while streaming, memory grows < 50 MB", async (_name, pathname, headers, status) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const res = await rawRequest(t.url, { method: "POST", path: pathname, headers, body: bytes(200 * MB) });
    await new Promise((r) => setTimeout(r, 1500));
    clearInterval(sampler);
    const grewMb = (peak - before) / MB;
    process.stdout.write(
      `[memory] POST ${pathname}: ${res.status} after ${(res.sentBeforeAnswer / MB).toFixed(1)} MB sent, rss +${grewMb.toFixed(1)} MB (peak ${(peak / MB).toFixed(0)} MB)\n`,
    );
    expect(res.status).toBe(status);
    expect(res.sentBeforeAnswer).toBeLessThan(80 * MB);
    expect(grewMb).toBeLessThan(50);
  });
});
