import type { AreaModule } from "../core/app-context";
import { newsletterCalls } from "./api";

/** The newsletter sign-up. It brings no jobs, pages for the sitemap or counts yet. */
export const newsletterModule: AreaModule = { name: "newsletter", api: newsletterCalls };
