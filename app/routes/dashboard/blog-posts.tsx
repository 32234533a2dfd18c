import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { ManagedPostList } from "../../features/blog/dashboard/post-list";
import { privatePageHeaders } from "../../lib/headers";
import { pageMeta } from "../../lib/seo";
import { loadManagedPostList } from "./blog-posts.server";
import type { Route } from "./+types/blog-posts";
import { useNamespaces } from "../../lib/i18n";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** blog/liste and blog/liste/:corporateId: the posts the user manages, by category tab. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadManagedPostList(request, context, params);
}

export default function BlogPostsRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("admin", "blog", "companyAdmin");
  return (
    <DashboardLayout wide>
      <ManagedPostList view={loaderData} />
    </DashboardLayout>
  );
}
