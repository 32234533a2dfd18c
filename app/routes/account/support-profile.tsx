import { Link } from "react-router";
import { usePaths } from "../../lib/paths";
import { getProfileCard } from "../../../server/accounts/profile";
import { signInAgain } from "../../../server/http/pages/page-errors";
import { requirePageUser } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { Avatar } from "../../features/settings/avatar";
import { AboutText, ContactLinks, ProfileSection, SkillList, SocialLinks } from "../../features/settings/profile-view";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/support-profile";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await getProfileCard(context.app, { user: requirePageUser(context, request) }).catch((err) => signInAgain(err, context.locale));
  const t = getT(context.locale);
  return { profile, seo: { title: t("settings.support.title"), description: t("settings.support.description"), index: false } };
}

/** The technical-support card of the signed-in user: skills, city, about, contact, social links. */
export default function SupportProfileRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("settings");
  const { t } = useTranslation();
  const paths = usePaths();
  const { profile } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("settings.support.title")}</h1>
      <p className="mt-2 muted">{t("settings.support.intro")}</p>

      <article aria-labelledby="support-name" className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm dark:border-slate-700">
        <header className="flex items-center gap-4">
          <Avatar url={profile.image} alt={t("settings.profile.photoAlt", { name: profile.fullName })} size={80} />
          <div className="min-w-0">
            <h2 id="support-name" className="text-2xl font-semibold break-words">
              {profile.fullName}
            </h2>
            {profile.city ? <p className="muted">{profile.city}</p> : null}
          </div>
        </header>

        <ProfileSection id="support-skills" title={t("settings.profile.skills")} level={3}>
          <SkillList skills={profile.skills} />
        </ProfileSection>
        <ProfileSection id="support-about" title={t("settings.profile.about")} level={3}>
          <AboutText about={profile.about} emptyText={t("settings.profile.noAbout")} />
        </ProfileSection>
        <ProfileSection id="support-contact" title={t("settings.support.contact")} level={3}>
          <ContactLinks profile={profile} />
        </ProfileSection>
        <ProfileSection id="support-social" title={t("settings.profile.social")} level={3}>
          <SocialLinks social={profile.social} />
        </ProfileSection>
      </article>

      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={`${paths.dashboardSettings()}?sekme=hesap`} className="btn-primary">
          {t("settings.support.edit")}
        </Link>
        <Link to={paths.userProfile()} className="btn-ghost">
          {t("settings.support.ownProfile")}
        </Link>
      </p>
    </div>
  );
}
