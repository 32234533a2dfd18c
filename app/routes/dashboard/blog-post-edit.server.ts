import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { data, redirect } from "react-router";
import { blogCategories } from "../../../common/blog-categories";
import { BLOG_CONTENT_FIELDS } from "../../../common/blog/document";
import { textToBlogDocument } from "../../../common/blog/document-text";
import { BLOG_POST_IMAGE, type BlogPostImage } from "../../../common/blog/posts";
import { blogPostPath } from "../../../common/blog/post-url";
import { BLOG_FORM_TEXT_FIELDS, blogPostFieldsFromForm, type BlogEditIntent } from "../../../common/forms/blog-fields";
import { blogPostInputSchema } from "../../../common/forms/blog";
import { formatDateTime } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { checkBlogDocument } from "../../../server/blog/content/schema";
import { getManagedBlogPost, managedCompany } from "../../../server/blog/manage-posts";
import { createBlogPost, updateBlogPost } from "../../../server/blog/save-post";
import { changeBlogPostState } from "../../../server/blog/post-state";
import { receiveBlogImageForm, removeBlogImage, storeBlogImage, type BlogImageChange } from "../../../server/blog/post-image";
import { listTwinCandidates } from "../../../server/blog/twin-candidates";
import { intentFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import { loaderId, pageError } from "../../../server/http/pages/page-errors";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { AppError, isAppError } from "../../../server/platform/app-error";
import type { PartialFields } from "../../../server/platform/images";
import { parseInput } from "../../../server/platform/validate";
import { CSRF_FIELD, verifyCsrf } from "../../../server/security/csrf";
import { loadPostPreview } from "./blog-post-preview.server";

type Params = { id?: string; corporateId?: string };

/** Turkey's time of a moment as a datetime-local field shows it ("2026-05-01T14:30"). */
function turkeyLocal(d: Date | null): string {
  if (!d) return "";
  return new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 16);
}

/**
 * blog/yeni[/:corporateId] and blog/duzenle/:id[/:corporateId]. A new post is a company's (one the
 * user manages) or, without a company, the site's (administrators only: 403 otherwise). An edit's
 * company in the path must be the post's; a forged id, another owner's post or company: 404.
 */
export async function loadPostEditor(request: Request, context: RequestContext, params: Params) {
  const user = requirePageCorporate(context, request);
  const t = getT(context.locale);
  const { app } = context;
  const search = new URL(request.url).searchParams;
  const corporateId = params.corporateId === undefined ? null : loaderId(params.corporateId);
  const categories = blogCategories.map((c) => ({ id: c.id, name: c.name[context.locale] }));
  if (params.id === undefined) {
    if (corporateId === null && !user.isAdmin) throw data(null, { status: 403 });
    const company = corporateId === null ? null : await managedCompany(app, user, corporateId).catch(pageError);
    return {
      mode: "new" as const,
      seo: { title: company ? `${t("blog.dashboard.form.titleNew")}: ${company.name}` : t("blog.dashboard.form.titleNew"), description: t("blog.dashboard.form.description"), index: false },
      company,
      post: null,
      categories,
      twins: await listTwinCandidates(app, { actor: context, companyId: company?.id ?? null, postId: null }),
      preview: null,
      created: false,
    };
  }
  const post = await getManagedBlogPost(app, { actor: context, id: params.id }).catch(pageError);
  if (corporateId !== null && post.company?.id !== corporateId) throw data(null, { status: 404 });
  const preview = search.get("onizleme") === "1" ? await loadPostPreview(context, post.id) : null;
  return {
    mode: "edit" as const,
    seo: { title: `${t("blog.dashboard.form.titleEdit")}: ${post.title}`, description: t("blog.dashboard.form.description"), index: false },
    company: post.company,
    post: {
      id: post.id,
      state: post.state,
      publishAt: post.publishAt ? formatDateTime(post.publishAt) : null,
      publishAtLocal: turkeyLocal(post.publishAt),
      publicPath: post.state === "published" ? blogPostPath(context.locale, post.categoryUrl, post.url) : null,
      image: post.image,
      isDemo: post.isDemo,
      values: {
        title: post.title,
        subtitle: post.subtitle ?? "",
        categoryId: String(post.categoryId),
        tags: post.tags.join(", "),
        language: post.language,
        twinId: post.twinId === null ? "" : String(post.twinId),
        metaTitle: post.metaTitle ?? "",
        metaDescription: post.metaDescription ?? "",
      },
      faq: post.faq,
      content: post.content,
    },
    categories,
    twins: await listTwinCandidates(app, { actor: context, companyId: post.company?.id ?? null, postId: post.id }),
    preview,
    created: search.get("sonuc") === "eklendi",
  };
}

interface FieldReader {
  get(name: string): string | undefined;
  imageTempPath: string | null;
  discard(): Promise<void>;
}

/** The page's form is multipart (its cover streamed to disk); an urlencoded one (no file) is read too. */
async function readPostForm(request: Request, context: RequestContext, partial: PartialFields): Promise<FieldReader> {
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    if (!request.body) throw new AppError("E_BAD_REQUEST", "errors.badRequest");
    const form = await receiveBlogImageForm(context.app, {
      headers: Object.fromEntries(request.headers),
      body: Readable.fromWeb(request.body as NodeReadableStream),
      partial,
      verifyFields: (f) => verifyCsrf(context.csrfToken, f[CSRF_FIELD]),
    });
    return { get: form.get, imageTempPath: form.files.get(BLOG_POST_IMAGE.field) ?? null, discard: form.discard };
  }
  const fd = await readVerifiedForm(request, context);
  const get = (n: string) => {
    const v = fd.get(n);
    return typeof v === "string" ? v : undefined;
  };
  return { get, imageTempPath: null, discard: async () => {} };
}

