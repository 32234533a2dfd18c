import { useTranslation } from "../../../lib/i18n";
import type { PostPreviewView } from "./post-view";

/** The saved post as a reader will see it: the page's own markup around the server-rendered body. */
export function PostPreview({ preview }: { preview: PostPreviewView }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="post-preview-title" className="mb-8 rounded-lg border-2 border-dashed border-slate-300 p-4 dark:border-slate-600" data-testid="post-preview">
      <p className="mb-2 text-sm font-semibold uppercase">{t("blog.dashboard.preview.label")}</p>
      <article>
        <p className="text-sm">{preview.category}</p>
        <h2 id="post-preview-title" className="text-3xl font-bold break-words">
          {preview.title}
        </h2>
        {preview.subtitle ? <p className="mt-1 text-lg muted">{preview.subtitle}</p> : null}
        <p className="mt-2 text-sm muted">
          {[preview.writer, preview.date ?? t("blog.dashboard.preview.notPublished"), t("blog.dashboard.preview.reading", { count: preview.readingMinutes })].filter(Boolean).join(" · ")}
        </p>
        {preview.image ? <img src={preview.image.src} width={preview.image.width} height={preview.image.height} alt="" className="mt-4 h-auto max-w-full rounded" /> : null}
        {/* Rendered on the server through the content allow-list, as on the post's own page. */}
        <div className="blog-content prose mt-4 max-w-none break-words dark:prose-invert" dangerouslySetInnerHTML={{ __html: preview.html }} />
        {preview.faq.length ? (
          <section className="mt-6">
            <h3 className="text-xl font-semibold">{t("blog.dashboard.preview.faq")}</h3>
            <dl className="mt-2 space-y-3">
              {preview.faq.map((e, i) => (
                <div key={i}>
                  <dt className="font-medium">{e.question}</dt>
                  <dd className="break-words whitespace-pre-line">{e.answer}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {preview.tags.length ? <p className="mt-4 text-sm">{preview.tags.map((tag) => `#${tag}`).join(" ")}</p> : null}
      </article>
    </section>
  );
}
