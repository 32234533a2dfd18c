import { and, eq, isNull } from "drizzle-orm";
import type { Locale } from "../../common/format";
import { blogPostPath } from "../../common/blog/post-url";
import { pathsFor } from "../../common/paths";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";
import type { AppContext } from "../core/app-context";
import type { Database } from "../db/client";
import { getT } from "../i18n";
import { queueMail } from "../mail/mailer";
import { blogComments, blogPosts } from "./schema";
import { categoryUrlOf, postUrl } from "./visible-posts";

/** How much of a comment the mail quotes; the post's page has the rest. */
const QUOTE_CHARS = 500;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The mail that tells a post's author (or its company's owner) a comment on it is approved, in their language. */
export function commentApprovedMail(opts: { locale: Locale; name: string; title: string; commenter: string; comment: string; postUrl: string; settingsUrl: string }) {
  const t = getT(opts.locale);
  const quote = opts.comment.length > QUOTE_CHARS ? `${opts.comment.slice(0, QUOTE_CHARS)}…` : opts.comment;
  const params = { name: opts.name, title: opts.title, commenter: opts.commenter };
  const text = [
    t("blog.mail.commentApproved.greeting", params),
    "",
    t("blog.mail.commentApproved.body", params),
    "",
    quote,
    "",
    opts.postUrl,
    "",
    t("blog.mail.commentApproved.optOut", params),
    opts.settingsUrl,
    "",
    t("blog.mail.commentApproved.signature", params),
  ].join("\n");
  return { subject: t("blog.mail.commentApproved.subject", params), text };
}

/**
 * Once a comment is confirmed for the first time: one mail to the post's author, or for a
 * company's post to the company's owner, through the mail queue in the moderation's transaction.
 * No mail when that person opted out (settings), cannot be reached (erased, deactivated, leaving),
 * or wrote the comment themselves. Either way the comment is marked told, so a comment confirmed
 * again after a removal mails no one again.
 */
export async function tellPostAuthor(tx: Tx, app: { config: Pick<AppContext["config"], "SITE_URL"> }, commentId: number): Promise<boolean> {
  const marked = await tx
    .update(blogComments)
    .set({ authorToldAt: new Date() })
    .where(and(eq(blogComments.id, commentId), isNull(blogComments.authorToldAt)))
    .returning({ postId: blogComments.postId, userId: blogComments.userId, name: blogComments.name, body: blogComments.body });
  const comment = marked[0];
  if (!comment) return false;
  const [post] = await tx
    .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, categoryId: blogPosts.categoryId, authorId: blogPosts.authorId, ownerId: companies.ownerId, companyId: blogPosts.companyId })
    .from(blogPosts)
    .leftJoin(companies, eq(companies.id, blogPosts.companyId))
    .where(eq(blogPosts.id, comment.postId))
    .limit(1);
  const recipientId = post ? (post.companyId !== null ? post.ownerId : post.authorId) : null;
  if (!post || recipientId === null || recipientId === comment.userId) return false;
  const [recipient] = await tx
    .select({ name: users.fullName, email: users.email, locale: users.locale, wants: users.blogCommentMail })
    .from(users)
    .where(and(eq(users.id, recipientId), isNull(users.removedAt), isNull(users.deletionRequestedAt), isNull(users.erasedAt)))
    .limit(1);
  if (!recipient?.wants) return false;
  const locale: Locale = recipient.locale === "en" ? "en" : "tr";
  const site = app.config.SITE_URL;
  const mail = commentApprovedMail({
    locale,
    name: recipient.name,
    title: post.title,
    commenter: comment.name,
    comment: comment.body,
    postUrl: `${site}${blogPostPath(locale, categoryUrlOf(post.categoryId), postUrl(post.slug, post.id))}`,
    settingsUrl: `${site}${pathsFor(locale).dashboardSettings()}`,
  });
  await queueMail(tx, { to: recipient.email, ...mail });
  return true;
}