/** The body: the editor's JSON when it sent one, else the plain textarea's text. */
function bodyOf(get: (n: string) => string | undefined): unknown {
  const json = get(BLOG_CONTENT_FIELDS.json);
  if (json !== undefined && json !== "") {
    const checked = checkBlogDocument(json, { required: false, json: true });
    if (!checked.success) throw new AppError("E_VALIDATION", checked.error, { fieldErrors: { content: checked.error } });
    return checked.data;
  }
  return textToBlogDocument(get(BLOG_CONTENT_FIELDS.text) ?? "");
}

/** What a page without JavaScript fills the form in with again after a refusal. */
function refillValues(get: (n: string) => string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const names = [...BLOG_FORM_TEXT_FIELDS, BLOG_CONTENT_FIELDS.text, BLOG_CONTENT_FIELDS.json, "state", "publishAt"];
  for (let i = 0; i < 12; i++) names.push(`faq.${i}.question`, `faq.${i}.answer`);
  for (const n of names) {
    const v = get(n);
    if (typeof v === "string" && v.length <= 400_000) out[n] = v;
  }
  return out;
}

/** A FAQ entry's message goes back to the row it was typed in (empty rows are not entries). */
function mapFaqErrors(err: unknown, rows: number[]): unknown {
  if (!isAppError(err) || !err.fieldErrors) return err;
  const mapped: typeof err.fieldErrors = {};
  for (const [k, v] of Object.entries(err.fieldErrors)) {
    const m = /^faq\.(\d+)\.(.+)$/.exec(k);
    mapped[m ? `faq.${rows[Number(m[1])] ?? m[1]}.${m[2]}` : k] = v;
  }
  return new AppError(err.code, err.messageKey, { fieldErrors: mapped });
}

/** intent=save (the post's fields and cover) or intent=state (draft, scheduled at publishAt, published, unpublished). */
export async function postEditorAction(request: Request, context: RequestContext, params: Params) {
  requirePageCorporate(context, request);
  const { app } = context;
  const isNew = params.id === undefined;
  const partial: PartialFields = { fields: {}, allFields: {} };
  let form: FieldReader | null = null;
  let stored: BlogPostImage | null = null;
  let intent: BlogEditIntent | undefined;
  const t = getT(context.locale);
  try {
    form = await readPostForm(request, context, partial);
    try {
      const raw = form.get("intent");
      intent = raw === "save" || (raw === "state" && !isNew) ? raw : undefined;
      if (!intent) throw new AppError("E_BAD_REQUEST", "blog.dashboard.unknownIntent");
      const corporateId = params.corporateId === undefined ? null : loaderId(params.corporateId);
      if (!isNew) {
        const post = await getManagedBlogPost(app, { actor: context, id: params.id }).catch(pageError);
        if (corporateId !== null && post.company?.id !== corporateId) throw data(null, { status: 404 });
      } else if (corporateId !== null) await managedCompany(app, context.user!, corporateId).catch(pageError);
      if (intent === "state") {
        const r = await changeBlogPostState(app, { actor: context, id: params.id, input: { state: form.get("state"), publishAt: form.get("publishAt") } });
        return data({ success: true as const, intent, message: t(`blog.dashboard.state.done_${r.state}`) });
      }
      const { input, faqRows } = blogPostFieldsFromForm(form.get);
      try {
        input.content = bodyOf(form.get);
        if (form.imageTempPath) {
          // The fields are checked before a picture is decoded: a wrong form stores nothing.
          parseInput(blogPostInputSchema, input);
          stored = await storeBlogImage(app, form.imageTempPath);
        }
        if (isNew) {
          const r = await createBlogPost(app, { actor: context, companyId: corporateId, input, image: stored });
          stored = null;
          const paths = pathsFor(context.locale);
          const to = corporateId === null ? paths.blogDashboardEdit(String(r.id)) : paths.blogDashboardCompanyEdit(String(r.id), String(corporateId));
          throw redirect(`${to}?sonuc=eklendi`);
        }
        const image: BlogImageChange = stored ? { kind: "new", image: stored } : form.get("removeImage") === "on" ? { kind: "remove" } : { kind: "keep" };
        await updateBlogPost(app, { actor: context, id: params.id, input, image });
        stored = null;
        return data({ success: true as const, intent, message: t("blog.dashboard.form.saved") });
      } catch (err) {
        throw mapFaqErrors(err, faqRows);
      }
    } finally {
      await form.discard();
    }
  } catch (err) {
    const leftOver = stored as BlogPostImage | null;
    if (leftOver) await removeBlogImage(app, leftOver.name);
    if (err instanceof Response || (err && typeof err === "object" && "type" in err && (err as { type: string }).type === "DataWithResponseInit")) throw err;
    if (isAppError(err) && err.code === "E_NOT_FOUND") pageError(err);
    const answer = intentFailure(err, context, { intent, unexpected: isNew ? "blog.errors.addFailed" : "blog.errors.updateFailed", log: "blog post save failed" });
    const fields = form?.get ?? (partial.fields[CSRF_FIELD] ? (n: string) => partial.fields[n] : null);
    if (!answer.data.success && fields) answer.data.values = refillValues(fields);
    return answer;
  }
}
