import { useNamespaces, useTranslation } from "../lib/i18n";
import { data } from "react-router";
import { formFailure, readVerifiedForm } from "../../server/http/forms/form-action";
import { getT } from "../../server/i18n";
import { subscribeToNewsletter } from "../../server/newsletter/subscribe";
import { NewsletterForm } from "../components/shell/newsletter-form";
import { pageMeta } from "../lib/seo";
import { passHeaders } from "../lib/headers";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader({ context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  return { seo: { title: t("newsletter.pageTitle"), description: t("newsletter.text"), index: false } };
}

/** The footer form posts here (as a fetcher with JavaScript, as a page without). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readVerifiedForm(request, context);
    await subscribeToNewsletter(context.app, {
      input: { email: form.get("email") ?? undefined, emailCheckbox: form.get("emailCheckbox") ?? undefined },
      locale: context.locale,
      ipHash: context.ipHash,
      ip: context.ip,
    });
    return data({ success: true as const });
  } catch (err) {
    return formFailure(err, context);
  }
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">{t("newsletter.pageTitle")}</h1>
      <p className="mt-2 mb-6">{t("newsletter.text")}</p>
      {actionData?.success ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {t("newsletter.success")}
        </p>
      ) : (
        <NewsletterForm idPrefix="newsletter-page" initial={actionData && !actionData.success ? actionData : undefined} />
      )}
    </div>
  );
}
