// The baseline: a bare node:http server that answers fixed bytes, captured from the real site,
// with the same status and content-type (and content-encoding, if the capture had one) for the
// same method + path. Run as a child process: `node bench/bare-server.mjs fixtures.json`;
// it reports `{ port }` to its parent over IPC once listening.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const fixtures = JSON.parse(readFileSync(process.argv[2], "utf8"));
const routes = new Map();
for (const f of fixtures) {
  const headers = { "content-type": f.contentType, "content-length": String(Buffer.byteLength(f.body, "base64")) };
  if (f.contentEncoding) headers["content-encoding"] = f.contentEncoding;
  routes.set(`${f.method} ${f.path}`, { status: f.status, headers, body: Buffer.from(f.body, "base64") });
}

const server = createServer((req, res) => {
  req.resume();
  const route = routes.get(`${req.method} ${req.url}`);
  if (!route) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  res.writeHead(route.status, route.headers).end(route.body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("SIGTERM", () => process.exit(0));
process.on("disconnect", () => process.exit(0)); // parent gone: do not linger
