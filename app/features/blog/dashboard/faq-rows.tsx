import { useState } from "react";
import { BLOG_POST_BOUNDS, type BlogFaqEntry } from "../../../../common/blog/posts";
import { BLOG_FAQ_EMPTY_ROWS } from "../../../../common/forms/blog-fields";
import { Field, FormSection } from "../../../components/forms";
import type { useFormFeedback } from "../../../components/forms";
import { useHydrated } from "../../../lib/hydrated";
import { useTranslation } from "../../../lib/i18n";

/**
 * The FAQ entries as numbered rows (faq.N.question, faq.N.answer): the stored ones and
 * BLOG_FAQ_EMPTY_ROWS empty ones, so a page without JavaScript can add that many; with JavaScript
 * a row can be added (up to the schema's maximum) or removed. Those buttons appear once the page
 * is interactive: without JavaScript they would do nothing.
 */
export function FaqRows({ entries, f }: { entries: BlogFaqEntry[]; f: ReturnType<typeof useFormFeedback> }) {
  const { t } = useTranslation();
  const max = BLOG_POST_BOUNDS.maxFaq;
  const [rows, setRows] = useState(() => {
    const start = entries.map((e, i) => ({ key: i, ...e }));
    const sent = Object.keys(f.values).filter((k) => /^faq\.\d+\.question$/.test(k)).length;
    const count = Math.min(max, Math.max(start.length + BLOG_FAQ_EMPTY_ROWS, sent));
    for (let i = start.length; i < count; i++) start.push({ key: i, question: "", answer: "" });
    return start;
  });
  const [next, setNext] = useState(rows.length);
  const hydrated = useHydrated();
  return (
    <FormSection title={t("blog.dashboard.form.faq")} note={t("blog.dashboard.form.faqNote", { max })}>
      <ol className="space-y-4">
        {rows.map((row, i) => (
          <li key={row.key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <fieldset className="space-y-2">
              <legend className="font-medium">{t("blog.dashboard.form.faqEntry", { n: i + 1 })}</legend>
              <Field {...f.field(`faq.${i}.question`)} defaultValue={f.values[`faq.${i}.question`] ?? row.question} optional maxLength={BLOG_POST_BOUNDS.faqQuestion.max} label={t("blog.dashboard.form.faqQuestion")} />
              <Field {...f.field(`faq.${i}.answer`)} defaultValue={f.values[`faq.${i}.answer`] ?? row.answer} optional multiline rows={3} maxLength={BLOG_POST_BOUNDS.faqAnswer.max} label={t("blog.dashboard.form.faqAnswer")} />
              {hydrated ? (
                <button type="button" className="btn-ghost" onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}>
                  {t("blog.dashboard.form.faqRemove", { n: i + 1 })}
                </button>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      {hydrated && rows.length < max ? (
        <button
          type="button"
          className="btn-ghost mt-2"
          onClick={() => {
            setRows((r) => [...r, { key: next, question: "", answer: "" }]);
            setNext((n) => n + 1);
          }}
        >
          {t("blog.dashboard.form.faqAdd")}
        </button>
      ) : null}
    </FormSection>
  );
}
