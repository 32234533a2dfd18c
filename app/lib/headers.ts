/**
 * Route `headers`: the Retry-After of a rate-limited answer and a page's Cache-Control reach the
 * document response (React Router passes only Set-Cookie on by default).
 */
export function passHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }): Headers {
  const out = new Headers();
  for (const name of ["Retry-After", "Cache-Control"]) {
    const value = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (value) out.set(name, value);
  }
  return out;
}

/** Route `headers` of a page of someone's own data: never stored by a shared cache; keeps an action's Retry-After. */
export function privatePageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const out = new Headers({ "Cache-Control": "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
}
