import { Form } from "react-router";
import { MODERATION_INTENTS, type ModerationIntent } from "../../../../common/forms/moderation";
import { CsrfInput } from "../../../components/ui/csrf-input";
import { ModerationList } from "../../../components/ui/moderation-list";
import { Pagination } from "../../../components/ui/pagination";
import { useTranslation } from "../../../lib/i18n";

export interface BlogModerationView {
  total: number;
  page: number;
  pageCount: number;
  rows: {
    id: number;
    name: string;
    email: string;
    body: string;
    state: string;
    isDemo: boolean;
    isReply: boolean;
    date: string;
    postTitle: string;
    postPath: string | null;
    author: { name: string; email: string; path: string } | null;
  }[];
}

function actionsFor(state: string): ModerationIntent[] {
  return (Object.keys(MODERATION_INTENTS) as ModerationIntent[]).filter((i) => (MODERATION_INTENTS[i].from as readonly string[]).includes(state));
}

/** The moderation page's blog tab: blog comments by state, each confirmed, removed or restored like a review. */
export function BlogCommentModeration({ list, state, base, action }: { list: BlogModerationView; state: string; base: string; action: string }) {
  const { t } = useTranslation();
  const href = (q: Record<string, string>) => `${base}?${new URLSearchParams(q).toString()}`;
  return (
    <>
      <ModerationList
        base={base}
        tab="blog"
        state={state}
        rows={list.rows}
        total={list.total}
        item={(r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-blog-comment-id={r.id}>
            <p className="text-sm muted">
              {t("blog.dashboard.moderation.post")}: {r.postPath ? <a href={r.postPath}>{r.postTitle}</a> : <span>{r.postTitle}</span>}
              {r.postPath ? null : <span> ({t("blog.dashboard.moderation.notPublic")})</span>}
              {r.isReply ? <span> · {t("blog.dashboard.moderation.reply")}</span> : null}
              {r.isDemo ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">{t("companyAdmin.list.demo")}</span> : null}
            </p>
            <p className="text-sm break-words">
              {t("companyAdmin.comments.author")}: {r.name} ({r.email}) · {t("companyAdmin.comments.account")}:{" "}
              {r.author ? <a href={r.author.path}>{`${r.author.name} (${r.author.email})`}</a> : <span>{t("companyAdmin.comments.noAccount")}</span>} · {r.date} ·{" "}
              {t("companyAdmin.comments.state")}: {t(`companyAdmin.reviewStates.${r.state as "confirmed"}`)}
            </p>
            <p className="mt-2 break-words whitespace-pre-line">{r.body}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {actionsFor(r.state).map((intent) => (
                <Form key={intent} method="post" action={action}>
                  <CsrfInput />
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="subject" value="blog" />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <button
                    type="submit"
                    className={intent === "remove" ? "btn-ghost" : "btn-primary"}
                    aria-label={t("companyAdmin.comments.actionFor", { action: t(`companyAdmin.comments.${intent}`), title: r.postTitle })}
                  >
                    {t(`companyAdmin.comments.${intent}`)}
                  </button>
                </Form>
              ))}
            </div>
          </li>
        )}
      />
      <Pagination page={list.page} pageCount={list.pageCount} href={(page) => href({ sekme: "blog", durum: state, sayfa: String(page) })} />
    </>
  );
}
