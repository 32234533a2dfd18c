/**
 * The brand's public accounts and app-store listings, linked from the footer. Edit here when an
 * account or listing changes. The Huawei AppGallery listing does not exist yet: the spec keeps
 * its badge, disabled.
 */
export const siteLinks = {
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
    apple: "https://apps.apple.com/tr/app/genisbant/id0000000000",
    google: "https://play.google.com/store/apps/details?id=tr.com.genisbant",
    huawei: null,
  },
} as const;
