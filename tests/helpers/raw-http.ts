import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes the client had written when the answer's first bytes arrived. */
  sentBeforeAnswer: number;
  ms: number;
}

function decodeChunked(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString(), 16);
    if (!size) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

function parseAnswer(data: Buffer): Omit<RawAnswer, "sentBeforeAnswer" | "ms"> & { complete: boolean } {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return { status: 0, headers: {}, body: "", complete: false };
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  let body = data.subarray(headEnd + 4);
  let complete = false;
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    complete = body.includes("0\r\n\r\n");
    body = decodeChunked(body);
  } else if (headers["content-length"] !== undefined) {
    complete = body.length >= Number(headers["content-length"]);
    body = body.subarray(0, Number(headers["content-length"]));
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8"), complete };
}

/**
 * One HTTP/1.1 request on its own connection, written byte by byte as given: any method, any
 * headers, a body that is a buffer or chunks produced lazily (sent chunked unless the headers
 * carry a Content-Length). The answer is read off the socket even when the server stops the
 * upload by closing the connection (which makes an ordinary client report only EPIPE);
 * `{ status: 0 }` when no answer came at all.
 */
export function rawRequest(
  base: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string | (() => Buffer | null) },
): Promise<RawAnswer> {
  const url = new URL(base);
  const started = Date.now();
  const headers: Record<string, string> = { host: url.host, ...opts.headers };
  const chunked = typeof opts.body === "function" && headers["content-length"] === undefined;
  if (chunked) headers["transfer-encoding"] = "chunked";
  if (typeof opts.body !== "function" && opts.body !== undefined && headers["content-length"] === undefined) {
    headers["content-length"] = String(Buffer.byteLength(opts.body));
  }
  let sent = 0;
  let sentBeforeAnswer: number | undefined;
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname);
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on("error", () => {});
    const settle = () => {
      const { complete: _complete, ...answer } = parseAnswer(Buffer.concat(received));
      resolve({ ...answer, sentBeforeAnswer: sentBeforeAnswer ?? sent, ms: Date.now() - started });
    };
    socket.on("data", (d: Buffer) => {
      sentBeforeAnswer ??= sent;
      received.push(d);
      // The whole answer is in: done, whatever the server does with the connection next.
      if (parseAnswer(Buffer.concat(received)).complete) {
        settle();
        socket.destroy();
      }
    });
    socket.on("close", settle);
    const head = `${opts.method ?? "GET"} ${opts.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`;
    socket.write(head);
    const body = opts.body;
    if (typeof body !== "function") {
      if (body !== undefined) {
        sent += Buffer.byteLength(body);
        socket.write(body);
      }
      return;
    }
    const pump = () => {
      while (!socket.destroyed && sentBeforeAnswer === undefined) {
        const chunk = body();
        if (!chunk) {
          if (chunked) socket.write("0\r\n\r\n");
          return;
        }
        sent += chunk.length;
        const ok = socket.write(chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk);
        if (!ok) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

/** A generator of `total` bytes in 64 KB chunks, for rawRequest bodies. */
export function bytes(total: number, fill = 0x61): () => Buffer | null {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let left = total;
  return () => {
    if (left <= 0) return null;
    const size = Math.min(left, chunk.length);
    left -= size;
    return size === chunk.length ? chunk : chunk.subarray(0, size);
  };
}
