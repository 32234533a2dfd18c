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
