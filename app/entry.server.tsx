import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import en from "../locales/en";
import tr from "../locales/tr";
import { createI18n } from "../common/i18n";
import { I18nProvider, type I18nValue } from "./lib/i18n";

export const streamTimeout = 5_000;

const trI18n = createI18n("tr", { tr: { translation: tr } });
const enI18n = createI18n("en", { en: { translation: en } });
const i18nByLocale: Record<string, I18nValue> = {
  tr: { locale: "tr", t: trI18n.t.bind(trI18n) },
  en: { locale: "en", t: enI18n.t.bind(enI18n) },
};

/**
 * Renders straight to a web stream (no Node stream in between: the Response body is what React
 * writes). Crawlers get the whole document at once; browsers get it as it is rendered.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <I18nProvider value={i18nByLocale[loadContext.locale] ?? i18nByLocale.tr}>
      <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
    </I18nProvider>,
    {
      nonce: loadContext.nonce,
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        loadContext.app?.log.error({ err: error }, "render error");
      },
    },
  );
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  void body.allReady.finally(() => clearTimeout(timer));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
