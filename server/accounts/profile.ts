import { and, eq, isNull } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { formatDate } from "../../common/format";
import type { ProfileCard } from "../../common/profile-card";
import type { AppContext } from "../core/app-context";
import { type SocialKey } from "../../common/social";
import { users } from "./schema";
import { AppError } from "../platform/app-error";
import { findProvinceByCode } from "../reference/cities";
import { avatarUrl } from "./avatar";
import { requireUser } from "./permissions";
import type { SessionUser } from "./sessions";

/** Everything the signed-in user may see and edit of their own account. */
export interface OwnProfile {
  id: number;
  fullName: string;
  email: string;
  emailVerified: boolean;
  accountType: "individual" | "corporate";
  isAdmin: boolean;
  locale: string;
  /** E.164 or null. */
  phone: string | null;
  /** Province plate code or null. */
  cityCode: number | null;
  about: string | null;
  skills: string[];
  social: Partial<Record<SocialKey, string>>;
  /** File name under uploads/avatars, or null for the default avatar. */
  image: string | null;
  /** Mail when a comment on one's blog post is approved. */
  blogCommentMail: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A live account (not deactivated, no deletion requested, not erased) with this id. */
export function liveUser(id: number) {
  return and(eq(users.id, id), isNull(users.removedAt), isNull(users.deletionRequestedAt), isNull(users.erasedAt));
}

/** The signed-in user's own profile, read fresh from the database. */
export async function getOwnProfile(app: AppContext, opts: { user: SessionUser | null }): Promise<OwnProfile> {
  const user = requireUser(opts);
  const [row] = await app.db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      accountType: users.accountType,
      isAdmin: users.isAdmin,
      locale: users.locale,
      phone: users.phone,
      cityCode: users.cityCode,
      about: users.about,
      skills: users.skills,
      social: users.social,
      image: users.image,
      blogCommentMail: users.blogCommentMail,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(liveUser(user.id))
    .limit(1);
  if (!row) throw new AppError("E_NOT_FOUND", "settings.errors.userNotFound");
  const { emailVerifiedAt, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null, skills: rest.skills ?? [], social: rest.social ?? {} };
}

export async function getProfileCard(app: AppContext, opts: { user: SessionUser | null }): Promise<ProfileCard> {
  const profile = await getOwnProfile(app, opts);
  const phone = profile.phone ? parsePhoneNumberFromString(profile.phone) : undefined;
  return {
    fullName: profile.fullName,
    email: profile.email,
    emailVerified: profile.emailVerified,
    phone: phone?.formatInternational() ?? profile.phone,
    phoneE164: profile.phone,
    city: profile.cityCode ? (findProvinceByCode(profile.cityCode)?.value ?? null) : null,
    about: profile.about,
    skills: profile.skills,
    social: profile.social,
    image: avatarUrl(profile.image),
    accountType: profile.accountType,
    isAdmin: profile.isAdmin,
    registeredAt: formatDate(profile.createdAt),
  };
}
