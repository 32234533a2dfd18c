import { Form } from "react-router";
import { BLOG_COMMENT_BOUNDS } from "../../../common/blog/posts";
import { formatDate } from "../../../common/format";
import { ErrorSummary, Field, schemaCheck, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { Pagination } from "../../components/ui/pagination";
import { useTranslation } from "../../lib/i18n";

const checkComment = schemaCheck(() => import("../../../common/forms/blog").then((m) => m.blogCommentSchema), ["name", "email", "body"]);

interface Comment {
  id: number;
  name: string;
  body: string;
  createdAt: string;
}

export interface CommentsData {
  comments: { comments: (Comment & { replies: Comment[] })[]; total: number; page: number; pageCount: number; pending: (Comment & { parentId: number | null })[] };
  signedIn: boolean;
  member: { name: string; email: string } | null;
  /** Where a guest registers or signs in, coming back to this post. */
  registerHref: string;
  loginHref: string;
  /** The post's path (the comment pages' links). */
  path: string;
}

export type CommentResult = FormResult & { parentId?: string };

/** A comment's text as written: plain text, line breaks kept, nothing made a link. */
function CommentItem({ comment, label }: { comment: Comment; label?: string }) {
  const { t } = useTranslation();
  return (
    <article className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="comment">
      <p className="text-sm font-semibold break-words">
        {comment.name || t("blog.comments.formerMember")} · <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
        {label ? <> · {label}</> : null}
      </p>
      <p className="mt-2 whitespace-pre-line break-words">{comment.body}</p>
    </article>
  );
}

function CommentForm({ member, parentId, result }: { member: { name: string; email: string }; parentId?: number; result: CommentResult | undefined }) {
  const { t } = useTranslation();
  const mine = (result?.parentId ?? "") === (parentId === undefined ? "" : String(parentId));
  const f = useFormFeedback({ id: parentId ? `comment-${parentId}` : "comment", result: mine ? result : undefined, check: checkComment });
  return (
    <>
      {f.succeeded ? (
        <div className="mt-3">
          <SuccessMessage ref={f.successRef}>{t("blog.comments.awaitingApproval")}</SuccessMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" {...f.formProps} data-testid={parentId ? "reply-form" : "comment-form"}>
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
        <CsrfInput />
        <input type="hidden" name="intent" value="comment" />
        {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
        <Field {...f.field("name")} defaultValue={f.field("name").defaultValue ?? member.name} label={t("blog.commentSection.name")} autoComplete="name" maxLength={BLOG_COMMENT_BOUNDS.name.max} required />
        <Field {...f.field("email")} defaultValue={f.field("email").defaultValue ?? member.email} type="email" label={t("blog.commentSection.email")} autoComplete="email" maxLength={BLOG_COMMENT_BOUNDS.email.max} required />
        <Field
          {...f.field("body")}
          multiline
          rows={5}
          label={t("blog.commentSection.body")}
          hint={t("blog.commentSection.bodyHint", { min: BLOG_COMMENT_BOUNDS.body.min, max: BLOG_COMMENT_BOUNDS.body.max })}
          maxLength={BLOG_COMMENT_BOUNDS.body.max}
          required
        />
        <SubmitButton pending={f.pending} className="btn-primary">
          {t("blog.commentSection.submit")}
        </SubmitButton>
      </Form>
    </>
  );
}

/** Confirmed comments with one level of replies, the member's own waiting ones, and the form (or the way to register). */
export function CommentsSection({ data, result }: { data: CommentsData; result: CommentResult | undefined }) {
  const { t } = useTranslation();
  const { comments } = data;
  const href = (page: number) => (page > 1 ? `${data.path}?page=${page}#comments-title` : `${data.path}#comments-title`);
  return (
    <section aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title" className="text-2xl font-bold">
        {t("blog.commentSection.title")} <span className="text-base font-normal" data-testid="comment-count">({t("blog.comments.count", { count: comments.total })})</span>
      </h2>
      {comments.comments.length === 0 ? <p className="mt-3">{t("blog.commentSection.none")}</p> : null}
      <ul className="mt-4 space-y-4">
        {comments.comments.map((c) => (
          <li key={c.id}>
            <CommentItem comment={c} />
            {c.replies.length ? (
              <ul className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700" aria-label={t("blog.commentSection.replies")}>
                {c.replies.map((r) => (
                  <li key={r.id}>
                    <CommentItem comment={r} />
                  </li>
                ))}
              </ul>
            ) : null}
            {data.member ? (
              <details className="mt-2 pl-4" open={result?.parentId === String(c.id) ? true : undefined}>
                <summary className="cursor-pointer text-sm font-medium">{t("blog.commentSection.replyTo", { name: c.name || t("blog.comments.formerMember") })}</summary>
                <CommentForm member={data.member} parentId={c.id} result={result} />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination page={comments.page} pageCount={comments.pageCount} href={href} />
      {comments.pending.length ? (
        <div className="mt-6" data-testid="pending-comments">
          <h3 className="text-lg font-semibold">{t("blog.commentSection.yourPending")}</h3>
          <ul className="mt-2 space-y-3">
            {comments.pending.map((c) => (
              <li key={c.id}>
                <CommentItem comment={c} label={t("blog.commentSection.pending")} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        <h3 className="text-lg font-semibold">{t("blog.commentSection.formTitle")}</h3>
        {data.member ? (
          <CommentForm member={data.member} result={result} />
        ) : (
          <div data-testid="comment-guest">
            <p className="mt-2">{t("blog.errors.membershipRequired")}</p>
            <p className="mt-3 flex flex-wrap items-center gap-2">
              <a href={data.registerHref} className="btn-primary">
                {t("blog.commentSection.register")}
              </a>
              <span>{t("blog.commentSection.guest")}</span>
              <a href={data.loginHref}>{t("blog.commentSection.login")}</a>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
