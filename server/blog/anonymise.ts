import { eq } from "drizzle-orm";
import type { AccountAnonymiser } from "../core/app-context";
import { blogComments, blogPosts } from "./schema";

/**
 * An erased account's blog comments keep their text but stop naming the writer: the name and
 * mail are blanked (pages show "former member") and the link to the account is cut. The posts
 * it wrote stay their company's or the site's, without an author.
 */
export const blogAnonymisers: readonly AccountAnonymiser[] = [
  {
    name: "blog-comments",
    async run({ tx, userId }) {
      await tx.update(blogComments).set({ name: "", email: "", userId: null }).where(eq(blogComments.userId, userId));
    },
  },
  {
    name: "blog-post-authors",
    async run({ tx, userId }) {
      await tx.update(blogPosts).set({ authorId: null }).where(eq(blogPosts.authorId, userId));
    },
  },
];
