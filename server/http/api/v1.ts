import express, { type NextFunction, type Request, type Response } from "express";
import { blogCategories } from "../../../common/blog-categories";
import { corporateTypes } from "../../../common/corporate-types";
import type { Locale } from "../../../common/format";
import { submitContactMessage } from "../../contact/submit-contact";
import { subscribeToNewsletter } from "../../newsletter/subscribe";
import { AppError } from "../../platform/app-error";
import { listFooterCities, listProvinces } from "../../reference/cities";
import type { RequestContext } from "../request-context";
import { createAccountsApiRouter } from "./accounts";
import { api, apiLocale, sendError } from "./respond";
import { sendStaticJson } from "./static-json";
import { openApiDocument } from "./openapi";

function localisedTypes(locale: Locale) {
  return corporateTypes.map((t) => ({
    id: t.id,
    key: t.key,
    url: t.url,
    name: t.name[locale],
    corporate_sub_types: t.corporate_sub_types.map((s) => ({ id: s.id, key: s.key, url: s.url, name: s.name[locale] })),
  }));
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Browsers send Origin / Sec-Fetch-Site; a cross-site browser request to a state-changing call
 * is refused (CSRF for cookie sessions). Apps and servers send neither and pass.
 */
function sameOriginOnly(req: Request, res: Response, next: NextFunction) {
  const site = req.headers["sec-fetch-site"];
  const origin = req.headers.origin;
  const crossSite = site === "cross-site" || (origin !== undefined && originHost(origin) !== req.headers.host);
  if (crossSite) {
    const ctx = res.locals.ctx as RequestContext;
    return sendError(res, apiLocale(req, ctx), new AppError("E_CSRF", "errors.csrf"));
  }
  next();
}

export function createApiRouter(): express.Router {
  const router = express.Router();
  const json = express.json({ limit: "100kb", type: () => true });

  router.get("/openapi.json", (_req, res) => {
    const ctx = res.locals.ctx as RequestContext;
    res.json(openApiDocument(ctx.app.config.SITE_URL));
  });

  router.use(sameOriginOnly);

  const reference = (key: string, produce: (locale: Locale) => unknown) => (req: Request, res: Response) => {
    const locale = apiLocale(req, res.locals.ctx as RequestContext);
    sendStaticJson(req, res, `${key}:${locale}`, () => produce(locale));
  };
  router.post("/corporate/sub-types", reference("sub-types", (locale) => ({ sub_types: localisedTypes(locale) })));
  router.post("/ttservice/cities", reference("cities", () => listProvinces().map(({ code, value }) => ({ code, value }))));
  router.post("/ttservice/cities-for-footer", reference("footer-cities", () => listFooterCities().map(({ url, value }) => ({ url, value }))));
  router.post(
    "/blog/categories",
    reference("blog-categories", (locale) => blogCategories.map((c) => ({ id: c.id, name: c.name[locale], url: c.url }))),
  );
  router.post(
    "/home/add-mail-to-list",
    json,
    api(async (req, _res, ctx) => {
      await subscribeToNewsletter(ctx.app, { input: req.body ?? {}, locale: ctx.apiLocale, ipHash: ctx.ipHash, ip: ctx.ip });
      return { success: true };
    }),
  );
  router.post(
    "/contact",
    api(async (req, _res, ctx) => {
      const { id } = await submitContactMessage(ctx.app, {
        headers: req.headers as Record<string, string | undefined>,
        body: req,
        locale: ctx.apiLocale,
        ipHash: ctx.ipHash,
        ip: ctx.ip,
      });
      return { success: true, id };
    }),
  );

  router.use(createAccountsApiRouter());

  router.use((req, res) => {
    const ctx = res.locals.ctx as RequestContext;
    sendError(res, apiLocale(req, ctx), new AppError("E_NOT_FOUND", "errors.notFound"));
  });
  // Body-parser errors (bad JSON, too large) arrive here.
  router.use((err: { type?: string; status?: number }, req: Request, res: Response, _next: NextFunction) => {
    const ctx = res.locals.ctx as RequestContext;
    const mapped =
      err.type === "entity.too.large"
        ? new AppError("E_PAYLOAD_TOO_LARGE", "errors.payloadTooLarge")
        : err.type === "entity.parse.failed"
          ? new AppError("E_BAD_REQUEST", "errors.badJson")
          : err.status && err.status < 500
            ? new AppError("E_BAD_REQUEST", "errors.badRequest")
            : err;
    sendError(res, apiLocale(req, ctx), mapped, ctx.app.log);
  });
  return router;
}
