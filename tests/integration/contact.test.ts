import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { localizePath } from "../../common/paths";
import { CONTACT_LIMIT } from "../../server/contact/submit-contact";
import { contactAttachments, contactMessages } from "../../server/contact/schema";
import { jobs } from "../../server/jobs/schema";
import { mailOutbox } from "../../server/mail/schema";
import { resetLimit } from "../../server/security/rate-limit";
import { expectApiRefusal, expectPageRefusal } from "../helpers/expect-error";
import { LOCALES } from "../helpers/messages";
import { rawRequest } from "../helpers/raw-http";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

const PNG = readFileSync(path.join(import.meta.dirname, "../fixtures/pixel.png"));
const MB = 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
// Every test starts with a fresh contact budget for the loopback address.
beforeEach(() => resetLimit(t.app.limits, CONTACT_LIMIT, "127.0.0.1"));

const counts = async () => ({
  messages: (await t.app.db.select({ n: count() }).from(contactMessages))[0].n,
  attachments: (await t.app.db.select({ n: count() }).from(contactAttachments))[0].n,
  jobs: (await t.app.db.select({ n: count() }).from(jobs))[0].n,
});

const files = (dir: string) => {
  try {
    return readdirSync(path.join(t.dataDir, "uploads", dir));
  } catch {
    return [];
  }
};

function contactForm(csrf: string, fields: Record<string, string> = {}, attachments: { name: string; data: Buffer | Blob; type?: string }[] = []) {
  const form = new FormData();
  form.set("csrf", csrf);
  const values = { fullName: "Ayşe Yılmaz", email: "ayse@example.com", message: "Merhaba, firmamızı listelemek istiyoruz.", ...fields };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  for (const a of attachments) form.append("attachments", a.data instanceof Blob ? a.data : new Blob([new Uint8Array(a.data)], { type: a.type }), a.name);
  return form;
}

