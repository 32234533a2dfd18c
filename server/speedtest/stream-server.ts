import { randomBytes, randomFillSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { MAX_PHASE_MS, SLICE_MS } from "../../common/speedtest/measure";
import { forwardKey, signReceipt } from "./receipt";
import { defaultLimits, type StreamLimits } from "./stream-limits";
import { commonHeaders, fail, json } from "./stream-answers";
import { addToSlices, testReceipt, type Part, type TestState } from "./stream-figures";

/**
 * The speed test's streams: a bare node:http server with nothing else on its event
 * loop, run in its own worker thread (start-worker.ts) on SPEEDTEST_PORT. Every path lives under
 * /api/v1/speedtest/, so the same paths answer here and, forwarded, on the site.
 *
 *   POST /start                 a test id (the streams below need it)
 *   GET  /ping?t=ID             an empty answer: one warm-connection round trip
 *   GET  /download?t=ID&bytes=N N incompressible bytes from one pre-filled buffer
 *   POST /upload?t=ID           a sink: counts what arrives per slice, answers the test's slices
 *   POST /finish?t=ID&upTo=K    the signed receipt (server byte counts, upload figure over K slices)
 *
 * Limits: per IP, concurrent streams and tests per window and bytes per window; per request,
 * bytes and seconds; in all, streams and tests kept in memory. Past a limit: a 4xx or a cut.
 */

export const SPEEDTEST_PREFIX = "/api/v1/speedtest/";

/** Ping arrivals kept per part of a test (a real test makes about 20 in each). */
const MAX_PING_TIMES = 400;

const BUFFER_BYTES = 4 * 1024 * 1024;
const WRITE_BYTES = 1024 * 1024;

interface IpState {
  streams: number;
  windowStart: number;
  tests: number;
  bytes: number;
}

export interface StreamServerOptions {
  secret: string;
  limits?: Partial<StreamLimits>;
  /** Clock for tests. */
  now?: () => number;
}

export function createStreamServer(opts: StreamServerOptions): Server {
  const limits: StreamLimits = { ...defaultLimits, ...opts.limits };
  const now = opts.now ?? Date.now;
  const forward = forwardKey(opts.secret);
  const tests = new Map<string, TestState>();
  const ips = new Map<string, IpState>();
  let openStreams = 0;
  // One buffer of random bytes, filled once: every download writes views of it (no allocation per chunk).
  const noise = randomFillSync(Buffer.allocUnsafe(BUFFER_BYTES));

  const sweep = setInterval(() => {
    const t = now();
    // A test takes streams for testLifetimeMs; its state is dropped once that is well over.
    for (const [id, test] of tests) if (t - test.created > 2 * limits.testLifetimeMs) tests.delete(id);
    for (const [ip, state] of ips) if (state.streams === 0 && t - state.windowStart > limits.windowMs) ips.delete(ip);
  }, 10_000);
  sweep.unref();

  function clientIp(req: IncomingMessage): string {
    const via = req.headers["x-speedtest-forward"];
    const client = req.headers["x-speedtest-client"];
    if (via === forward && typeof client === "string" && client.length <= 64) return client;
    return req.socket.remoteAddress ?? "unknown";
  }

  function ipState(ip: string): IpState | null {
    const t = now();
    let state = ips.get(ip);
    if (!state) {
      if (ips.size >= limits.maxTests) return null;
      state = { streams: 0, windowStart: t, tests: 0, bytes: 0 };
      ips.set(ip, state);
    } else if (t - state.windowStart > limits.windowMs) {
      state.windowStart = t;
      state.tests = 0;
      state.bytes = 0;
    }
    return state;
  }

  function findTest(req: IncomingMessage, res: ServerResponse, url: URL, ip: string): TestState | null {
    const id = url.searchParams.get("t") ?? "";
    const test = /^[\w-]{22}$/.test(id) ? tests.get(id) : undefined;
    if (!test || test.ip !== ip) {
      fail(req, res, "E_NOT_FOUND", "speedtest.errors.unknownTest", true);
      return null;
    }
    if (test.finished || now() - test.created > limits.testLifetimeMs) {
      fail(req, res, "E_CONFLICT", "speedtest.errors.testOver", true);
      return null;
    }
    return test;
  }

  /** Takes a stream slot for this IP, or answers 429/503 and returns null. */
  function openStream(req: IncomingMessage, res: ServerResponse, state: IpState): (() => void) | null {
    if (state.streams >= limits.streamsPerIp || state.bytes >= limits.bytesPerIp) {
      fail(req, res, "E_RATE_LIMITED", "speedtest.errors.tooMany", true);
      return null;
    }
    if (openStreams >= limits.streamsTotal) {
      fail(req, res, "E_UNAVAILABLE", "speedtest.errors.busy", true);
      return null;
    }
    state.streams++;
    openStreams++;
    let open = true;
    const timer = setTimeout(() => req.socket.destroy(), limits.maxRequestMs);
    return () => {
      if (!open) return;
      open = false;
      clearTimeout(timer);
      state.streams--;
      openStreams--;
    };
  }

  function start(req: IncomingMessage, res: ServerResponse, ip: string) {
    const state = ipState(ip);
    if (!state || state.tests >= limits.testsPerIp) return fail(req, res, "E_RATE_LIMITED", "speedtest.errors.tooMany", true);
    if (tests.size >= limits.maxTests) return fail(req, res, "E_UNAVAILABLE", "speedtest.errors.busy", true);
    state.tests++;
    const id = randomBytes(16).toString("base64url");
    const t = now();
    tests.set(id, {
      id,
      ip,
      startedAt: t,
      created: t,
      down: [],
      downBytes: 0,
      up: [],
      upBytes: 0,
      upStarted: false,
      pings: 0,
      pingTimes: { idle: [], down: [], up: [] },
      finished: false,
    });
    json(res, { testId: id, sliceMs: SLICE_MS, maxPhaseMs: MAX_PHASE_MS });
  }

  function download(req: IncomingMessage, res: ServerResponse, url: URL, ip: string) {
    const bytesParam = url.searchParams.get("bytes") ?? "";
    if (!/^\d{1,10}$/.test(bytesParam) || Number(bytesParam) < 1 || Number(bytesParam) > limits.maxRequestBytes) {
      return fail(req, res, "E_BAD_REQUEST", "speedtest.errors.badSize", true);
    }
    const test = findTest(req, res, url, ip);
    if (!test) return;
    const state = ipState(ip)!;
    const close = openStream(req, res, state);
    if (!close) return;
    test.downT0 ??= performance.now();
    const t0 = test.downT0;
    const total = Number(bytesParam);
    res.statusCode = 200;
    res.setHeader("Content-Type", "application/octet-stream");
    res.setHeader("Content-Length", total);
    let left = total;
    let offset = 0;
    const done = () => close();
    res.on("close", done);
    const counted = (n: number) => () => {
      test.downBytes += n;
      state.bytes += n;
      addToSlices(test.down, t0, n);
    };
    const pump = () => {
      while (left > 0) {
        if (state.bytes >= limits.bytesPerIp) return void res.destroy();
        const n = Math.min(WRITE_BYTES, left, BUFFER_BYTES - offset);
        const chunk = noise.subarray(offset, offset + n);
        offset = (offset + n) % BUFFER_BYTES;
        left -= n;
        const more = left === 0 ? (res.end(chunk, counted(n)), true) : res.write(chunk, counted(n));
        if (!more) return void res.once("drain", pump);
      }
    };
    pump();
  }

  function upload(req: IncomingMessage, res: ServerResponse, url: URL, ip: string) {
    const declared = req.headers["content-length"];
    if (declared !== undefined && !(/^\d{1,12}$/.test(declared) && Number(declared) <= limits.maxRequestBytes)) {
      return fail(req, res, "E_PAYLOAD_TOO_LARGE", "speedtest.errors.tooLarge", true);
    }
    const test = findTest(req, res, url, ip);
    if (!test) return;
    const state = ipState(ip)!;
    const close = openStream(req, res, state);
    if (!close) return;
    test.upStarted = true;
    let received = 0;
    res.on("close", close);
    req.on("data", (chunk: Buffer) => {
      test.upT0 ??= performance.now();
      received += chunk.length;
      state.bytes += chunk.length;
      if (received > limits.maxRequestBytes || state.bytes > limits.bytesPerIp || test.finished) {
        req.socket.destroy();
        return;
      }
      test.upBytes += chunk.length;
      addToSlices(test.up, test.upT0, chunk.length);
    });
    req.on("end", () => {
      close();
      // Only completed slices: the one under way is still growing.
      const complete = test.upT0 === undefined ? 0 : Math.min(test.up.length, Math.floor((performance.now() - test.upT0) / SLICE_MS));
      json(res, { received, slices: test.up.slice(0, complete) });
    });
    req.on("error", close);
  }

  function finish(req: IncomingMessage, res: ServerResponse, url: URL, ip: string) {
    const test = findTest(req, res, url, ip);
    if (!test) return;
    const upTo = Number(url.searchParams.get("upTo") ?? test.up.length);
    if (!Number.isInteger(upTo) || upTo < 0) return fail(req, res, "E_BAD_REQUEST", "speedtest.errors.badSize", true);
    test.finished = true;
    const receipt = testReceipt(test, upTo, now());
    const uploadSlices = test.up.length;
    // The counts are in the receipt now: the slices need no memory any more.
    test.down = [];
    test.up = [];
    test.pingTimes = { idle: [], down: [], up: [] };
    json(res, { receipt: signReceipt(opts.secret, receipt), upload: receipt.upMbps, uploadSlices });
  }

  const server = createServer((req, res) => {
    commonHeaders(res);
    const url = new URL(req.url ?? "/", "http://speedtest.invalid");
    if (!url.pathname.startsWith(SPEEDTEST_PREFIX)) return fail(req, res, "E_NOT_FOUND", "errors.notFound", true);
    const action = url.pathname.slice(SPEEDTEST_PREFIX.length);
    if (req.method === "OPTIONS") {
      res.statusCode = 204;
      res.setHeader("Access-Control-Allow-Methods", "GET, POST");
      res.setHeader("Access-Control-Allow-Headers", "Content-Type");
      res.setHeader("Access-Control-Max-Age", "600");
      return void res.end();
    }
    const ip = clientIp(req);
    const expected = { start: "POST", ping: "GET", download: "GET", upload: "POST", finish: "POST" }[action];
    if (!expected) return fail(req, res, "E_NOT_FOUND", "errors.notFound", true);
    if (req.method !== expected && !(expected === "GET" && req.method === "HEAD")) {
      res.setHeader("Allow", expected);
      return fail(req, res, "E_METHOD_NOT_ALLOWED", "errors.methodNotAllowed", true);
    }
    if (action === "ping") {
      const test = findTest(req, res, url, ip);
      if (!test) return;
      test.pings++;
      const part: Part = test.upStarted ? "up" : test.downT0 !== undefined ? "down" : "idle";
      if (test.pingTimes[part].length < MAX_PING_TIMES) test.pingTimes[part].push(performance.now());
      res.statusCode = 200;
      res.setHeader("Content-Length", 0);
      return void res.end();
    }
    if (action === "upload") return upload(req, res, url, ip);
    // The other calls take no body: a large one is refused, a small one dropped.
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!(declared <= 4096) || req.headers["transfer-encoding"]) return fail(req, res, "E_PAYLOAD_TOO_LARGE", "speedtest.errors.tooLarge", true);
    req.resume();
    if (action === "start") return start(req, res, ip);
    if (action === "download") return download(req, res, url, ip);
    return finish(req, res, url, ip);
  });
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = limits.maxRequestMs + 5_000;
  server.maxHeadersCount = 50;
  server.on("close", () => clearInterval(sweep));
  return server;
}
