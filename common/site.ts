/**
 * The brand's public accounts and app-store listings, linked from the footer. Edit here when an
 * account or listing changes. `null` means there is no real target yet: the footer leaves that
 * link out rather than link to a placeholder. The Huawei AppGallery listing does not exist yet
 * either; the spec keeps its badge, shown as "coming soon" text.
 */
export type SiteLink = string | null;

export const siteLinks: {
  social: Record<"facebook" | "instagram" | "x" | "youtube" | "linkedin" | "github" | "tiktok" | "vimeo", SiteLink>;
  stores: Record<"apple" | "google" | "huawei", SiteLink>;
} = {
  social: {
    facebook: "https://www.facebook.com/genisbant",
    instagram: "https://www.instagram.com/genisbant",
    x: "https://x.com/genisbant",
    youtube: "https://www.youtube.com/@genisbant",
    linkedin: "https://www.linkedin.com/company/genisbant",
    github: "https://github.com/genisbant",
    tiktok: "https://www.tiktok.com/@genisbant",
    vimeo: "https://vimeo.com/genisbant",
  },
  stores: {
    // The iOS app is not published yet (the listing's id was a placeholder).
    apple: null,
    google: "https://play.google.com/store/apps/details?id=tr.com.genisbant",
    huawei: null,
  },
};

/** The site's name, in every page title after the page's own ("Paketler | GenişBant"). */
export const SITE_NAME = "GenişBant";

/** A page's title with the site name after it: the one place that writes " | GenişBant". */
export function withSiteName(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
