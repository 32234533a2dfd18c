// Exact refusals: the status, the error code and the words in each language, never "some 4xx".
import { expect } from "vitest";
import type { ErrorCode } from "../../server/platform/app-error";
import { htmlText, LOCALES, msg, type Locale } from "./messages";

export interface ApiRefusal {
  status: number;
  code: ErrorCode;
  /** Locale key of the answer's `message`. */
  key: string;
  params?: Record<string, string | number>;
  /** Field errors expected in `errors`: field → locale key (exactly these fields). */
  fields?: Record<string, string | { key: string; params?: Record<string, string | number> }>;
}

interface ApiErrorBody {
  success: boolean;
  exception: string;
  message: string;
  errors?: Record<string, string>;
}

/** Checks an /api/v1 answer against the refusal, in the language the request asked for. */
export async function expectApiRefusal(res: Response, locale: Locale, r: ApiRefusal, label = ""): Promise<void> {
  const text = await res.text();
  const where = `${label} (${locale}) answered ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, where).toBe(r.status);
  expect(res.headers.get("content-type") ?? "", where).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ApiErrorBody;
  expect(body.success, where).toBe(false);
  expect(body.exception, where).toBe(r.code);
  expect(body.message, where).toBe(msg(locale, r.key, r.params));
  if (r.fields) {
    const want = Object.fromEntries(
      Object.entries(r.fields).map(([f, m]) => [f, typeof m === "string" ? msg(locale, m) : msg(locale, m.key, m.params)]),
    );
    expect(body.errors ?? {}, where).toEqual(want);
  }
}

/** Sends the same request once per language (Accept-Language) and checks each answer. */
export async function expectApiRefusalInBothLanguages(
  send: (headers: Record<string, string>) => Promise<Response>,
  r: ApiRefusal,
  label = "",
): Promise<void> {
  for (const locale of LOCALES) await expectApiRefusal(await send({ "accept-language": locale }), locale, r, label);
}

export interface PageRefusal {
  status: number;
  /** Locale keys whose text the page shows (a field message, the form's message). */
  keys: (string | { key: string; params?: Record<string, string | number> })[];
}

/** Checks a page's answer to a refused form post: its status and the messages in its language. */
export async function expectPageRefusal(res: Response, locale: Locale, r: PageRefusal, label = ""): Promise<string> {
  const html = await res.text();
  const where = `${label} (${locale}) answered ${res.status}`;
  expect(res.status, where).toBe(r.status);
  for (const k of r.keys) {
    const text = typeof k === "string" ? msg(locale, k) : msg(locale, k.key, k.params);
    expect(html.includes(htmlText(text)) || html.includes(text), `${where}: shows "${text}"\n${html.slice(0, 400)}`).toBe(true);
  }
  return html;
}
