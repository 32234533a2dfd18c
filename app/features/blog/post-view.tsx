import type { ReactNode } from "react";
import type { BlogFaqEntry, BlogLanguage, BlogPostImage } from "../../../common/blog/posts";
import { formatDate } from "../../../common/format";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { BlogDemoNotice, CoverImage, DemoBadge, LanguageBadge, PostGrid, type PostCardData } from "./post-card";

export interface PostViewData {
  post: {
    id: number;
    title: string;
    subtitle: string | null;
    language: BlogLanguage;
    tags: string[];
    image: BlogPostImage | null;
    readingMinutes: number;
    publishedAt: string | null;
    faq: BlogFaqEntry[];
    isDemo: boolean;
    company: { name: string; isDemo: boolean } | null;
    author: { fullName: string } | null;
  };
  /** The body, rendered on the server through the content allow-list. */
  html: string;
  twin: { language: BlogLanguage; title: string; path: string } | null;
  related: PostCardData[];
  packages: { id: number; title: string; path: string }[];
  crumbs: { name: string; to?: string }[];
  companyPath: string | null;
  shareUrl: string;
}

/** Plain share links: no script of another site runs on the page. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const u = encodeURIComponent(url);
  const ti = encodeURIComponent(title);
  const links = [
    { label: t("blog.post.shareX"), href: `https://x.com/intent/post?url=${u}&text=${ti}`, name: "X" },
    { label: t("blog.post.shareFacebook"), href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, name: "Facebook" },
    { label: t("blog.post.shareLinkedIn"), href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, name: "LinkedIn" },
    { label: t("blog.post.shareWhatsApp"), href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, name: "WhatsApp" },
    { label: t("blog.post.shareEmail"), href: `mailto:?subject=${ti}&body=${u}`, name: "E-mail" },
  ];
  return (
    <nav aria-label={t("blog.post.share")} className="mt-8" data-testid="share-links">
      <h2 className="text-lg font-semibold">{t("blog.post.share")}</h2>
      <ul className="mt-2 flex flex-wrap gap-3">
        {links.map((l) => (
          <li key={l.name}>
            <a href={l.href} rel="noopener noreferrer nofollow" target={l.href.startsWith("mailto:") ? undefined : "_blank"} aria-label={l.label} className="btn-ghost border border-slate-300 dark:border-slate-600">
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: PostViewData["crumbs"] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("companies.profile.breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap gap-1">
        {crumbs.map((c, i) => (
          <li key={i} className="break-words">
            {c.to ? <PageLink to={c.to}>{c.name}</PageLink> : <span aria-current="page">{c.name}</span>}
            {i < crumbs.length - 1 ? <span aria-hidden="true"> › </span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The post: its header, picture, body, FAQ, tags, share links, translation, company's packages and related posts; `comments` below. */
export function PostView({ data, comments }: { data: PostViewData; comments: ReactNode }) {
  const { t, locale } = useTranslation();
  const { post } = data;
  const writer = post.company ? (
    data.companyPath ? <PageLink to={data.companyPath}>{post.company.name}</PageLink> : post.company.name
  ) : (
    post.author?.fullName
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" lang={post.language === locale ? undefined : post.language} data-testid="blog-post">
      <Breadcrumbs crumbs={data.crumbs} />
      {post.isDemo || post.company?.isDemo ? (
        <div className="mt-4">
          <BlogDemoNotice text={t("blog.post.demoNotice")} />
        </div>
      ) : null}
      <header className="mt-4">
        <div className="flex flex-wrap gap-2">
          {post.language !== locale ? <LanguageBadge language={post.language} /> : null}
          {post.isDemo ? <DemoBadge /> : null}
        </div>
        <h1 className="mt-2 text-3xl font-bold break-words">{post.title}</h1>
        {post.subtitle ? <p className="mt-2 text-lg muted break-words">{post.subtitle}</p> : null}
        <p className="mt-3 text-sm muted" data-testid="post-meta">
          {writer ? <>{writer} · </> : null}
          {post.publishedAt ? <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> : null} · {t("blog.list.readingTime", { count: post.readingMinutes })}
        </p>
        {data.twin ? (
          <p className="mt-2 text-sm" data-testid="post-twin">
            <PageLink to={data.twin.path} hrefLang={data.twin.language} lang={data.twin.language}>
              {t(data.twin.language === "tr" ? "blog.post.twinTr" : "blog.post.twinEn", { title: data.twin.title })}
            </PageLink>
          </p>
        ) : post.language !== locale ? (
          <p className="mt-2 text-sm">{t(post.language === "tr" ? "blog.post.turkishOnly" : "blog.post.englishOnly")}</p>
        ) : null}
      </header>
      {post.image ? <CoverImage image={post.image} first className="mt-6 aspect-video w-full rounded-xl object-cover" /> : null}
      <div className="prose-page blog-body mt-6 break-words" data-testid="post-body" dangerouslySetInnerHTML={{ __html: data.html }} />
      {post.faq.length ? (
        <section aria-labelledby="post-faq-title" className="mt-10" data-testid="post-faq">
          <h2 id="post-faq-title" className="text-2xl font-bold">
            {t("blog.post.faq")}
          </h2>
          <dl className="mt-3 space-y-4">
            {post.faq.map((f, i) => (
              <div key={i}>
                <dt className="font-semibold break-words">{f.question}</dt>
                <dd className="mt-1 whitespace-pre-line break-words">{f.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {post.tags.length ? (
        <section aria-labelledby="post-tags-title" className="mt-8">
          <h2 id="post-tags-title" className="text-lg font-semibold">
            {t("blog.post.tags")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag}>
                <PageLink to={`/blog-yazilari?tag=${encodeURIComponent(tag)}`} className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm no-underline dark:border-slate-600">
                  {tag}
                </PageLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ShareLinks url={data.shareUrl} title={post.title} />
      {post.company && data.packages.length ? (
        <section aria-labelledby="post-packages-title" className="mt-10" data-testid="post-packages">
          <h2 id="post-packages-title" className="text-2xl font-bold">
            {t("blog.post.packages", { company: post.company.name })}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {data.packages.map((p) => (
              <li key={p.id}>
                <PageLink to={p.path}>{p.title}</PageLink>
              </li>
            ))}
          </ul>
          {data.companyPath ? (
            <p className="mt-2 text-sm">
              <PageLink to={`${data.companyPath}/paketler`}>{t("blog.post.allPackages", { company: post.company.name })}</PageLink>
            </p>
          ) : null}
        </section>
      ) : null}
      <div className="mt-10">{comments}</div>
      {data.related.length ? (
        <section aria-labelledby="post-related-title" className="mt-10" data-testid="post-related">
          <h2 id="post-related-title" className="text-2xl font-bold">
            {t("blog.post.related")}
          </h2>
          <PostGrid posts={data.related} />
        </section>
      ) : null}
    </article>
  );
}
