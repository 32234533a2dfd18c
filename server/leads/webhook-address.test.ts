import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { lookup as dnsLookup, LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { isPublicAddress, publicOnlyLookup, webhookUrlProblem } from "./webhook-address";
import { postWebhook } from "./webhook";

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback range"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.254", "private 172.16/12 end"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fd00::1", "IPv6 unique local"],
    ["fc12:3456::1", "IPv6 unique local (fc)"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with zone"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["[::1]", "bracketed loopback"],
    ["localhost", "not an address"],
    ["", "empty"],
    ["1.2.3", "short form"],
    ["0x7f.0.0.1", "hex form"],
  ])("%s (%s) is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "[2001:4860:4860::8888]"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("webhookUrlProblem (save time)", () => {
  const resolveTo = (addresses: string[]) => async () => addresses;
  it.each([
    ["http://127.0.0.1:8080/hook", "private"],
    ["http://169.254.169.254/latest/meta-data/", "private"],
    ["http://[::1]/hook", "private"],
    ["http://[fd00::5]/hook", "private"],
    ["http://[::ffff:10.0.0.1]/hook", "private"],
    ["http://localhost:3000/hook", "private"],
    ["http://api.localhost/hook", "private"],
    ["http://metadata.google.internal/", "private"],
    ["http://intranet/hook", "private"],
    ["ftp://example.com/hook", "invalid"],
    ["javascript:alert(1)", "invalid"],
    ["https://user:pass@example.com/hook", "invalid"],
    ["not a url", "invalid"],
  ])("%s → %s", async (url, problem) => {
    expect(await webhookUrlProblem(url, { allowPrivate: false, resolve: resolveTo(["93.184.216.34"]) })).toBe(problem);
  });

  it("a name is checked by every address it resolves to", async () => {
    expect(await webhookUrlProblem("https://hooks.example.com/x", { allowPrivate: false, resolve: resolveTo(["93.184.216.34"]) })).toBeNull();
    expect(await webhookUrlProblem("https://hooks.example.com/x", { allowPrivate: false, resolve: resolveTo(["127.0.0.1"]) })).toBe("private");
    expect(await webhookUrlProblem("https://hooks.example.com/x", { allowPrivate: false, resolve: resolveTo(["93.184.216.34", "10.0.0.8"]) })).toBe("private");
    expect(await webhookUrlProblem("https://hooks.example.com/x", { allowPrivate: false, resolve: resolveTo([]) })).toBe("unresolved");
    expect(
      await webhookUrlProblem("https://hooks.example.com/x", {
        allowPrivate: false,
        resolve: async () => {
          throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
        },
      }),
    ).toBe("unresolved");
  });

  it("WEBHOOK_ALLOW_PRIVATE (tests only) lets a local receiver through, never another scheme", async () => {
    expect(await webhookUrlProblem("http://127.0.0.1:8080/hook", { allowPrivate: true })).toBeNull();
    expect(await webhookUrlProblem("file:///etc/passwd", { allowPrivate: true })).toBe("invalid");
  });
});

describe("publicOnlyLookup (call time)", () => {
  const fakeResolve = (addresses: LookupAddress[]) =>
    ((_host: string, _opts: unknown, cb: (err: Error | null, a: LookupAddress[]) => void) => cb(null, addresses)) as unknown as typeof dnsLookup;
  const run = (lookup: typeof dnsLookup, host: string, opts: object) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      (lookup as unknown as (h: string, o: object, cb: (e: NodeJS.ErrnoException | null, a: unknown) => void) => void)(host, opts, (err, address) => resolve({ err, address }));
    });

  it("refuses a name that now resolves to a private address (DNS changed after the save)", async () => {
    const lookup = publicOnlyLookup(fakeResolve([{ address: "169.254.169.254", family: 4 }]));
    const { err } = await run(lookup, "hooks.example.com", {});
    expect(err?.code).toBe("ENOTPUBLIC");
    const mixed = publicOnlyLookup(fakeResolve([{ address: "93.184.216.34", family: 4 }, { address: "::1", family: 6 }]));
    expect((await run(mixed, "hooks.example.com", { all: true })).err?.code).toBe("ENOTPUBLIC");
  });

  it("passes public addresses on, in the shape asked for", async () => {
    const lookup = publicOnlyLookup(fakeResolve([{ address: "93.184.216.34", family: 4 }]));
    expect(await run(lookup, "hooks.example.com", {})).toEqual({ err: null, address: "93.184.216.34" });
    expect(await run(lookup, "hooks.example.com", { all: true })).toEqual({ err: null, address: [{ address: "93.184.216.34", family: 4 }] });
  });

  it("refuses local names without asking DNS", async () => {
    let asked = false;
    const lookup = publicOnlyLookup(((_h: string, _o: unknown, cb: (e: null, a: LookupAddress[]) => void) => {
      asked = true;
      cb(null, [{ address: "93.184.216.34", family: 4 }]);
    }) as unknown as typeof dnsLookup);
    expect((await run(lookup, "localhost", {})).err?.code).toBe("ENOTPUBLIC");
    expect(asked).toBe(false);
  });
});

