import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import en from "../locales/en";
import tr from "../locales/tr";
import { CORE_NAMESPACES, createTranslate, namespaceOf, type Namespace, type Translate } from "../common/i18n";
import { DOCUMENT_BYTES } from "../server/http/document-bytes";
import { scriptsAfterFirstPaint } from "../server/http/scripts-after-paint";
import { localeChunks } from "../server/http/locale-chunks";
import { DATABASE_RETRY_AFTER_SECONDS } from "../server/db/limits";
import { I18nProvider, type I18nValue } from "./lib/i18n";
import { DocumentPartsProvider } from "./lib/rendered-once";

export const streamTimeout = 5_000;

const i18nByLocale: Record<string, I18nValue> = {
  // One language each, no fallback: the browser has only the page's language, and its render must match.
  tr: { locale: "tr", t: createTranslate("tr", tr) },
  en: { locale: "en", t: createTranslate("en", en) },
};

/**
 * One request's texts: the language's translate function, noting which namespaces the render
 * used and which its components declared (useNamespaces), for the browser's list (decision 034).
 */
function requestI18n(locale: string) {
  const base = i18nByLocale[locale] ?? i18nByLocale.tr!;
  const used = new Set<Namespace>();
  const declared = new Set<Namespace>(CORE_NAMESPACES);
  const t = Object.assign(
    (key: Parameters<Translate>[0], options?: Parameters<Translate>[1]) => {
      used.add(namespaceOf(key));
      return base.t(key, options);
    },
    { has: base.t.has },
  ) as Translate;
  const need = (names: readonly Namespace[]) => {
    for (const name of names) declared.add(name);
    return undefined;
  };
  return { value: { locale: base.locale, t, need } satisfies I18nValue, used, declared };
}

const warnedUndeclared = new Set<string>();

/**
 * The namespaces the browser needs for this page beyond the core ones: a statement for the
 * module loader, and the chunks to preload beside the route modules (core ones included). A
 * namespace the render used that no component declared would be missing after a client-side
 * navigation to this page: under test that fails the render, in production it is logged once
 * per route.
 */
function namespacesForBrowser(i18n: ReturnType<typeof requestI18n>, routerContext: EntryContext): { then: string; preload: string[] } {
  const undeclared = [...i18n.used].filter((name) => !i18n.declared.has(name));
  if (undeclared.length > 0) {
    const route = routerContext.staticHandlerContext.matches.at(-1)?.route.id ?? "?";
    const message = `i18n: route ${route} used the namespaces ${undeclared.join(", ")} without declaring them (useNamespaces)`;
    if (process.env.NODE_ENV === "test") throw new Error(message);
    if (!warnedUndeclared.has(route)) {
      warnedUndeclared.add(route);
      console.error(message);
    }
  }
  const all = [...new Set([...i18n.used, ...i18n.declared])].sort();
  const names = all.filter((name) => !CORE_NAMESPACES.includes(name));
  const preload = all.flatMap((name) => localeChunks[`${i18n.value.locale}/${name}`] ?? []);
  return { then: `window.__gbI18n=${JSON.stringify(names)}`, preload };
}

/** What React Router's <StreamTransfer> looks up before it would suspend on the stream. */
interface StreamCacheEntry {
  result: { done: boolean; value: string };
}

/**
 * The React Router internals the fast path relies on (checked here at every render, and against
 * the installed package by app/entry.server.test.ts): an entry context carrying the loader data
 * as a web stream (`serverHandoffStream`) and a `renderMeta` object whose `streamCache` entry 0
 * <StreamTransfer> reads before suspending.
 */
function handoffOf(routerContext: EntryContext): { stream: ReadableStream<Uint8Array>; renderMeta: { streamCache?: Record<number, StreamCacheEntry> } } {
  const { serverHandoffStream: stream, renderMeta } = routerContext as { serverHandoffStream?: unknown; renderMeta?: unknown };
  if (!(stream instanceof ReadableStream) || typeof renderMeta !== "object" || renderMeta === null) {
    throw new Error("React Router internals changed: the entry context has no serverHandoffStream/renderMeta (see app/entry.server.tsx)");
  }
  return { stream: stream as ReadableStream<Uint8Array>, renderMeta: renderMeta as { streamCache?: Record<number, StreamCacheEntry> } };
}

/**
 * The loader data React Router sends along with the page, read whole. Its serialiser (turbo-stream)
 * works asynchronously even when nothing is deferred.
 */
async function readHandoff(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text + decoder.decode();
}

const isThenable = (value: unknown) => typeof (value as { then?: unknown } | null)?.then === "function";

/** A route deferred data: its loader (or action) answered with a promise among its values. */
export function defersData(routerContext: Pick<EntryContext, "staticHandlerContext">): boolean {
  const { loaderData, actionData } = routerContext.staticHandlerContext;
  return [loaderData, actionData].some((byRoute) =>
    Object.values(byRoute ?? {}).some((data) => isThenable(data) || (data !== null && typeof data === "object" && Object.values(data).some(isThenable))),
  );
}

/**
 * Streaming render, for a page whose loader defers data (a slow lookup): the shell goes out at
 * once, the deferred parts as they resolve (React's streaming renderer, as React Router's
 * default entry does).
 */
function renderStreaming(app: ReactNode, status: number, headers: Headers, nonce: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let statusCode = status;
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onShellReady() {
        shellRendered = true;
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }));
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        statusCode = 500;
        // Errors inside the shell reject above; later ones are reported here.
        if (shellRendered) console.error(error);
      },
    });
    // Deferred data still pending after streamTimeout is rejected by React Router; this ends the render.
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/**
 * Renders the whole document as one string (decision 007), unless a route deferred data.
 *
 * React Router normally streams its loader data through a Suspense boundary, which needs React's
 * streaming renderer; that renderer encodes each of thousands of small strings into bytes on
 * its own and cost several times more CPU per element than renderToString (measured: 0.39 ms
 * against 0.08 ms for 160 elements). Without deferred data, the data is read first and handed to
 * <StreamTransfer> through the cache it checks before suspending; the document then renders in
 * one synchronous pass, with the same markup and the same hydration script.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = requestI18n(loadContext.locale);
  // A page whose database did not answer in time (server/http/busy-pages.ts) says when to come back.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  const app = (
    <I18nProvider value={i18n.value}>
      <DocumentPartsProvider value={loadContext.documentParts ?? null}>
        <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
      </DocumentPartsProvider>
    </I18nProvider>
  );
  if (defersData(routerContext)) return renderStreaming(app, responseStatusCode, responseHeaders, loadContext.nonce);

  const handoff = handoffOf(routerContext);
  handoff.renderMeta.streamCache = { 0: { result: { done: true, value: await readHandoff(handoff.stream) } } };
  const html = renderToString(app);
  const browser = namespacesForBrowser(i18n, routerContext);
  const bytes = Buffer.from(`<!DOCTYPE html>${scriptsAfterFirstPaint(html, browser.then, browser.preload)}`);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(bytes.byteLength));
  // The bytes travel beside the Response: server/http/page-handler.ts writes them as they are.
  const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
  Object.defineProperty(response, DOCUMENT_BYTES, { value: bytes });
  return response;
}

/**
 * Logs server errors as React Router's default does, but not a client's mistake it answered with
 * a 4xx of its own (a POST to a page without a form is 405): that is an answer, not a bug.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};
