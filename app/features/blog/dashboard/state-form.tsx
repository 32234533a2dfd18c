import { Form } from "react-router";
import { BLOG_STATE_TRANSITIONS, type BlogPostState } from "../../../../common/blog/posts";
import { Field, FormMessages, FormSection, SubmitButton, useFormFeedback, type FormResult } from "../../../components/forms";
import { CsrfInput } from "../../../components/ui/csrf-input";
import { useTranslation } from "../../../lib/i18n";

/**
 * The post's state: where it is, and the moves it allows (BLOG_STATE_TRANSITIONS), each a button
 * of one form; scheduling takes a time, typed in Turkey's time (the job publishes it then).
 */
export function StateForm({ action, state, publishAt, publishAtLocal, result }: { action: string; state: BlogPostState; publishAt: string | null; publishAtLocal: string; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "state", result });
  const moves = BLOG_STATE_TRANSITIONS[state];
  return (
    <FormSection title={t("blog.dashboard.state.title")}>
      <p data-testid="post-state">
        {t("blog.dashboard.state.current", { state: t(`blog.states.${state}`) })}
        {state === "scheduled" && publishAt ? ` ${t("blog.dashboard.state.at", { time: publishAt })}` : null}
      </p>
      <FormMessages feedback={f} successText={result?.success ? result.message : undefined} />
      {moves.includes("scheduled") ? (
        <Form method="post" action={action} className="space-y-3" {...f.formProps}>
          <CsrfInput />
          <input type="hidden" name="intent" value="state" />
          <input type="hidden" name="state" value="scheduled" />
          <Field {...f.field("publishAt")} defaultValue={f.values.publishAt ?? publishAtLocal} type="datetime-local" label={t("blog.dashboard.state.publishAt")} hint={t("blog.dashboard.state.publishAtHint")} />
          <SubmitButton pending={f.pending}>{t("blog.dashboard.state.to_scheduled")}</SubmitButton>
        </Form>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {moves
          .filter((m) => m !== "scheduled")
          .map((m) => (
            <Form key={m} method="post" action={action}>
              <CsrfInput />
              <input type="hidden" name="intent" value="state" />
              <input type="hidden" name="state" value={m} />
              <button type="submit" className={m === "published" ? "btn-primary" : "btn-ghost"}>
                {t(`blog.dashboard.state.to_${m}`)}
              </button>
            </Form>
          ))}
      </div>
    </FormSection>
  );
}
