import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";

/** Previous/next links and the page position; `href(page)` builds a Turkish path with the filters kept. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("companies.list.pagination")} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <PageLink to={href(page - 1)} rel="prev" className="btn-ghost border border-slate-300 dark:border-slate-600">
          {t("companies.list.previous")}
        </PageLink>
      ) : (
        <span />
      )}
      <span className="text-sm">{t("companies.list.pageOf", { page, count: pageCount })}</span>
      {page < pageCount ? (
        <PageLink to={href(page + 1)} rel="next" className="btn-ghost border border-slate-300 dark:border-slate-600">
          {t("companies.list.next")}
        </PageLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
