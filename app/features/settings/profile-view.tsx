import { ExternalLink, Mail, MapPin, Phone } from "../../components/ui/icons";
import { SOCIAL_KEYS as SOCIAL_FIELDS } from "../../../common/social";
import type { ProfileCard } from "../../../common/profile-card";
import { useTranslation } from "../../lib/i18n";

/** Only http(s) addresses ever become links (the form accepts nothing else; this is a second guard). */
function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** The social profile links, in the spec's order, with rel="me" (they are the user's own). */
export function SocialLinks({ social }: { social: ProfileCard["social"] }) {
  const { t } = useTranslation();
  const links = SOCIAL_FIELDS.flatMap((key) => {
    const href = social[key] ? safeHref(social[key]) : undefined;
    return href ? [{ key, href }] : [];
  });
  if (links.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t("settings.profile.noSocial")}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {links.map(({ key, href }) => (
        <li key={key}>
          <a
            href={href}
            rel="me noopener noreferrer"
            target="_blank"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 no-underline hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t(`settings.social.labels.${key}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SkillList({ skills }: { skills: string[] }) {
  const { t } = useTranslation();
  if (skills.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t("settings.profile.noSkills")}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {skills.map((skill) => (
        <li key={skill} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-slate-800 dark:text-brand-100">
          {skill}
        </li>
      ))}
    </ul>
  );
}

/** Phone and e-mail as links, for the support card. */
export function ContactLinks({ profile }: { profile: ProfileCard }) {
  return (
    <ul className="space-y-2">
      <li className="flex items-center gap-2">
        <Mail aria-hidden="true" className="size-4 shrink-0" />
        <a href={`mailto:${profile.email}`} className="break-all">
          {profile.email}
        </a>
      </li>
      {profile.phone && profile.phoneE164 ? (
        <li className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0" />
          <a href={`tel:${profile.phoneE164}`}>{profile.phone}</a>
        </li>
      ) : null}
      {profile.city ? (
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span>{profile.city}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** Text kept as typed: line breaks shown, never interpreted as markup. */
export function PlainText({ text }: { text: string }) {
  return <p className="whitespace-pre-line leading-7 break-words">{text}</p>;
}

/** A titled part of a profile page (h2 on the profile, h3 inside the support card). */
export function ProfileSection({
  id,
  title,
  level,
  children,
}: {
  id: string;
  title: string;
  level: 2 | 3;
  children: React.ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className={level === 2 ? "mt-8" : "mt-6"}>
      <Heading id={id} className={`mb-2 font-semibold ${level === 2 ? "text-xl" : "text-lg"}`}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** The about text, or a note that there is none. */
export function AboutText({ about, emptyText }: { about: string | null; emptyText: string }) {
  return about ? <PlainText text={about} /> : <p className="text-slate-600 dark:text-slate-300">{emptyText}</p>;
}
