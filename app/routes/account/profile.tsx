import { data, Link } from "react-router";
import { usePaths } from "../../lib/paths";
import { getProfileCard } from "../../../server/accounts/profile";
import { signInAgain } from "../../../server/http/pages/page-errors";
import { resendVerificationMail } from "../../../server/accounts/resend-verification";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageUser } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { ResendVerification } from "../../features/auth/resend-verification";
import { Avatar } from "../../features/settings/avatar";
import { AboutText, ProfileSection, SkillList, SocialLinks } from "../../features/settings/profile-view";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { privatePageHeaders } from "../../lib/headers";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await getProfileCard(context.app, { user: requirePageUser(context, request) }).catch((err) => signInAgain(err, context.locale));
  const t = getT(context.locale);
  return { profile, seo: { title: t("settings.profile.title"), description: t("settings.profile.description"), index: false } };
}

/** "Send the verification mail again" (the one form of this page). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePageUser(context, request);
  try {
    await readVerifiedForm(request, context);
    const { email } = await resendVerificationMail(context.app, { user, locale: context.locale });
    return data({ success: true as const, email });
  } catch (err) {
    return formFailure(err, context);
  }
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-3 sm:grid-cols-[12rem_1fr] dark:border-slate-700">
      <dt className="font-medium muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export default function ProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("auth", "settings");
  const { t } = useTranslation();
  const paths = usePaths();
  const { profile } = loaderData;
  const settings = paths.dashboardSettings();
  const notGiven = <span className="text-slate-600 dark:text-slate-300">{t("settings.profile.notGiven")}</span>;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <Avatar url={profile.image} alt={t("settings.profile.photoAlt", { name: profile.fullName })} size={112} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("settings.profile.title")}</p>
          <h1 className="text-3xl font-bold break-words">{profile.fullName}</h1>
          <p className="mt-1 muted">
            {t(`settings.profile.accountTypes.${profile.accountType}`)}
            {profile.isAdmin ? ` · ${t("settings.profile.admin")}` : ""}
          </p>
        </div>
        <Link to={settings} className="btn-primary self-start sm:self-center">
          {t("settings.profile.edit")}
        </Link>
      </div>

      <dl className="mt-8">
        <Row label={t("settings.profile.email")}>
          {profile.email}{" "}
          <span className="text-sm text-slate-600 dark:text-slate-300">
            ({profile.emailVerified ? t("settings.profile.emailVerified") : t("settings.profile.emailNotVerified")})
          </span>
          {profile.emailVerified ? null : <ResendVerification result={actionData} />}
        </Row>
        <Row label={t("settings.profile.phone")}>{profile.phone ?? notGiven}</Row>
        <Row label={t("settings.profile.city")}>{profile.city ?? notGiven}</Row>
        <Row label={t("settings.profile.accountType")}>{t(`settings.profile.accountTypes.${profile.accountType}`)}</Row>
        <Row label={t("settings.profile.registeredAt")}>{profile.registeredAt}</Row>
      </dl>

      <ProfileSection id="profile-about" title={t("settings.profile.about")} level={2}>
          <AboutText about={profile.about} emptyText={t("settings.profile.noAbout")} />
        </ProfileSection>
      <ProfileSection id="profile-skills" title={t("settings.profile.skills")} level={2}>
          <SkillList skills={profile.skills} />
        </ProfileSection>
      <ProfileSection id="profile-social" title={t("settings.profile.social")} level={2}>
          <SocialLinks social={profile.social} />
        </ProfileSection>

      <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to={`${settings}?sekme=hesap`}>{t("settings.profile.editAccount")}</Link>
        </li>
        <li>
          <Link to={`${settings}?sekme=sosyal`}>{t("settings.profile.editSocial")}</Link>
        </li>
        <li>
          <Link to={`${settings}?sekme=sifre`}>{t("settings.profile.editPassword")}</Link>
        </li>
        <li>
          <Link to={paths.supportProfile()}>{t("settings.profile.supportProfile")}</Link>
        </li>
      </ul>
    </div>
  );
}
