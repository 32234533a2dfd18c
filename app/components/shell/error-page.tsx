import { withSiteName } from "../../../common/site";
import { NOT_FOUND_MESSAGES, type NotFoundPage } from "../../../common/not-found";
import { paths } from "../../../common/paths";
import { namespaceOf } from "../../../common/i18n";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { PageLink } from "../ui/page-link";

/**
 * Which message an error answer gets: 403 and 404 say what happened, another 4xx (a 405 for a
 * POST to a page without a form) says the request was refused, a 503 that the site is busy for
 * a moment (its database did not answer in time), anything else is generic.
 */
export function errorKind(status: number): "forbidden" | "notFound" | "requestRefused" | "unavailable" | "errorPage" {
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status === 503) return "unavailable";
  if (status >= 400 && status < 500) return "requestRefused";
  return "errorPage";
}

/** Where a specific not-found page leads on: the lists the missing thing would be in. */
function onwardLink(page: NotFoundPage): { to: string; key: "notFound.links.company" | "notFound.links.companyPackage" | "notFound.links.package" | "notFound.links.blogPost" } {
  if (page.notFound === "blogPost") return { to: paths.blogs(), key: "notFound.links.blogPost" };
  if (page.notFound === "company") return { to: paths.searchCorporates(), key: "notFound.links.company" };
  if (page.notFound === "companyPackage" && page.company) return { to: page.company.packagesPath, key: "notFound.links.companyPackage" };
  return { to: paths.searchPackages(), key: "notFound.links.package" };
}

/**
 * The body of an error answer (403, 404, 5xx): what happened and a way back. Signed-in people
 * are also offered their dashboard. `signedIn` is false when the root data itself failed.
 * `head`: also the document's title and noindex (React puts them in <head>), for the root error
 * boundary, where no route's meta runs. `notFound`: a 404 that names what was not found (spec
 * §8: a company profile, a package of a profile, a package) says so, with a link to where it
 * would be; any other 404 keeps the generic text.
 */
export function ErrorPage({ status, signedIn, head = false, notFound }: { status: number; signedIn: boolean; head?: boolean; notFound?: NotFoundPage | null }) {
  const { t } = useTranslation();
  const kind = errorKind(status);
  const specific = kind === "notFound" && notFound ? notFound : null;
  useNamespaces(...(specific ? [namespaceOf(NOT_FOUND_MESSAGES[specific.notFound])] : []));
  const company = specific?.company?.name ?? "";
  // The spec's message ("Paket bulunamadı.") as a heading and title: without its full stop.
  const title = specific ? t(NOT_FOUND_MESSAGES[specific.notFound]).replace(/\.$/, "") : t(`${kind}.title`);
  const onward = specific ? onwardLink(specific) : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="error-page" data-status={status} data-not-found={specific?.notFound}>
      {head ? (
        <>
          <title>{withSiteName(title)}</title>
          <meta name="robots" content="noindex" />
        </>
      ) : null}
      {kind === "errorPage" ? null : (
        <p className="text-6xl font-bold text-brand-700 dark:text-brand-300" aria-hidden="true">
          {status}
        </p>
      )}
      <h1 className="mt-4 text-3xl font-bold break-words">{title}</h1>
      <p className="mt-4 break-words">{specific ? t(`notFound.hints.${specific.notFound}`, { company }) : t(`${kind}.text`)}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <PageLink to={paths.Home()} className="btn-primary">
          {t("notFound.home")}
        </PageLink>
        {onward ? (
          <PageLink to={onward.to} className="btn-ghost border border-slate-400 dark:border-slate-500">
            {t(onward.key, { company })}
          </PageLink>
        ) : null}
        {signedIn && kind !== "errorPage" ? (
          <PageLink to={paths.dashboardHome()} className="btn-ghost border border-slate-400 dark:border-slate-500">
            {t("forbidden.dashboard")}
          </PageLink>
        ) : null}
      </p>
    </div>
  );
}