describe("postWebhook", () => {
  it("does not call a private address unless allowed; a local receiver gets the call when it is", async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      calls++;
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    try {
      for (const url of [`http://127.0.0.1:${port}/h`, `http://localhost:${port}/h`, `http://[::ffff:127.0.0.1]:${port}/h`]) {
        const refused = await postWebhook(url, "whsec_AAAA", "msg_1", "{}");
        expect(refused.ok, url).toBe(false);
        expect(refused.status, url).toBeNull();
        expect(refused.reason, url).toBe("private");
      }
      expect(calls).toBe(0);
      const allowed = await postWebhook(`http://127.0.0.1:${port}/h`, "whsec_AAAA", "msg_1", "{}", { allowPrivate: true });
      expect(allowed).toMatchObject({ status: 200, ok: true, reason: null });
      expect(Object.keys(allowed).sort()).toEqual(["ms", "ok", "reason", "status"]);
      expect(calls).toBe(1);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("postWebhook's failures are classified, never passed on as text", () => {
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { server, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
  };
  const post = (url: string, timeoutMs?: number) => postWebhook(url, "whsec_AAAA", "msg_1", "{}", { allowPrivate: true, timeoutMs });

  it("a closed port is refused", async () => {
    const { port, close } = await listen((_req, res) => res.end());
    await close();
    expect(await post(`http://127.0.0.1:${port}/h`)).toMatchObject({ status: null, ok: false, reason: "refused" });
  });

  it("a receiver that never answers is a timeout", async () => {
    const { port, close } = await listen(() => {});
    try {
      expect(await post(`http://127.0.0.1:${port}/h`, 300)).toMatchObject({ status: null, ok: false, reason: "timeout" });
    } finally {
      await close();
    }
  });

  it("https to a server that speaks plain HTTP is a TLS failure", async () => {
    const { port, close } = await listen((_req, res) => res.end("plain"));
    try {
      expect(await post(`https://127.0.0.1:${port}/h`)).toMatchObject({ status: null, ok: false, reason: "tls" });
    } finally {
      await close();
    }
  });

  it("a name that does not resolve is a DNS failure", async () => {
    // .invalid never resolves (RFC 2606); without a resolver the lookup fails as EAI_AGAIN: DNS too.
    expect(await post("http://no-such-host.invalid/h")).toMatchObject({ status: null, ok: false, reason: "dns" });
  });

  it("a status outside 2xx is an http failure with that status, and the body is not kept", async () => {
    const { port, close } = await listen((req, res) => {
      req.resume();
      res.statusCode = 418;
      res.end("a body that must not travel");
    });
    try {
      const answer = await post(`http://127.0.0.1:${port}/h`);
      expect(answer).toMatchObject({ status: 418, ok: false, reason: "http" });
      expect(JSON.stringify(answer)).not.toContain("must not travel");
    } finally {
      await close();
    }
  });

  it("not an http(s) address is invalid", async () => {
    expect(await post("ftp://example.com/h")).toMatchObject({ status: null, ok: false, reason: "invalid" });
    expect(await post("not a url")).toMatchObject({ status: null, ok: false, reason: "invalid" });
  });
});
