import type { RequestContext } from "../request-context";

/**
 * A value the page renders as HTML and the browser need not get twice (decision 040): for a
 * document render, kept for that render (app/lib/rendered-once.tsx reads it) and null in the
 * loader data; for a client-side navigation's `.data` request, the value itself, which the browser
 * renders.
 */
export function renderedOnce<T>(context: RequestContext, name: string, value: T): T | null {
  if (!context.documentParts) return value;
  context.documentParts.set(name, value);
  return null;
}
