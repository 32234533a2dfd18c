import type { ReactNode } from "react";
import { PageLink } from "./page-link";
import { useTranslation } from "../../lib/i18n";

/**
 * The one pagination of every list: previous and next as real links (they work without
 * JavaScript and are crawlable), the position between them. `href(page)` builds the page's URL
 * with the list's filters kept; `summary` (a total) goes before the links. Nothing when there is
 * one page.
 */
export function Pagination({ page, pageCount, href, summary }: { page: number; pageCount: number; href: (page: number) => string; summary?: ReactNode }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <PageLink to={href(page - 1)} rel="prev" className="btn-ghost border border-slate-300 dark:border-slate-600">
          {t("pagination.previous")}
        </PageLink>
      ) : (
        <span />
      )}
      <span className="text-sm">
        {summary ? <>{summary} · </> : null}
        {t("pagination.pageOf", { page, count: pageCount })}
      </span>
      {page < pageCount ? (
        <PageLink to={href(page + 1)} rel="next" className="btn-ghost border border-slate-300 dark:border-slate-600">
          {t("pagination.next")}
        </PageLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
