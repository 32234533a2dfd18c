/** The 11 social profile URLs of spec §3, in display order. */
export const SOCIAL_KEYS = [
  "instagram",
  "facebook",
  "twitter",
  "linkedin",
  "github",
  "youtube",
  "vimeo",
  "tiktok",
  "whatsapp",
  "telegram",
  "discord",
] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
