import type { AreaModule } from "../core/app-context";

/** The newsletter sign-up. It brings no jobs, pages for the sitemap or counts yet. */
export const newsletterModule: AreaModule = { name: "newsletter" };
