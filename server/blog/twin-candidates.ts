import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { BlogLanguage } from "../../common/blog/posts";
import type { AppContext } from "../core/app-context";
import { requireCorporate, type Actor } from "../accounts";
import { managedBy } from "./get-post";
import { blogPosts } from "./schema";

/** How many posts the twin picker offers (newest change first). */
export const TWIN_CANDIDATE_LIMIT = 100;

export interface TwinCandidate {
  id: number;
  title: string;
  language: BlogLanguage;
}

/**
 * The posts the edit form offers as a post's translation: of the same company (or both the
 * site's), managed by the user, without a translation of their own (or already this post's).
 * linkTwin checks the choice again (language, owner, taken) when the form is saved.
 */
export async function listTwinCandidates(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; companyId: number | null; postId: number | null },
): Promise<TwinCandidate[]> {
  const user = requireCorporate(opts.actor);
  const own = opts.companyId === null ? isNull(blogPosts.companyId) : eq(blogPosts.companyId, opts.companyId);
  const free = opts.postId === null ? isNull(blogPosts.twinId) : or(isNull(blogPosts.twinId), eq(blogPosts.twinId, opts.postId));
  return app.db
    .select({ id: blogPosts.id, title: blogPosts.title, language: blogPosts.language })
    .from(blogPosts)
    .where(and(managedBy(user), own, free, opts.postId === null ? sql`true` : ne(blogPosts.id, opts.postId)))
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
    .limit(TWIN_CANDIDATE_LIMIT);
}
