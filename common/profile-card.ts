import type { SocialKey } from "./social";

/**
 * A user's profile as the profile pages show it (made by the server's getProfileCard, shown by
 * the settings feature): formatted phone, province name, avatar URL, DD.MM.YYYY.
 */
export interface ProfileCard {
  fullName: string;
  email: string;
  emailVerified: boolean;
  /** Formatted international number, or null. */
  phone: string | null;
  /** E.164 for tel: links, or null. */
  phoneE164: string | null;
  city: string | null;
  about: string | null;
  skills: string[];
  social: Partial<Record<SocialKey, string>>;
  image: string | null;
  accountType: "individual" | "corporate";
  isAdmin: boolean;
  /** DD.MM.YYYY */
  registeredAt: string;
}
