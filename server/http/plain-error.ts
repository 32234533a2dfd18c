import type { Request, Response } from "express";
import type { MessageKey } from "../../common/i18n";
import { localeOfPath } from "../../common/paths";
import { translate } from "../i18n";

/**
 * The language of a request refused before its context exists: an /en path, else the language
 * cookie, else Turkish.
 */
export function cookieLocale(req: { url?: string; headers: { cookie?: string } }): "tr" | "en" {
  if (req.url && localeOfPath(req.url.split("?")[0]!) === "en") return "en";
  return /(?:^|;\s*)gb_lng=en(?:;|$)/.test(req.headers.cookie ?? "") ? "en" : "tr";
}

/** A short translated text answer, for requests refused before the page machinery runs. */
export function plainError(req: Request, res: Response, status: number, key: MessageKey) {
  res.status(status).type("text/plain; charset=utf-8").send(translate(cookieLocale(req), { key }));
}
