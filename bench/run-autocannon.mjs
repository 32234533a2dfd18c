// Load generator, run as its own child process so it never shares an event loop with what it
// measures. Each IPC message `{ url, method, headers, connections, seconds }` runs autocannon
// once and is answered with a summary. The parent sends a warm-up run (its answer is
// discarded), then the measured run. Exits when the parent disconnects.
import autocannon from "autocannon";

const round = (n, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

process.on("message", async (opts) => {
  try {
    const r = await autocannon({
      url: opts.url,
      method: opts.method,
      headers: opts.headers,
      body: opts.body,
      connections: opts.connections,
      duration: opts.seconds,
      timeout: 10,
    });
    process.send({
      seconds: opts.seconds,
      connections: opts.connections,
      requestsPerSecond: round(r.requests.average, 1),
      requestsTotal: r.requests.total,
      latencyMs: {
        mean: round(r.latency.average),
        p50: r.latency.p50,
        p97_5: r.latency.p97_5,
        p99: r.latency.p99,
        max: r.latency.max,
      },
      bytesPerSecond: Math.round(r.throughput.average),
      errors: r.errors,
      timeouts: r.timeouts,
      resets: r.resets,
      non2xx: r.non2xx,
      statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
    });
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) });
  }
});
process.on("disconnect", () => process.exit(0));
