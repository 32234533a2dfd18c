// A stored speed test result on the site under test, made the way the page makes one (a real
// short test against the stream server, then its receipt): the sweep's sample for the share page.
export async function storeSampleResult(base: string): Promise<string> {
  const api = `${base}/api/v1/speedtest`;
  const { testId } = (await (await fetch(`${api}/start`, { method: "POST" })).json()) as { testId: string };
  for (let i = 0; i < 12; i++) await (await fetch(`${api}/ping?t=${testId}`)).arrayBuffer();
  await (await fetch(`${api}/download?t=${testId}&bytes=2000000`)).arrayBuffer();
  const until = Date.now() + 1500;
  while (Date.now() < until) await (await fetch(`${api}/upload?t=${testId}`, { method: "POST", body: new Uint8Array(200_000) })).json();
  const { receipt, upload } = (await (await fetch(`${api}/finish?t=${testId}`, { method: "POST" })).json()) as { receipt: string; upload: number };
  const res = await fetch(`${api}/results`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ receipt, download: 1, upload, ping: 2, pingMin: 1.5, jitter: 0.2, loadedDown: 3, loadedUp: 3, provider: "Örnek Sağlayıcı", city: 35, promisedDown: 50 }),
  });
  const body = (await res.json()) as { id?: string; message?: string };
  if (!body.id) throw new Error(`the sample result was not stored: ${res.status} ${body.message}`);
  return body.id;
}
