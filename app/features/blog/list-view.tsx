import { BLOG_SEARCH_MAX_LENGTH, BLOG_SEARCH_MIN_LENGTH } from "../../../common/blog/search-bounds";
import type { ValidationErrors } from "../../../common/validation/messages";
import { ErrorList, FILTER_CONTROL } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { PostGrid, type PostCardData } from "./post-card";

const CHIP =
  "inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 no-underline hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

/** The categories as links; the current one marked. */
export function CategoryNav({ categories, current }: { categories: { url: string; name: string }[]; current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("blog.list.categories")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        <li>
          <PageLink to="/blog-yazilari" aria-current={current === "" ? "page" : undefined} className={CHIP}>
            {t("blog.list.allCategories")}
          </PageLink>
        </li>
        {categories.map((c) => (
          <li key={c.url}>
            <PageLink to={`/blog-yazilari/kategori/${encodeURIComponent(c.url)}`} aria-current={c.url === current ? "page" : undefined} className={CHIP}>
              {c.name}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The word search: a plain GET form to the list it narrows (works without JavaScript), the
 * bounds of common/blog/search-word.ts, its refusal under the field.
 */
export function BlogSearchForm({ action, q, tag, errors }: { action: string; q: string; tag: string; errors: ValidationErrors }) {
  const { t } = useTranslation();
  return (
    <form method="get" action={action} role="search" className="mt-4 flex flex-wrap items-end gap-3" data-testid="blog-search">
      <div className="min-w-0 flex-1">
        <label htmlFor="blog-q" className="font-medium">
          {t("blog.list.search")}
        </label>
        <input
          id="blog-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={BLOG_SEARCH_MAX_LENGTH * 2}
          aria-describedby={errors.q ? "blog-q-hint blog-q-error" : "blog-q-hint"}
          aria-invalid={errors.q ? true : undefined}
          className={FILTER_CONTROL}
        />
        <p id="blog-q-hint" className="mt-1 text-xs muted">
          {t("blog.list.searchHint", { min: BLOG_SEARCH_MIN_LENGTH, max: BLOG_SEARCH_MAX_LENGTH })}
        </p>
        <ErrorList id="blog-q-error" errors={errors.q} />
        <ErrorList id="blog-other-error" errors={errors.page ?? errors.tag} />
      </div>
      {tag ? <input type="hidden" name="tag" value={tag} /> : null}
      <button type="submit" className="btn-primary">
        {t("blog.list.searchSubmit")}
      </button>
    </form>
  );
}

/** The tag cloud: each tag a link to the list of its posts. */
export function TagCloud({ tags }: { tags: { tag: string; count: number }[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <section aria-labelledby="blog-tags-title" className="mt-10">
      <h2 id="blog-tags-title" className="text-2xl font-bold">
        {t("blog.list.tags")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {tags.map((tg) => (
          <li key={tg.tag}>
            <PageLink to={`/blog-yazilari?tag=${encodeURIComponent(tg.tag)}`} className={CHIP}>
              {tg.tag} <span className="text-xs">({tg.count})</span>
            </PageLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A titled strip of cards (featured, trending), nothing when empty. */
export function PostStrip({ id, title, posts }: { id: string; title: string; posts: PostCardData[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10" data-testid={id}>
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      <PostGrid posts={posts} />
    </section>
  );
}

/** The list's feeds, as links (the page's head announces them too). */
export function FeedLinks({ rss, atom }: { rss: string; atom: string }) {
  const { t } = useTranslation();
  return (
    <p className="mt-3 flex flex-wrap gap-4 text-sm">
      <span className="font-medium">{t("blog.list.feeds")}:</span>
      <a href={rss} type="application/rss+xml">
        {t("blog.list.rss")}
      </a>
      <a href={atom} type="application/atom+xml">
        {t("blog.list.atom")}
      </a>
    </p>
  );
}
