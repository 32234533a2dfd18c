import { Agent, request, type IncomingMessage, type ServerResponse } from "node:http";
import { forwardKey } from "./receipt";
import { SPEEDTEST_PREFIX } from "./stream-server";

/** The stream paths of the speed test; the other /api/v1/speedtest/ calls (results, statistics) are the site's. */
const STREAM_PATH = /^\/api\/v1\/speedtest\/(?:start|ping|download|upload|finish)(?:\?|$)/;

export function isSpeedtestStream(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(SPEEDTEST_PREFIX) && STREAM_PATH.test(url);
}

/**
 * The client's address as Express computes it (`trust proxy`): the socket's peer, then the
 * X-Forwarded-For entries from the nearest, up to the first hop that is not trusted.
 */
export function clientAddress(req: IncomingMessage, trust: (addr: string, i: number) => boolean): string {
  const xff = req.headers["x-forwarded-for"];
  const addrs = [req.socket.remoteAddress ?? "", ...(typeof xff === "string" ? xff.split(",").map((a) => a.trim()).reverse() : [])];
  for (let i = 0; i < addrs.length - 1; i++) if (!trust(addrs[i], i)) return addrs[i];
  return addrs[addrs.length - 1];
}

/**
 * Hands the site's /api/v1/speedtest/ stream paths to the worker thread's server, before any of
 * the page machinery (compression, CSRF, the request queue). Only bytes are piped on this
 * thread; a page that wants none of that either uses the worker's own port (SPEEDTEST_PUBLIC_URL).
 * `port` may be a function: the worker is then started by the first stream that needs it.
 */
export function createSpeedtestForwarder(opts: {
  port: number | (() => Promise<number>);
  secret: string;
  trust: (addr: string, i: number) => boolean;
}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });
  const key = forwardKey(opts.secret);
  const unavailable = (res: ServerResponse) => {
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
    res.end("speed test unavailable");
  };
  const port = opts.port;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (typeof port === "number") return forward(req, res, port);
    port().then(
      (p) => forward(req, res, p),
      () => unavailable(res),
    );
  };

  function forward(req: IncomingMessage, res: ServerResponse, port: number) {
    const headers = { ...req.headers, "x-speedtest-forward": key, "x-speedtest-client": clientAddress(req, opts.trust) };
    delete headers.connection;
    const upstream = request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    upstream.on("error", (err: NodeJS.ErrnoException) => {
      // The stream server cut the request (a limit): so is the client's. Not reachable at all: 503.
      if (!res.headersSent && err.code === "ECONNREFUSED") unavailable(res);
      else res.destroy();
    });
    req.pipe(upstream);
    req.on("error", () => upstream.destroy());
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
  }
}
