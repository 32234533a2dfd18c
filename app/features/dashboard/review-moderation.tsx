// The review moderation of the dashboard (yorumlar): its tabs, and one review with the actions
// its state offers.
import { Form, useLocation } from "react-router";
import type { ReviewState } from "../../../common/companies";
import { MODERATION_INTENTS, type ModerationIntent } from "../../../common/forms/moderation";
import type { ReviewSubject } from "../../../common/reviews";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

/** The tabs (spec §2) and the reviews each lists: company profiles and packages; blog posts fill when the blog lands. */
export const REVIEW_TABS = { isletmeler: "company", blog: null, paketler: "package" } as const satisfies Record<string, ReviewSubject | null>;
export type ReviewTab = keyof typeof REVIEW_TABS;

export function parseReviewTab(v: string | null): ReviewTab {
  return v !== null && Object.hasOwn(REVIEW_TABS, v) ? (v as ReviewTab) : "isletmeler";
}

/** A review as the moderation list shows it, with the links to what it is about and to its author. */
export interface ModerationRowView {
  id: number;
  companyName: string;
  /** The company's profile, or null while it is not published. */
  companyPath: string | null;
  packageTitle: string | null;
  /** The package's page, or null when it is not visible. */
  packagePath: string | null;
  fullName: string;
  author: { name: string; email: string; path: string } | null;
  title: string;
  body: string;
  score: number;
  state: ReviewState;
  isDemo: boolean;
  date: string;
}

/** The actions a review in a state offers. */
function actionsFor(state: string): ModerationIntent[] {
  return (Object.keys(MODERATION_INTENTS) as ModerationIntent[]).filter((i) => (MODERATION_INTENTS[i].from as readonly string[]).includes(state));
}

/** One review of the list and its confirm, remove and restore forms (posted to the page as it is). */
export function ModerationItem({ review: r, subject }: { review: ModerationRowView; subject: ReviewSubject | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-review-id={r.id}>
      <p className="text-sm muted">
        {t("companyAdmin.comments.company")}:{" "}
        {r.companyPath ? <a href={r.companyPath}>{r.companyName}</a> : <span>{r.companyName}</span>}
        {r.companyPath ? null : <span> ({t("companyAdmin.comments.notPublished")})</span>}
        {r.isDemo ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">{t("companyAdmin.list.demo")}</span> : null}
      </p>
      {r.packageTitle !== null ? (
        <p className="text-sm muted">
          {t("companyAdmin.comments.package")}: {r.packagePath ? <a href={r.packagePath}>{r.packageTitle}</a> : <span>{r.packageTitle}</span>}
          {r.packagePath ? null : <span> ({t("companyAdmin.comments.packageNotVisible")})</span>}
        </p>
      ) : null}
      <h2 className="mt-1 text-lg font-semibold">{r.title}</h2>
      <p className="text-sm">
        {t("companyAdmin.comments.author")}: {r.fullName} · {t("companyAdmin.comments.account")}:{" "}
        {r.author ? (
          <a href={r.author.path} data-testid="review-author">
            {`${r.author.name} (${r.author.email})`}
          </a>
        ) : (
          <span>{t("companyAdmin.comments.noAccount")}</span>
        )}{" "}
        · {t("companyAdmin.comments.score")}: {t("companyAdmin.comments.scoreValue", { score: r.score })} · {r.date} ·{" "}
        {t("companyAdmin.comments.state")}: {t(`companyAdmin.reviewStates.${r.state}`)}
      </p>
      <p className="mt-2 break-words whitespace-pre-line">{r.body}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {actionsFor(r.state).map((intent) => (
          <Form key={intent} method="post" action={`${location.pathname}${location.search}`}>
            <CsrfInput />
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="subject" value={subject ?? ""} />
            <input type="hidden" name="reviewId" value={r.id} />
            <button
              type="submit"
              className={intent === "remove" ? "btn-ghost" : "btn-primary"}
              aria-label={t("companyAdmin.comments.actionFor", { action: t(`companyAdmin.comments.${intent}`), title: r.title })}
            >
              {t(`companyAdmin.comments.${intent}`)}
            </button>
          </Form>
        ))}
      </div>
    </li>
  );
}
