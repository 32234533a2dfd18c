// The bare page of decision 015: what Chromium itself can read on this machine, the ceiling the
// speed test page is compared with on loopback. A bare `node:http` server sends one preallocated
// buffer over and over; its page starts a Web Worker that reads fetch bodies on STREAMS streams
// into one reused buffer (a BYOB reader, as the speed test does) and counts bytes: no site, no
// measuring code, no progress to render. The figure is the mean over MEASURE_MS after WARM_MS.
//
//   node scripts/speedtest-bare.mjs          listens on 127.0.0.1 (a free port), prints {"port":N}
//   then open http://127.0.0.1:N/?streams=4&warm=1000&ms=3000 and wait for body[data-result]
//   (JSON: { mbps, bytes, ms, streams }).
//   With &src=URL (the site's stream server, e.g. http://127.0.0.1:P/api/v1/speedtest) the same
//   reading loop reads the speed test's own download calls (POST URL/start, then GET
//   URL/download?t=ID&bytes=B, one after the other on each stream): the site's server with the
//   bare page's reader, which tells a slower server from a slower page.
import { createServer } from "node:http";

const CHUNK = Buffer.alloc(1 << 20, 0x61);

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><script>
const q = new URLSearchParams(location.search);
const w = new Worker("/worker.js");
w.onmessage = (e) => { document.body.dataset.result = JSON.stringify(e.data); };
w.postMessage({ streams: Number(q.get("streams") || 4), warm: Number(q.get("warm") || 1000), ms: Number(q.get("ms") || 3000), src: q.get("src") });
</script></body></html>`;

const WORKER = `
onmessage = async (e) => {
  const { streams, warm, ms, src } = e.data;
  const controller = new AbortController();
  let bytes = 0;
  let testId;
  if (src) testId = (await (await fetch(src + "/start", { method: "POST", cache: "no-store" })).json()).testId;
  const readBody = async (url) => {
    const res = await fetch(url, { cache: "no-store", signal: controller.signal });
    const reader = res.body.getReader({ mode: "byob" });
    let buffer = new ArrayBuffer(256 * 1024);
    for (;;) {
      const { done, value } = await reader.read(new Uint8Array(buffer));
      if (done) break;
      bytes += value.byteLength;
      buffer = value.buffer;
    }
  };
  const read = async (i) => {
    if (!src) return readBody("/download?s=" + i + "&r=" + Math.random());
    while (!controller.signal.aborted) await readBody(src + "/download?t=" + testId + "&bytes=" + 128 * 1024 * 1024 + "&s=" + i);
  };
  const reading = Array.from({ length: streams }, (_, i) => read(i).catch(() => {}));
  await new Promise((r) => setTimeout(r, warm));
  const from = bytes;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const counted = bytes - from;
  const took = performance.now() - t0;
  controller.abort();
  await Promise.all(reading);
  postMessage({ mbps: (counted * 8) / (took * 1000), bytes: counted, ms: took, streams });
};
`;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://bare");
  if (url.pathname === "/") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(PAGE);
    return;
  }
  if (url.pathname === "/worker.js") {
    res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" }).end(WORKER);
    return;
  }
  if (url.pathname === "/download") {
    // Until the reader goes away: the page aborts its streams when it has its figure.
    res.writeHead(200, { "content-type": "application/octet-stream", "cache-control": "no-store" });
    const pump = () => {
      while (!res.destroyed && res.write(CHUNK));
    };
    res.on("drain", pump);
    pump();
    return;
  }
  res.writeHead(404, { "content-type": "text/plain" }).end("not found");
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
process.on("SIGTERM", () => process.exit(0));
