// A stored speed test result on the site under test, made the way the page makes one (a real
// short test against the stream server, then its receipt): the sweep's sample for the share page.

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
 * Stores a result of a real short test; by default it names the first demo provider's first
 * package, İzmir and its district Konak (so the share page shows a package and its share).
 */
export async function storeSampleResult(base: string, choice?: Record<string, unknown>): Promise<string> {
  const api = `${base}/api/v1/speedtest`;
  const { testId } = (await (await fetch(`${api}/start`, { method: "POST" })).json()) as { testId: string };
  for (let i = 0; i < 12; i++) await (await fetch(`${api}/ping?t=${testId}`)).arrayBuffer();
  await (await fetch(`${api}/download?t=${testId}&bytes=2000000`)).arrayBuffer();
  const until = Date.now() + 1500;
  while (Date.now() < until) await (await fetch(`${api}/upload?t=${testId}`, { method: "POST", body: new Uint8Array(200_000) })).json();
  const { receipt, upload } = (await (await fetch(`${api}/finish?t=${testId}`, { method: "POST" })).json()) as { receipt: string; upload: number };
  const named = choice ?? (await demoPackageChoice(base).then((c) => ({ companyId: c.companyId, packageId: c.packageId, city: 35, district: "Konak" })));
  const res = await fetch(`${api}/results`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ receipt, download: 1, upload, ping: 2, pingMin: 1.5, jitter: 0.2, loadedDown: 3, loadedUp: 3, ...named }),
  });
  const body = (await res.json()) as { id?: string; message?: string };
  if (!body.id) throw new Error(`the sample result was not stored: ${res.status} ${body.message}`);
  return body.id;
}
