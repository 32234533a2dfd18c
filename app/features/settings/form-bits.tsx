import type { SettingsIntent } from "../../../common/forms/settings";
import { usePaths } from "../../lib/paths";
import { ErrorSummary, SuccessMessage, type FormResult, type useFormFeedback } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

/** What the /ayarlar action answers: which form it was for, and how it went. */
export type SettingsActionData = FormResult;

/** The answer for this form only (other forms on the page ignore it). */
export function resultFor(data: SettingsActionData | undefined, ...intents: SettingsIntent[]): SettingsActionData | undefined {
  return data && intents.includes(data.intent as SettingsIntent) ? data : undefined;
}

/**
 * Where a settings form posts: the page in its language, on the tab the form is on (so a page
 * without JavaScript comes back to it, in the language it was in).
 */
export function useSettingsAction(tab: "hesap" | "sosyal" | "sifre" | "hatirlatmalar" | "kesinti-uyarilari" | "silme"): string {
  return `${usePaths().dashboardSettings()}?sekme=${tab}`;
}

/** The hidden fields every settings form sends: the CSRF token and the intent the action dispatches on. */
export function SettingsHidden({ intent }: { intent: SettingsIntent }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

/** A settings form's section: heading and intro (from `settings.<name>.*`), the success message and the error summary, then the form. */
export function SettingsSection({
  name,
  f,
  successText,
  className,
  children,
}: {
  name: "account" | "photo" | "notifications" | "social" | "password";
  f: ReturnType<typeof useFormFeedback>;
  /** Default: `settings.<name>.success`. */
  successText?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const intro = name === "social" || name === "password" || name === "notifications" ? t(`settings.${name}.intro`) : null;
  return (
    <section aria-labelledby={`${name}-title`} className={className}>
      <h2 id={`${name}-title`} className="mb-4 text-xl font-semibold">
        {t(`settings.${name}.title`)}
      </h2>
      {intro ? <p className="mb-4 muted">{intro}</p> : null}
      <div className="mb-4 empty:hidden">
        {f.succeeded ? <SuccessMessage ref={f.successRef}>{successText ?? t(`settings.${name}.success`)}</SuccessMessage> : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      {children}
    </section>
  );
}
