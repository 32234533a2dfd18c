import { withSiteName } from "../../../common/site";
import { data } from "react-router";
import { formatDateTime } from "../../../common/format";
import { packageSearchQuery, packageSearchSchema } from "../../../common/forms/package-search";
import { formatLastQuery, LAST_QUERY_COOKIE, LAST_QUERY_MAX_AGE } from "../../../common/infrastructure/last-query";
import { flatAddressText, provinceOf, type FlatAnswer } from "../../../common/infrastructure/types";
import { pathsFor } from "../../../common/paths";
import { findProvinceByCode } from "../../../server/reference/cities";
import { queryFlat } from "../../../server/infrastructure/lookups";
import { alertWaitsFor, requestAlert } from "../../../server/infrastructure/alerts";
import { countReports, reportWrongData } from "../../../server/infrastructure/reports";
import { searchPackages } from "../../../server/packages/search-packages";
import { areaSpeeds } from "../../../server/speedtest/area-speeds";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import type { RequestContext } from "../../../server/http/request-context";
import { AppError, isAppError } from "../../../server/platform/app-error";
import { getT } from "../../../server/i18n";
import type { AnswerActionData } from "../../features/infrastructure/answer-forms";
import { breadcrumbs } from "../../features/infrastructure/breadcrumbs";

interface PageArgs {
  request: Request;
  params: { bbk: string };
  context: RequestContext;
}

/** Packages shown on the answer page; the rest are one link away on /paketler. */
const FLAT_PACKAGES_SHOWN = 6;
/** Search results show titles up to about this long. */
const TITLE_MAX = 60;

/** What search engines show of a description. */
const DESCRIPTION_MAX = 155;

/**
 * The answer page's whole title: "{neighbourhood}, {district} internet altyapısı | GenişBant", shortened
 * until it fits TITLE_MAX (without the site name, then without the district, then a generic one).
 */
function answerTitle(t: ReturnType<typeof getT>, answer: FlatAnswer): string {
  const part = (level: string) => answer.address.find((p) => p.level === level)?.value;
  const hood = part("neighbourhood") ?? part("village");
  const district = part("district");
  const places = [hood && district ? `${hood}, ${district}` : null, hood ?? district ?? null].filter((p): p is string => !!p);
  for (const place of places) {
    const title = t("infrastructure.answer.pageTitle", { place });
    for (const candidate of [withSiteName(title), title]) if (candidate.length <= TITLE_MAX) return candidate;
  }
  // A very long name: cut it, with an ellipsis, to what the words around it leave.
  const room = TITLE_MAX - t("infrastructure.answer.pageTitle", { place: "" }).length;
  if (hood && room >= 12) return t("infrastructure.answer.pageTitle", { place: `${hood.slice(0, room - 1).trimEnd()}…` });
  return withSiteName(t("infrastructure.answer.pageTitleShort"));
}

/** "<street, neighbourhood, district, province>: fiber, VDSL and ADSL …", within what search engines show. */
function answerDescription(t: ReturnType<typeof getT>, answer: FlatAnswer): string {
  const part = (level: string) => answer.address.find((p) => p.level === level)?.value;
  const hood = part("neighbourhood") ?? part("village");
  const candidates = [
    [part("street"), hood, part("district"), part("province")],
    [hood, part("district"), part("province")],
    [hood, part("district")],
  ];
  for (const parts of candidates) {
    const place = parts.filter((v): v is string => !!v).join(", ");
    const text = place ? t("infrastructure.answer.descriptionAt", { place }) : "";
    if (text && text.length <= DESCRIPTION_MAX) return text;
  }
  return t("infrastructure.answer.description");
}

/**
 * /internet-altyapi-hiz-sorgulama/daire/:bbk: the answer for one flat, server-rendered, shareable
 * by its URL. An unknown or malformed code is a 404; a source that is down a 503 with "try
 * again". The query is counted for the city pages, and remembered on the device (cookie).
 */
