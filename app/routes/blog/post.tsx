import { useEffect } from "react";
import { data } from "react-router";
import { checkBlogUrl } from "../../../common/blog/post-url";
import { writeBlogComment } from "../../../server/blog/comments";
import { AppError, formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { JsonLd } from "../../components/ui/json-ld";
import { CommentsSection, type CommentResult } from "../../features/blog/comments";
import { PostView } from "../../features/blog/post-view";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { blogPostData } from "./post.server";
import type { Route } from "./+types/post";
import { useNamespaces } from "../../lib/i18n";

export const meta: Route.MetaFunction = (args) => {
  const d = args.data as { alternates?: { hrefLang: string; href: string }[] | null; imageUrl?: string } | undefined;
  const base = pageMeta(args).map((m) => ("property" in m && m.property === "og:type" ? { property: "og:type", content: "article" } : m));
  const withImage = d?.imageUrl ? [...base, { property: "og:image", content: d.imageUrl }] : base;
  if (!d?.alternates) return withImage;
  // A post with a translation: its hreflang pair names the two posts, not one post in two interfaces.
  return [...withImage.filter((m) => !("hrefLang" in m)), ...d.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: a.href }))];
};

/** /blog/:categoryUrl/:blogUrl (wiring in post.server.ts). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return blogPostData({ request, params, context });
}

/** A member's comment or reply: the service the API's call uses; it waits for approval. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parentId = "";
  let form: FormData | undefined;
  try {
    form = await readVerifiedForm(request, context);
    if (form.get("intent") !== "comment") throw new AppError("E_BAD_REQUEST", "errors.badRequest");
    const check = checkBlogUrl(params.blogUrl);
    const text = (name: string) => {
      const v = form!.get(name);
      return typeof v === "string" ? v : undefined;
    };
    await writeBlogComment(context.app, {
      actor: context,
      postId: check.kind === "post" ? check.id : null,
      input: { name: text("name"), email: text("email"), body: text("body"), parentId: text("parentId") },
    });
    return data({ success: true as const, parentId: text("parentId") ?? parentId });
  } catch (err) {
    const failure = formFailure(err, context);
    const sent = form?.get("parentId");
    return data({ ...failure.data, parentId: typeof sent === "string" ? sent.slice(0, 12) : parentId }, failure.init ?? undefined);
  }
}

/** Counts the view for the trending list once the page has loaded, outside the kept guest page (decision 029). */
function useViewBeacon(id: number) {
  useEffect(() => {
    try {
      navigator.sendBeacon?.(`/api/v1/blog/posts/${id}/view`);
    } catch {
      // A browser that refuses the beacon only misses a count.
    }
  }, [id]);
}

export default function BlogPostRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("auth", "blog", "companies");
  const paths = usePaths();
  const d = loaderData;
  useViewBeacon(d.post.id);
  const path = d.shareUrl.replace(/^https?:\/\/[^/]+/, "");
  const back = path.replace(/^\/en(?=\/)/, "");
  return (
    <>
      {d.jsonLd.map((j, i) => (
        <JsonLd key={i} data={j} />
      ))}
      <PostView
        data={d}
        comments={
          <CommentsSection
            data={{
              comments: d.comments,
              signedIn: d.signedIn,
              member: d.member,
              registerHref: `${paths.Register()}?redirectTo=${encodeURIComponent(back)}`,
              loginHref: `${paths.Login()}?redirectTo=${encodeURIComponent(back)}`,
              path: back,
            }}
            result={actionData as CommentResult | undefined}
          />
        }
      />
    </>
  );
}
