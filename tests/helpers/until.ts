/** Waits for `fn` to hold (polling every 20 ms), failing with `what` after `timeoutMs`. */
export async function until(fn: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