export async function answerPage({ params, context }: PageArgs) {
  const t = getT(context.locale);
  const paths = pathsFor(context.locale);
  let answer;
  try {
    answer = await queryFlat(context.app, { input: { bbk: params.bbk }, countFor: { ipHash: context.ipHash } });
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (err.code === "E_VALIDATION" || err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
    return data(
      { kind: "unavailable" as const, message: err.messageKey, seo: { title: t("infrastructure.answer.heading"), description: t(err.messageKey.key), index: false } },
      { status: err.status, headers: { "Cache-Control": "no-store", ...(err.retryAfterSeconds ? { "Retry-After": String(err.retryAfterSeconds) } : {}) } },
    );
  }
  const address = flatAddressText(answer);
  const il = provinceOf(answer);
  const province = il === null ? undefined : findProvinceByCode(il);
  const crumbs = [
    { name: t("nav.home"), path: paths.Home() },
    { name: t("infrastructure.query.title"), path: paths.altyapiSorgulama() },
    ...(province ? [{ name: province.name, path: paths.altyapiSorgulamaIl(province.url) }] : []),
    { name: t("infrastructure.answer.heading"), path: paths.altyapiSonuc(String(answer.bbk)) },
  ];
  const secure = context.app.config.SITE_URL.startsWith("https:") ? "; Secure" : "";
  const cookie = `${LAST_QUERY_COOKIE}=${formatLastQuery({ il: province ? province.code : null, bbk: answer.bbk, address })}; Path=/; Max-Age=${LAST_QUERY_MAX_AGE}; SameSite=Lax${secure}`;
  const reports = await countReports(context.app, answer.bbk);
  // The packages that reach this flat: the /paketler search with the flat's filter (the same service).
  // Ranked by the average per month over 24 months, all included (common/package-cost.ts RANKING_MONTHS):
  // a 12-month total is not set against a 24-month one.
  const search = packageSearchSchema.parse({ kind: "internet", flat: answer.bbk, sort: "average" });
  const reaching = await searchPackages(context.app, search, { flat: answer, pageSize: FLAT_PACKAGES_SHOWN, facets: false });
  // A line slower than every package on sale over its technologies: those packages, shown as
  // running no faster than the line (an "up to" package on a slower line gets what the line carries).
  const lines = reaching.flat?.technologies.filter((l) => l.maxDownMbps !== null) ?? [];
  const beyondLine =
    reaching.total === 0 && lines.length ? await searchPackages(context.app, search, { flat: answer, pageSize: FLAT_PACKAGES_SHOWN, facets: false, ignoreLineSpeed: true }) : null;
  // The measured speeds of the flat's district when its tests are enough, else of its province.
  const district = answer.address.find((p) => p.level === "district")?.value ?? null;
  const measured = province ? await areaSpeeds(context.app, { province: province.code, district }) : null;
  return data(
    {
      kind: "answer" as const,
      answer,
      reports,
      alertWaitsFor: alertWaitsFor(answer),
      address,
      fetchedAt: formatDateTime(answer.fetchedAt),
      packages: {
        items: reaching.items,
        total: reaching.total,
        allPath: paths.searchPackages() + packageSearchQuery(search),
        usdPerTry: context.app.config.USD_PER_TRY,
        beyondLine: beyondLine?.total ? { items: beyondLine.items, lines } : null,
      },
      measured,
      jsonLd: breadcrumbs(context.app.config.SITE_URL, crumbs),
      // Indexable: an answer is about one real address (demo answers say they are demo on the page).
      seo: { title: answerTitle(t, answer), siteName: false as const, description: answerDescription(t, answer) },
    },
    { headers: { "Cache-Control": "no-store", "Set-Cookie": cookie } },
  );
}

/** The answer page's two forms, by `intent`: report wrong data, and alert me. The flat is the page's. */
export async function answerAction({ request, params, context }: PageArgs) {
  let intent: string | undefined;
  try {
    const form = await readVerifiedForm(request, context);
    const value = form.get("intent");
    intent = typeof value === "string" ? value : undefined;
    const fields = { ...Object.fromEntries(form), bbk: params.bbk };
    if (intent === "report") await reportWrongData(context.app, { input: fields, ip: context.ip });
    else if (intent === "alert") await requestAlert(context.app, { input: fields, locale: context.locale, ip: context.ip });
    else throw new AppError("E_BAD_REQUEST", "errors.badRequest");
    return data<AnswerActionData>({ success: true, intent });
  } catch (err) {
    const failure = formFailure(err, context);
    return data<AnswerActionData>({ ...failure.data, intent }, failure.init ?? undefined);
  }
}