describe("contact offer form", () => {
  it("stores the message and its checked attachment, and queues the owner's mail", async () => {
    const s = await getFormSession(t);
    const before = await counts();
    const res = await t.fetch("/iletisim", {
      method: "POST",
      headers: { cookie: s.cookie },
      body: contactForm(s.csrf, {}, [{ name: "logo.png", data: PNG, type: "image/png" }]),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Mesajınız alındı");
    expect(await counts()).toEqual({ messages: before.messages + 1, attachments: before.attachments + 1, jobs: before.jobs + 1 });
    const [att] = await t.app.db.select().from(contactAttachments);
    expect(att).toMatchObject({ originalName: "logo.png", mimeType: "image/png", sizeBytes: PNG.length });
    expect(readFileSync(path.join(t.dataDir, "uploads", "contact", att.storedName))).toEqual(PNG);

    // Without SMTP the mail lands in the outbox when the job runs.
    await t.app.jobs.drain();
    const [mail] = await t.app.db.select().from(mailOutbox);
    expect(mail.toAddress).toBe("info@genisbant.com.tr");
    expect(mail.subject).toBe("İletişim formu: Ayşe Yılmaz");
    expect(mail.textBody).toContain("firmamızı listelemek");
    expect(mail.transport).toBe("outbox");
  });

  it("accepts the same form through POST /api/v1/contact", async () => {
    const form = contactForm("unused");
    const res = await t.fetch("/api/v1/contact", { method: "POST", body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, id: expect.any(Number) });
  });

  it.each([
    ["a text file named .pdf", [{ name: "fake.pdf", data: Buffer.from("just text, not a pdf"), type: "application/pdf" }], 415, "fake.pdf&quot; dosyasının içeriği türüyle uyuşmuyor"],
    ["an executable", [{ name: "x.exe", data: Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), type: "application/octet-stream" }], 415, "kabul edilmiyor"],
    ["a file over 10 MB", [{ name: "big.zip", data: Buffer.alloc(10 * MB + 10, 1), type: "application/zip" }], 413, "dosya başına en fazla 10 MB"],
  ])("refuses %s and keeps nothing", async (_name, attachments, status, message) => {
    const s = await getFormSession(t);
    const before = await counts();
    const res = await t.fetch("/iletisim", { method: "POST", headers: { cookie: s.cookie }, body: contactForm(s.csrf, {}, attachments) });
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
    expect(await counts()).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });

  it.each([
    ["tr", "\"ekran.png\" dosyasının içeriği türüyle uyuşmuyor: dosya, uzantısının söylediği türde değil."],
    ["en", "\"ekran.png\": the file's content does not match its type (it is not what its extension says)."],
  ] as const)("tells a .png whose content is no PNG that its content does not match its type, apart from a refused kind (%s)", async (locale, text) => {
    const s = await getFormSession(t);
    const before = await counts();
    const fake = [{ name: "ekran.png", data: Buffer.from("not an image at all"), type: "image/png" }];
    // The URL decides the page's language (decision 008): English is /en/iletisim.
    const viaPage = await t.fetch(localizePath(locale, "/iletisim"), { method: "POST", headers: { cookie: s.cookie }, body: contactForm(s.csrf, {}, fake) });
    expect(viaPage.status).toBe(415);
    const html = await viaPage.text();
    // Under the file field (its message is tied to the input), not only in the form's summary.
    expect(html).toContain('id="contact-attachments-error"');
    expect(html).toContain(text.replaceAll('"', "&quot;").replaceAll("'", "&#x27;"));
    const viaApi = await t.fetch("/api/v1/contact", { method: "POST", headers: { "accept-language": locale }, body: contactForm("", {}, fake) });
    expect(viaApi.status).toBe(415);
    expect(await viaApi.json()).toEqual({ success: false, exception: "E_UNSUPPORTED_TYPE", message: text, errors: { attachments: text } });
    const exe = await t.fetch("/api/v1/contact", {
      method: "POST",
      headers: { "accept-language": locale },
      body: contactForm("", {}, [{ name: "x.exe", data: Buffer.from("MZ\x90\x00"), type: "application/octet-stream" }]),
    });
    expect(exe.status).toBe(415);
    expect(((await exe.json()) as { message: string }).message).not.toBe(text);
    expect(await counts()).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });

  it("refuses more than 50 MB in all (six 9 MB files) and keeps nothing", async () => {
    const s = await getFormSession(t);
    const before = await counts();
    const nine = new Blob([Buffer.alloc(9 * MB, 7)], { type: "application/zip" });
    const res = await t.fetch("/api/v1/contact", {
      method: "POST",
      body: contactForm(s.csrf, {}, Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.zip`, data: nine }))),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe("Ekler toplamda en fazla 50 MB olabilir.");
    expect(await counts()).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });

  it("refuses a declared 60 MB body at once, before a byte of it arrives", async () => {
    const before = await counts();
    // Only the headers and 7 bytes are sent, and the connection stays open: the 413 must come
    // from the declared length alone.
    const res = await rawRequest(t.url, {
      method: "POST",
      path: "/api/v1/contact",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(60 * MB), "accept-language": "en" },
      body: "--x--\r\n",
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, exception: "E_PAYLOAD_TOO_LARGE" });
    expect(await counts()).toEqual(before);
  });

  it("streams a 60 MB chunked upload to its 413 and keeps no part of it", async () => {
    const boundary = "----gbtest";
    const chunk = Buffer.alloc(MB, 0x41);
    const stream = Readable.from(
      (async function* () {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="huge.zip"\r\nContent-Type: application/zip\r\n\r\n`);
        for (let i = 0; i < 60; i++) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const res = await t.fetch("/api/v1/contact", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(stream) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    // The memory this takes is measured by the bench (npm run bench), not in the ordinary suite.
    expect(res.status).toBe(413);
    expect(((await res.json()) as { exception: string }).exception).toBe("E_PAYLOAD_TOO_LARGE");
    expect(files("tmp")).toEqual([]);
  });

  // Field → locale key of the message the form shows under it.
  it.each([
    ["no fields", {}, { fullName: "validation.fullName.required", email: "validation.email.required", message: "validation.message.required" }],
    ["a one-letter name", { fullName: "A" }, { fullName: { key: "validation.fullName.min", params: { min: 3 } } }],
    ["a bad e-mail", { email: "ayse@example" }, { email: "validation.email.format" }],
    ["a short e-mail", { email: "ayse@" }, { email: { key: "validation.email.min", params: { min: 6 } } }],
    ["a 6000-character message", { message: "x".repeat(6000) }, { message: { key: "validation.message.max", params: { max: 5000 } } }],
    ["control characters", { fullName: "Ay\u0007se" }, { fullName: "validation.fullName.invalid" }],
  ])("refuses %s with 400 and the field messages in both languages", async (_name, fields, messages) => {
    for (const locale of LOCALES) {
      const s = await getFormSession(t);
      const before = await counts();
      const form = new FormData();
      form.set("csrf", s.csrf);
      if (Object.keys(fields).length) {
        const base = contactForm(s.csrf, fields as Record<string, string>);
        for (const [k, v] of base.entries()) form.set(k, v);
      }
      const res = await t.fetch(localizePath(locale, "/iletisim"), { method: "POST", headers: { cookie: s.cookie }, body: form });
      await expectPageRefusal(res, locale, { status: 400, keys: Object.values(messages) });
      expect(await counts()).toEqual(before);
      // The API answers the same fields with the same words.
      const api = await t.fetch("/api/v1/contact", { method: "POST", headers: { "accept-language": locale }, body: form });
      const first = Object.values(messages)[0];
      await expectApiRefusal(api, locale, {
        status: 400,
        code: "E_VALIDATION",
        key: typeof first === "string" ? first : first.key,
        params: typeof first === "string" ? undefined : first.params,
        fields: messages,
      });
    }
  });

  it("refuses a post without the CSRF token and keeps nothing", async () => {
    const s = await getFormSession(t);
    const before = await counts();
    const res = await t.fetch("/iletisim", {
      method: "POST",
      headers: { cookie: s.cookie },
      body: contactForm("forged-token-forged-token-forged!", {}, [{ name: "logo.png", data: PNG, type: "image/png" }]),
    });
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });

  it("limits an address to 10 messages an hour, with the wait in the message", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.fetch("/api/v1/contact", { method: "POST", body: contactForm("x", { fullName: "A" }) });
      expect(res.status).toBe(400);
    }
    const limited = await t.fetch("/api/v1/contact", { method: "POST", body: contactForm("x") });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(((await limited.json()) as { message: string }).message).toBe("Çok fazla deneme yaptınız. Lütfen 60 dakika sonra yeniden deneyin.");
    // The page answer carries the wait too.
    const s = await getFormSession(t);
    const page = await t.fetch("/iletisim", { method: "POST", headers: { cookie: s.cookie }, body: contactForm(s.csrf) });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(3000);
  });
});

describe("Idempotency-Key on POST /api/v1/contact", () => {
  const send = (key: string | undefined, headers: Record<string, string> = {}, attachments: { name: string; data: Buffer; type?: string }[] = []) =>
    t.fetch("/api/v1/contact", { method: "POST", headers: { ...(key === undefined ? {} : { "idempotency-key": key }), ...headers }, body: contactForm("unused", { message: `Tekrar denemesi ${key ?? "anahtarsız"}` }, attachments) });

  it("a retry with the same key is answered with the first message's id and stores nothing more (files included)", async () => {
    const before = await counts();
    const key = "3b1f0f0e-7a7c-4d7e-9d55-0c2a1f6e8a01";
    const first = await send(key, {}, [{ name: "logo.png", data: PNG, type: "image/png" }]);
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: number };
    const storedFiles = async () => {
      const out: string[] = [];
      for await (const item of t.app.storage.list("contact/")) out.push(item.key);
      return out;
    };
    const filesAfterFirst = await storedFiles();
    for (let i = 0; i < 2; i++) {
      const again = await send(key, {}, [{ name: "logo.png", data: PNG, type: "image/png" }]);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { id: number }).id).toBe(id);
    }
    expect(await counts()).toEqual({ messages: before.messages + 1, attachments: before.attachments + 1, jobs: before.jobs + 1 });
    expect((await storedFiles()).sort()).toEqual(filesAfterFirst.sort());
    // Another key is another message.
    const other = await send("3b1f0f0e-7a7c-4d7e-9d55-0c2a1f6e8a02");
    expect(((await other.json()) as { id: number }).id).not.toBe(id);
  });

  it("five requests with one key at once store one message", async () => {
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send("ayni-anahtar-aynı-anda".replace("ı", "i"))));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: number }).id));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
    expect((await counts()).messages).toBe(before.messages + 1);
  });

  it.each(["short", "x".repeat(256), "with space key", "anahtar-ğüş-123"])("refuses the key %j with a translated 400 and stores nothing", async (key) => {
    for (const locale of LOCALES) {
      const before = await counts();
      // undici refuses non-Latin-1 header values itself: send those raw.
      if ([...key].some((ch) => ch.charCodeAt(0) > 0xff)) {
        const res = await rawRequest(t.url, { method: "POST", path: "/api/v1/contact", headers: { "idempotency-key": Buffer.from(key).toString("latin1"), "accept-language": locale, "content-type": "application/x-www-form-urlencoded" }, body: "fullName=Ay%C5%9Fe+Y%C4%B1lmaz&email=ayse%40example.com&message=Merhaba%2C+firmam%C4%B1z%C4%B1+listelemek+istiyoruz." });
        expect(res.status).toBe(400);
      } else {
        await expectApiRefusal(await send(key, { "accept-language": locale }), locale, { status: 400, code: "E_VALIDATION", key: "errors.idempotencyKey" });
      }
      expect(await counts()).toEqual(before);
    }
  });
});
