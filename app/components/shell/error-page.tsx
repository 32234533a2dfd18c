import { paths } from "../../../common/paths";
import { useTranslation } from "../../lib/i18n";
import { PageLink } from "../ui/page-link";

/**
 * Which message an error answer gets: 403 and 404 say what happened, another 4xx (a 405 for a
 * POST to a page without a form) says the request was refused, anything else is generic.
 */
export function errorKind(status: number): "forbidden" | "notFound" | "requestRefused" | "errorPage" {
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status >= 400 && status < 500) return "requestRefused";
  return "errorPage";
}

/**
 * The body of an error answer (403, 404, 5xx): what happened and a way back. Signed-in people
 * are also offered their dashboard. `signedIn` is false when the root data itself failed.
 * `head`: also the document's title and noindex (React puts them in <head>), for the root error
 * boundary, where no route's meta runs.
 */
export function ErrorPage({ status, signedIn, head = false }: { status: number; signedIn: boolean; head?: boolean }) {
  const { t } = useTranslation();
  const kind = errorKind(status);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="error-page" data-status={status}>
      {head ? (
        <>
          <title>{`${t(`${kind}.title`)} | GenişBant`}</title>
          <meta name="robots" content="noindex" />
        </>
      ) : null}
      {kind === "errorPage" ? null : (
        <p className="text-6xl font-bold text-brand-700 dark:text-brand-300" aria-hidden="true">
          {status}
        </p>
      )}
      <h1 className="mt-4 text-3xl font-bold">{t(`${kind}.title`)}</h1>
      <p className="mt-4">{t(`${kind}.text`)}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <PageLink to={paths.Home()} className="btn-primary">
          {t("notFound.home")}
        </PageLink>
        {signedIn && kind !== "errorPage" ? (
          <PageLink to={paths.dashboardHome()} className="btn-ghost border border-slate-400 dark:border-slate-500">
            {t("forbidden.dashboard")}
          </PageLink>
        ) : null}
      </p>
    </div>
  );
}
