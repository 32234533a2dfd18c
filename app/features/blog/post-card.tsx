import { BLOG_CARD_IMAGE_SIZES, BLOG_POST_IMAGE_SIZES, blogImagePath, blogImageSrcSet, type BlogLanguage, type BlogPostImage } from "../../../common/blog/posts";
import { formatDate } from "../../../common/format";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";

/** A post as a card shows it (the service's BlogPostCard; only what is drawn). */
export interface PostCardData {
  id: number;
  title: string;
  language: BlogLanguage;
  path: string;
  image: BlogPostImage | null;
  readingMinutes: number;
  publishedAt: string;
  isDemo: boolean;
  excerpt: string;
  company: { name: string } | null;
  otherLanguage: boolean;
}

const BADGE = "inline-block rounded-full border px-2 py-0.5 text-xs font-semibold";

export function DemoBadge() {
  const { t } = useTranslation();
  return <span className={`${BADGE} border-slate-500 text-slate-800 dark:border-slate-400 dark:text-slate-100`}>{t("blog.list.demoBadge")}</span>;
}

/** "Turkish only" / "English only": a post of the other language listed because it has no translation. */
export function LanguageBadge({ language }: { language: BlogLanguage }) {
  const { t } = useTranslation();
  return (
    <span lang={language} className={`${BADGE} border-sky-700 text-sky-900 dark:border-sky-300 dark:text-sky-100`} data-testid="language-badge">
      {t(language === "tr" ? "blog.list.turkishOnly" : "blog.list.englishOnly")}
    </span>
  );
}

/** The notice on a page that lists demo posts. */
export function BlogDemoNotice({ text }: { text: string }) {
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="demo-notice">
      {text}
    </p>
  );
}

export function PostCard({ post, headingLevel = 3 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const { t, locale } = useTranslation();
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700" data-testid="post-card" lang={post.language === locale ? undefined : post.language}>
      {post.image ? <CoverImage image={post.image} className="aspect-video w-full object-cover" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-2">
          {post.otherLanguage ? <LanguageBadge language={post.language} /> : null}
          {post.isDemo ? <DemoBadge /> : null}
        </div>
        <H className="text-lg font-semibold break-words">
          <PageLink to={post.path}>{post.title}</PageLink>
        </H>
        <p className="text-sm muted">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {t("blog.list.readingTime", { count: post.readingMinutes })}
          {post.company ? <> · {post.company.name}</> : null}
        </p>
        <p className="text-sm break-words">{post.excerpt}</p>
      </div>
    </article>
  );
}

/** A grid of cards. */
export function PostGrid({ posts, testId }: { posts: PostCardData[]; testId?: string }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {posts.map((p) => (
        <li key={p.id}>
          <PostCard post={p} />
        </li>
      ))}
    </ul>
  );
}

/** A post's cover picture (decorative: the title says what the post is). A list's are loaded lazily; the post page's own first. */
export function CoverImage({ image, className, first = false }: { image: BlogPostImage; className: string; first?: boolean }) {
  const loading = first ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const };
  const src = blogImagePath(image.name);
  const srcSet = blogImageSrcSet(src, image.width);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (first ? BLOG_POST_IMAGE_SIZES : BLOG_CARD_IMAGE_SIZES) : undefined}
      alt=""
      width={image.width}
      height={image.height}
      {...loading}
      className={className}
    />
  );
}
