import { randomBytes, randomFillSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { isLocale } from "../../common/i18n";
import type { Locale } from "../../common/format";
import { MAX_PHASE_MS, SLICE_MS, jitter, mbps, median, steadyEstimate } from "../../common/speedtest/measure";
import { translate } from "../i18n";
import type { MessageKey } from "../../common/i18n";
import { forwardKey, signReceipt, type RoundTrips } from "./receipt";

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

export interface StreamLimits {
  /** Download and upload requests open at once from one IP. */
  streamsPerIp: number;
  /** Open streams in all. */
  streamsTotal: number;
  /** Tests started by one IP in a window. */
  testsPerIp: number;
  /** Bytes (both directions) one IP may move in a window. */
  bytesPerIp: number;
  windowMs: number;
  /** Largest download request and upload body. */
  maxRequestBytes: number;
  /** A stream open longer than this is cut. */
  maxRequestMs: number;
  /** A test takes streams for this long after its start. */
  testLifetimeMs: number;
  /** Tests kept in memory at once. */
  maxTests: number;
}

export const defaultLimits: StreamLimits = {
  streamsPerIp: 12,
  streamsTotal: 400,
  testsPerIp: 30,
  bytesPerIp: 50 * 1024 ** 3,
  windowMs: 10 * 60_000,
  maxRequestBytes: 256 * 1024 ** 2,
  maxRequestMs: 15_000,
  testLifetimeMs: 60_000,
  maxTests: 20_000,
};

/** Slices kept per direction: the lifetime of a test. */
const MAX_SLICES = 600;
/** Ping arrivals kept per part of a test (a real test makes about 20 in each). */
const MAX_PING_TIMES = 400;
/** The first second of a download is left out of the server's rate: it fills socket buffers. */
const DOWN_RAMP_SLICES = 10;

type Part = "idle" | "down" | "up";
const BUFFER_BYTES = 4 * 1024 * 1024;
const WRITE_BYTES = 1024 * 1024;

interface TestState {
  id: string;
  ip: string;
  startedAt: number;
  created: number;
  down: number[];
  downT0?: number;
  downBytes: number;
  up: number[];
  upT0?: number;
  upBytes: number;
  /** An upload request has arrived: pings from now on are timed under upload. */
  upStarted: boolean;
  pings: number;
  /** When each ping arrived (performance.now), by the part of the test it came in. */
  pingTimes: Record<Part, number[]>;
  finished: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The gaps between consecutive ping arrivals: the round trips the server timed. */
export function roundTrips(arrivals: readonly number[]): RoundTrips {
  const gaps: number[] = [];
  for (let i = 1; i < arrivals.length; i++) gaps.push(arrivals[i] - arrivals[i - 1]);
  if (gaps.length === 0) return { n: 0, median: 0, max: 0, jitter: 0 };
  return { n: gaps.length, median: round2(median(gaps)), max: round2(Math.max(...gaps)), jitter: round2(jitter(gaps)) };
}

/** Mbit/s the server handed to the network after the ramp (and without the last, partial slice). */
export function sentRate(slices: readonly number[]): number {
  const from = slices.length > DOWN_RAMP_SLICES + 2 ? DOWN_RAMP_SLICES : 0;
  const to = Math.max(from + 1, slices.length - 1);
  const part = slices.slice(from, to);
  return round2(mbps(part.reduce((a, b) => a + b, 0), part.length * SLICE_MS));
}

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

function pickLocale(req: IncomingMessage): Locale {
  const first = req.headers["accept-language"]?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  if (isLocale(first)) return first;
  return /(?:^|;\s*)gb_lng=en(?:;|$)/.test(req.headers.cookie ?? "") ? "en" : "tr";
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Timing-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Content-Length",
};

function commonHeaders(res: ServerResponse) {
  for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
}

const STATUS: Record<string, number> = {
  E_BAD_REQUEST: 400,
  E_NOT_FOUND: 404,
  E_METHOD_NOT_ALLOWED: 405,
  E_CONFLICT: 409,
  E_PAYLOAD_TOO_LARGE: 413,
  E_RATE_LIMITED: 429,
  E_UNAVAILABLE: 503,
};

function fail(req: IncomingMessage, res: ServerResponse, code: keyof typeof STATUS & string, key: MessageKey, close = false) {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ success: false, exception: code, message: translate(pickLocale(req), { key }) });
  res.statusCode = STATUS[code];
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  if (code === "E_RATE_LIMITED") res.setHeader("Retry-After", "60");
  if (close) res.setHeader("Connection", "close");
  res.end(body);
  // A body still arriving is not read: the connection closes once the answer is out.
  if (close) res.on("finish", () => req.destroy());
}

function json(res: ServerResponse, value: unknown) {
  const body = JSON.stringify(value);
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
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

  function addToSlices(slices: number[], t0: number, bytes: number) {
    const index = Math.floor((performance.now() - t0) / SLICE_MS);
    if (index >= MAX_SLICES) return;
    while (slices.length <= index) slices.push(0);
    slices[index] += bytes;
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
    const up = steadyEstimate(test.up.slice(0, Math.min(upTo, test.up.length)));
    let peak = 0;
    let sum = 0;
    const window = Math.round(1000 / SLICE_MS);
    for (let i = 0; i < test.down.length; i++) {
      sum += test.down[i];
      if (i >= window) sum -= test.down[i - window];
      peak = Math.max(peak, sum);
    }
    const downPeakMbps = mbps(peak, Math.min(1000, Math.max(test.down.length, 1) * SLICE_MS));
    const receipt = {
      v: 2 as const,
      testId: test.id,
      startedAt: test.startedAt,
      issuedAt: now(),
      downBytes: test.downBytes,
      downPeakMbps: round2(downPeakMbps),
      downMbps: sentRate(test.down),
      upBytes: test.upBytes,
      upMbps: round2(up.mbps),
      pings: test.pings,
      rtt: { idle: roundTrips(test.pingTimes.idle), down: roundTrips(test.pingTimes.down), up: roundTrips(test.pingTimes.up) },
    };
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
