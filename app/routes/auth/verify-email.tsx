import { data, Link } from "react-router";
import { usePaths } from "../../lib/paths";
import { verifyEmail } from "../../../server/accounts/verify-email";
import { getT } from "../../../server/i18n";
import { SuccessMessage } from "../../components/forms";
import { AuthCard } from "../../features/auth/fields";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

/**
 * The link from the verification mail. Opening it is what verifies, so the GET does the work;
 * it is idempotent in effect (a second visit changes nothing and says the link is used up).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  const seo = { title: t("auth.verify.metaTitle"), description: t("auth.verify.metaDescription"), index: false };
  const { status } = await verifyEmail(context.app, params.code);
  const http = status === "verified" ? 200 : status === "expired" ? 410 : 404;
  return data({ seo, status }, { status: http, headers: { "Cache-Control": "no-store" } });
}

export default function VerifyEmailRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  const paths = usePaths();
  const { status } = loaderData;
  const signedIn = useRootData().user !== null;
  return (
    <AuthCard title={t("auth.verify.title")}>
      {status === "verified" ? (
        <SuccessMessage>
          <p>{t("auth.verify.success")}</p>
        </SuccessMessage>
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {t(status === "expired" ? "auth.verify.expired" : "auth.verify.invalid")}
        </p>
      )}
      <p className="mt-4 flex flex-wrap gap-2">
        {signedIn ? null : (
          <Link to={paths.Login()} className="btn-primary">
            {t("auth.verify.toLogin")}
          </Link>
        )}
        <Link to={paths.Home()} className="btn-ghost">
          {t("auth.verify.toHome")}
        </Link>
      </p>
    </AuthCard>
  );
}
