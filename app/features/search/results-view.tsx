import { SEARCH_MAX_LENGTH } from "../../../common/constants";
import type { SearchHit, SearchKind } from "../../../common/search/kinds";
import type { ValidationMessage } from "../../../common/validation/messages";
import { ErrorList, FILTER_CONTROL } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { Pagination } from "../../components/ui/pagination";
import { useTranslation } from "../../lib/i18n";
import { numberFormat } from "../../../common/format";

/** One hit as the page draws it. */
export type SearchHitView = SearchHit;

export interface SearchGroupView {
  kind: SearchKind;
  total: number;
  /** More than `total` (the count stopped there). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  hits: SearchHitView[];
}

const BADGE = "inline-block rounded-full border px-2 py-0.5 text-xs font-semibold";

/** The search form of the page: a plain GET to /arama (it sends on to the results), so it works without JavaScript. */
export function SearchPageForm({ action, query, error }: { action: string; query: string; error?: ValidationMessage | null }) {
  const { t } = useTranslation();
  return (
    <form method="get" action={action} role="search" className="mt-4 flex flex-wrap items-end gap-3" data-testid="search-page-form">
      <div className="min-w-0 flex-1">
        <label htmlFor="search-page-q" className="font-medium">
          {t("searchResults.formLabel")}
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "search-page-error" : undefined}
          className={FILTER_CONTROL}
        />
        <ErrorList id="search-page-error" errors={error ?? undefined} />
      </div>
      <button type="submit" className="btn-primary">
        {t("searchResults.formSubmit")}
      </button>
    </form>
  );
}

/** The popular searches as links to their results (where a search starts, and when nothing matched). */
export function PopularSearches({ searches }: { searches: readonly { query: string; path: string }[] }) {
  const { t } = useTranslation();
  if (!searches.length) return null;
  return (
    <nav aria-labelledby="popular-searches-title" className="mt-8" data-testid="popular-searches">
      <h2 id="popular-searches-title" className="text-lg font-semibold">
        {t("searchResults.popular")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {searches.map((s) => (
          <li key={s.path}>
            <PageLink to={s.path} className="inline-block rounded-full border border-slate-400 px-3 py-1.5 no-underline hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800">
              {s.query}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Hit({ hit }: { hit: SearchHitView }) {
  const { t, locale } = useTranslation();
  const other = hit.language !== null && hit.language !== locale;
  return (
    <li className="py-3" data-testid="search-hit" lang={other ? (hit.language ?? undefined) : undefined}>
      <PageLink to={hit.path} className="text-lg font-semibold break-words">
        {hit.title}
      </PageLink>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm muted">
        {hit.subtitle ? <span>{hit.subtitle}</span> : null}
        {other && hit.language ? (
          <span lang={locale} className={`${BADGE} border-sky-700 text-sky-900 dark:border-sky-300 dark:text-sky-100`}>
            {t(`searchResults.otherLanguage.${hit.language}`)}
          </span>
        ) : null}
        {hit.isDemo ? <span className={`${BADGE} border-slate-500 text-slate-800 dark:border-slate-400 dark:text-slate-100`}>{t("searchResults.demo")}</span> : null}
      </p>
    </li>
  );
}

/**
 * One group of results: its name and count, its hits or its not-found message, and either its
 * show-more link (every group on one page) or its pages (the group alone).
 */
export function SearchGroupSection({ group, moreHref, pageHref }: { group: SearchGroupView; moreHref?: string; pageHref?: (page: number) => string }) {
  const { t, locale } = useTranslation();
  const name = t(`searchResults.groups.${group.kind}`);
  const atLeast = numberFormat(locale).format(group.total);
  // A capped count ("1.000+") lists its first 1,000: its pages end there.
  const pageCount = Math.ceil(group.total / group.pageSize);
  const headingId = `search-group-${group.kind}`;
  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid={`search-group-${group.kind}`}>
      <h2 id={headingId} className="text-2xl font-bold">
        {name} <span className="text-base font-normal muted">({group.totalCapped ? t("searchResults.groupCountAtLeast", { n: atLeast }) : t("searchResults.groupCount", { count: group.total })})</span>
      </h2>
      {group.total === 0 ? (
        <p className="mt-2">{t(`searchResults.notFound.${group.kind}`)}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          {group.hits.map((h) => (
            <Hit key={`${h.kind}-${h.id}`} hit={h} />
          ))}
        </ul>
      )}
      {moreHref && group.total > group.hits.length ? (
        <p className="mt-3">
          <PageLink to={moreHref} className="font-semibold">
            {group.totalCapped ? t("searchResults.showMoreAtLeast", { group: name, n: atLeast }) : t("searchResults.showMore", { group: name, count: group.total })}
          </PageLink>
        </p>
      ) : null}
      {pageHref ? <Pagination page={group.page} pageCount={Math.max(1, pageCount)} href={pageHref} /> : null}
    </section>
  );
}
