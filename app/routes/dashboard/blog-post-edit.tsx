import type { FormResult } from "../../components/forms";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { PostEditor } from "../../features/blog/dashboard/post-editor";
import { privatePageHeaders } from "../../lib/headers";
import { pageMeta } from "../../lib/seo";
import { loadPostEditor, postEditorAction } from "./blog-post-edit.server";
import type { Route } from "./+types/blog-post-edit";
import { useNamespaces } from "../../lib/i18n";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** blog/yeni[/:corporateId] and blog/duzenle/:id[/:corporateId]: a post's form, its state and its preview. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPostEditor(request, context, params);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return postEditorAction(request, context, params);
}

export default function BlogPostEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "blog", "companyAdmin");
  return (
    <DashboardLayout>
      <PostEditor view={loaderData} result={actionData as FormResult | undefined} />
    </DashboardLayout>
  );
}
