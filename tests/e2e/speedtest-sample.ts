// A stored speed test result on the site under test, made the way the page makes one (a real
// short test against the stream server, then its receipt): the sweep's sample for the share page.
import { request } from "node:http";

/** A demo internet provider with packages on sale and its first package (the demo catalogue, SEED_DEMO). */
export async function demoPackageChoice(base: string): Promise<{ companyId: number; companyName: string; packageId: number; packageTitle: string; downloadMbps: number; uploadMbps: number | null }> {
  const api = `${base}/api/v1/speedtest`;
  const { providers } = (await (await fetch(`${api}/providers`)).json()) as { providers: { id: number; name: string }[] };
  for (const provider of providers) {
    const { packages } = (await (await fetch(`${api}/providers/${provider.id}/packages`)).json()) as {
      packages: { id: number; title: string; downloadMbps: number | null; uploadMbps: number | null }[];
    };
    const pkg = packages.find((p) => p.downloadMbps !== null);
    if (pkg) return { companyId: provider.id, companyName: provider.name, packageId: pkg.id, packageTitle: pkg.title, downloadMbps: pkg.downloadMbps!, uploadMbps: pkg.uploadMbps };
  }
  throw new Error("no demo internet provider with a package on sale");
}

/**
 * One request from the loopback address `from` (any 127.x.y.z is this machine's): the site sees a
 * client of that address, as it would see different people.
 */
function call(url: string, from: string, init: { method?: string; body?: Uint8Array | string; json?: boolean } = {}): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", localAddress: from, headers: init.json ? { "content-type": "application/json" } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}
const json = async <T>(p: Promise<{ body: Buffer }>) => JSON.parse((await p).body.toString("utf8")) as T;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stores a result of a real short test from the loopback address `from`; by default it names the
 * first demo provider's first package, İzmir and its district Konak (so the share page shows a
 * package and its share). The figures are those the server's receipt allows (decision 022): the
 * download paced for a second and a half, ping and loaded latency as the server timed them.
 */
export async function storeSampleResult(base: string, choice?: Record<string, unknown>, from = "127.0.0.1"): Promise<string> {
  const api = `${base}/api/v1/speedtest`;
  const { testId } = await json<{ testId: string }>(call(`${api}/start`, from, { method: "POST" }));
  for (let i = 0; i < 12; i++) await call(`${api}/ping?t=${testId}`, from);
  const downUntil = Date.now() + 1500;
  while (Date.now() < downUntil) {
    await call(`${api}/download?t=${testId}&bytes=1000000`, from);
    await sleep(50);
  }
  const until = Date.now() + 1500;
  while (Date.now() < until) await call(`${api}/upload?t=${testId}`, from, { method: "POST", body: new Uint8Array(200_000) });
  const { receipt, upload } = await json<{ receipt: string; upload: number }>(call(`${api}/finish?t=${testId}`, from, { method: "POST" }));
  const claims = JSON.parse(Buffer.from(receipt.split(".")[0]!, "base64url").toString("utf8")) as {
    downMbps: number;
    downPeakMbps: number;
    rtt: Record<"idle" | "down" | "up", { n: number; median: number; jitter: number }>;
  };
  const ping = claims.rtt.idle.median;
  const loaded = (r: { n: number; median: number }) => (r.n ? r.median : ping);
  const figures = {
    download: Math.min(claims.downMbps, claims.downPeakMbps),
    upload,
    ping,
    pingMin: ping,
    jitter: claims.rtt.idle.jitter,
    loadedDown: loaded(claims.rtt.down),
    loadedUp: loaded(claims.rtt.up),
  };
  const named = choice ?? (await demoPackageChoice(base).then((c) => ({ companyId: c.companyId, packageId: c.packageId, city: 35, district: "Konak" })));
  const res = await call(`${api}/results`, from, { method: "POST", json: true, body: JSON.stringify({ receipt, ...figures, ...named }) });
  const body = JSON.parse(res.body.toString("utf8")) as { id?: string; message?: string };
  if (!body.id) throw new Error(`the sample result was not stored: ${res.status} ${body.message}`);
  return body.id;
}
