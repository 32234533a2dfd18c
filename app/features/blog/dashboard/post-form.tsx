import { Form } from "react-router";
import { BLOG_BODY_IMAGE, BLOG_LANGUAGES, BLOG_POST_BOUNDS, BLOG_POST_IMAGE, blogImagePath } from "../../../../common/blog/posts";
import { CheckboxField, Field, FILE_INPUT, FormMessages, FormSection, selectControl, SubmitButton, useFormFeedback, type FormResult } from "../../../components/forms";
import { CsrfInput } from "../../../components/ui/csrf-input";
import { apiUpload, type ApiFailure } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { BlogContentField } from "../editor/content-field";
import type { UploadBlogImage } from "../editor/image-form";
import { FaqRows } from "./faq-rows";
import { documentOf, type PostEditorView } from "./post-view";

type FieldName = "title" | "subtitle" | "categoryId" | "tags" | "language" | "twinId" | "metaTitle" | "metaDescription" | "image" | "removeImage";

const EMPTY: Record<string, string> = { title: "", subtitle: "", categoryId: "", tags: "", language: "", twinId: "", metaTitle: "", metaDescription: "" };

type Uploaded = { success: true; src: string; width: number; height: number };

/** The editor's image button: the picture goes to the API's upload call for this post, or for a new post of its company (none: the site's). */
function uploaderFor(view: PostEditorView): UploadBlogImage {
  const query = view.post ? `?post=${view.post.id}` : view.company ? `?company=${view.company.id}` : "";
  return async (file) => {
    const form = new FormData();
    form.set(BLOG_BODY_IMAGE.field, file, file.name);
    const r = await apiUpload<Uploaded>(`/my/blog/images${query}`, form);
    if (!r.success) throw new Error((r as ApiFailure).message);
    return { src: r.src, width: r.width, height: r.height };
  };
}

/**
 * A post's fields, one multipart form (the cover is a file; the body's JSON can be large): title,
 * subtitle, category, tags, language and translation, meta texts, cover, FAQ entries, the body
 * (the rich editor, or its textarea without JavaScript). The picture comes last, so the fields
 * that arrived before a refused file are given back.
 */
export function PostForm({ view, action, result, successText }: { view: PostEditorView; action: string; result: FormResult | undefined; successText?: string }) {
  const { t, locale } = useTranslation();
  const f = useFormFeedback({ id: "post", result });
  const stored = view.post?.values ?? { ...EMPTY, language: locale };
  const value = (name: string) => f.values[name] ?? stored[name] ?? "";
  const label = (name: FieldName) => t(`blog.dashboard.fields.${name}`);
  const select = (name: FieldName, options: { value: string; label: string }[], opts: { optional?: boolean; empty?: string } = {}) => (
    <Field
      {...f.field(name)}
      label={label(name)}
      optional={opts.optional}
      control={selectControl(name, value(name), options, opts.empty)}
    />
  );
  return (
    <>
      <FormMessages feedback={f} successText={successText} />
      <Form method="post" encType="multipart/form-data" action={action} className="space-y-6" {...f.formProps}>
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <FormSection title={t("blog.dashboard.form.basics")}>
          <Field {...f.field("title")} defaultValue={value("title")} required maxLength={BLOG_POST_BOUNDS.title.max} label={label("title")} />
          <Field {...f.field("subtitle")} defaultValue={value("subtitle")} optional maxLength={BLOG_POST_BOUNDS.subtitle.max} label={label("subtitle")} />
          {select("categoryId", view.categories.map((c) => ({ value: String(c.id), label: c.name })), { empty: t("blog.dashboard.form.chooseCategory") })}
          <Field {...f.field("tags")} defaultValue={value("tags")} optional label={label("tags")} hint={t("blog.dashboard.hints.tags", { max: BLOG_POST_BOUNDS.maxTags })} />
          {select("language", BLOG_LANGUAGES.map((l) => ({ value: l, label: t(`blog.dashboard.languages.${l}`) })))}
          {select("twinId", view.twins.map((p) => ({ value: String(p.id), label: `${p.title} (${t(`blog.dashboard.languages.${p.language}`)})` })), { optional: true, empty: t("blog.dashboard.form.noTwin") })}
        </FormSection>
        <BlogContentField id="post-content" initialDocument={documentOf(f.values.content, view.post?.content)} error={f.errors.content} onUploadImage={uploaderFor(view)} />
        <FaqRows entries={view.post?.faq ?? []} f={f} />
        <FormSection title={t("blog.dashboard.form.meta")}>
          <Field {...f.field("metaTitle")} defaultValue={value("metaTitle")} optional maxLength={BLOG_POST_BOUNDS.metaTitle.max} label={label("metaTitle")} />
          <Field {...f.field("metaDescription")} defaultValue={value("metaDescription")} optional multiline rows={2} maxLength={BLOG_POST_BOUNDS.metaDescription.max} label={label("metaDescription")} />
        </FormSection>
        <FormSection title={t("blog.dashboard.form.image")}>
          {view.post?.image ? (
            <>
              <img src={blogImagePath(view.post.image.name)} width={view.post.image.width} height={view.post.image.height} alt={t("blog.dashboard.form.currentImage")} className="h-auto max-w-full rounded" />
              <CheckboxField {...f.field("removeImage")} label={label("removeImage")} />
            </>
          ) : null}
          <Field
            {...f.field(BLOG_POST_IMAGE.field)}
            {...FILE_INPUT}
            accept={BLOG_POST_IMAGE.accept}
            optional
            label={label("image")}
            hint={t("blog.dashboard.hints.image", { max: BLOG_POST_IMAGE.maxMb, width: BLOG_POST_IMAGE.width, height: BLOG_POST_IMAGE.height })}
          />
        </FormSection>
        <SubmitButton pending={f.pending}>{view.mode === "new" ? t("blog.dashboard.form.submitNew") : t("blog.dashboard.form.submitEdit")}</SubmitButton>
      </Form>
    </>
  );
}
