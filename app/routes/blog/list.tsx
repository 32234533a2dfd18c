import { localizePath } from "../../../common/paths";
import { ItemListJsonLd } from "../../components/ui/json-ld";
import { PageLink } from "../../components/ui/page-link";
import { Pagination } from "../../components/ui/pagination";
import { BlogSearchForm, CategoryNav, FeedLinks, PostStrip, TagCloud } from "../../features/blog/list-view";
import { BlogDemoNotice, PostGrid } from "../../features/blog/post-card";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { blogListData } from "./list.server";
import type { Route } from "./+types/list";
import { numberFormat } from "../../../common/format";

export const meta: Route.MetaFunction = (args) => {
  const feeds = (args.data as { feeds?: { rss: string; atom: string }; title?: string } | undefined)?.feeds;
  const title = (args.data as { title?: string } | undefined)?.title ?? "";
  return [
    ...pageMeta(args),
    ...(feeds
      ? [
          { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${title} (RSS)`, href: feeds.rss },
          { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `${title} (Atom)`, href: feeds.atom },
        ]
      : []),
  ];
};

/** /blog-yazilari, its category lists and its company lists (wiring in list.server.ts). */
export function loader(args: Route.LoaderArgs) {
  const params = args.params as { categoryUrl?: string; corporateUrl?: string };
  return blogListData({ request: args.request, params, context: args.context });
}

export default function BlogListRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("auth", "blog");
  const { t, locale } = useTranslation();
  const { heading, base, query, errors, list, highlights, categories, categoryUrl, feeds } = loaderData;
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.tag) params.set("tag", query.tag);
    if (page > 1) params.set("page", String(page));
    const s = params.toString();
    return s ? `${base}?${s}` : base;
  };
  const shown = [...list.posts, ...(highlights?.featured ?? []), ...(highlights?.trending ?? [])];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <ItemListJsonLd
        name={heading}
        total={list.total}
        firstPosition={(list.page - 1) * list.pageSize + 1}
        items={list.posts.map((p) => ({ path: localizePath(locale, p.path), name: p.title }))}
      />
      <h1 className="text-3xl font-bold break-words">{heading}</h1>
      <FeedLinks rss={feeds.rss} atom={feeds.atom} />
      <CategoryNav categories={categories} current={categoryUrl} />
      <BlogSearchForm action={base} q={query.q ?? ""} tag={query.tag ?? ""} errors={errors} />
      {query.q || query.tag ? (
        <p className="mt-2 text-sm">
          <PageLink to={base.replace(/^\/en(?=\/)/, "")}>{t("blog.list.clear")}</PageLink>
        </p>
      ) : null}
      {shown.some((p) => p.isDemo) ? (
        <div className="mt-4">
          <BlogDemoNotice text={t("blog.list.demoNotice")} />
        </div>
      ) : null}
      {highlights ? <PostStrip id="blog-featured" title={t("blog.list.featured")} posts={highlights.featured} /> : null}
      <section aria-labelledby="blog-recent-title" className="mt-10">
        <h2 id="blog-recent-title" className="text-2xl font-bold">
          {t("blog.list.recent")} <span className="text-base font-normal">({list.totalCapped ? t("blog.list.countAtLeast", { n: numberFormat(locale).format(list.total) }) : t("blog.list.count", { count: list.total })})</span>
        </h2>
        {list.posts.length === 0 ? (
          <p className="mt-4" data-testid="blog-list-empty">
            {t("blog.list.empty")}
          </p>
        ) : (
          <PostGrid posts={list.posts} testId="blog-list" />
        )}
        <Pagination page={list.page} pageCount={list.pageCount} href={pageHref} />
      </section>
      {highlights ? <PostStrip id="blog-trending" title={t("blog.list.trending")} posts={highlights.trending} /> : null}
      {highlights ? <TagCloud tags={highlights.tags} /> : null}
    </div>
  );
}
