import type { AreaModule } from "../core/app-context";
import { blogAnonymisers } from "./anonymise";
import { blogCalls } from "./api";
import { BLOG_PUBLISH_EVERY_MS, BLOG_PUBLISH_JOB, runPublishJob, schedulePublishRuns } from "./post-state";
import { eraseOldBlogViews } from "./post-views";
import { seedDemoPosts } from "./seed-demo";
import { blogSitemapEntries } from "./sitemap";
import { countBlogComments, countBlogPosts } from "./summary-counts";
import { postSearchSource } from "./search-source";

/** The blog: posts in both languages by companies and the site, their comments and moderation. */
export const blogModule: AreaModule = {
  name: "blog",
  // Every minute: scheduled posts whose time has come are marked published (they are public from then on anyway).
  jobs: { [BLOG_PUBLISH_JOB]: (deps) => runPublishJob(deps) },
  recurring: [(db, now) => schedulePublishRuns(db, new Date(now.getTime() + BLOG_PUBLISH_EVERY_MS))],
  sitemap: [(app) => blogSitemapEntries(app)],
  summary: { blogPosts: countBlogPosts, comments: countBlogComments },
  anonymisers: [...blogAnonymisers],
  // The daily view counts beyond what the trending list reads.
  cleanups: { blogViews: eraseOldBlogViews },
  api: blogCalls,
  search: [postSearchSource],
  // Listed after the companies: demo posts of demo companies attach to those that exist.
  seedDemo: async (db, { log }) => void (await seedDemoPosts(db, { log })),
};
