import type { FormResult } from "../../../components/forms";
import { PageLink } from "../../../components/ui/page-link";
import { useTranslation } from "../../../lib/i18n";
import { usePaths } from "../../../lib/paths";
import { PostForm } from "./post-form";
import { PostPreview } from "./post-preview";
import { StateForm } from "./state-form";
import type { PostEditorView } from "./post-view";

/** The edit page: its heading and notices, the preview when asked for, the state and the post's form. */
export function PostEditor({ view, result }: { view: PostEditorView; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { company, post } = view;
  const companyId = company ? String(company.id) : null;
  const action = post
    ? companyId
      ? paths.blogDashboardCompanyEdit(String(post.id), companyId)
      : paths.blogDashboardEdit(String(post.id))
    : companyId
      ? paths.blogDashboardCompanyNew(companyId)
      : paths.blogDashboardNew();
  const back = companyId ? paths.blogDashboardCompanyList(companyId) : paths.blogDashboardList();
  const stateResult = result?.intent === "state" ? result : undefined;
  const saveResult = result?.intent === "state" ? undefined : result;
  return (
    <>
      <p className="mb-2">
        <PageLink to={back}>{t("blog.dashboard.form.back")}</PageLink>
      </p>
      <h1 className="text-3xl font-bold break-words">{post ? `${t("blog.dashboard.form.titleEdit")}: ${post.values.title}` : t("blog.dashboard.form.titleNew")}</h1>
      <p className="mt-2 mb-4 muted">
        {company ? t("blog.dashboard.form.forCompany", { company: company.name }) : t("blog.dashboard.form.forSite")} {t("blog.dashboard.form.description")}
      </p>
      {view.created ? (
        <p role="status" className="mb-4 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {t("blog.dashboard.form.created")}
        </p>
      ) : null}
      {post ? (
        <p className="mb-4 flex flex-wrap gap-4">
          <PageLink to={`${action}?onizleme=1`}>{t("blog.dashboard.preview.open")}</PageLink>
          {post.publicPath ? <a href={post.publicPath}>{t("blog.dashboard.form.publicLink")}</a> : null}
        </p>
      ) : null}
      {view.preview ? <PostPreview preview={view.preview} /> : null}
      {post ? (
        <div className="mb-6">
          <StateForm action={action} state={post.state} publishAt={post.publishAt} publishAtLocal={post.publishAtLocal} result={stateResult} />
        </div>
      ) : null}
      <PostForm key={JSON.stringify(post?.values ?? null)} view={view} action={action} result={saveResult} successText={saveResult?.success ? saveResult.message : undefined} />
    </>
  );
}
