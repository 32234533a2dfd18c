import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { BLOG_CONTENT_FIELDS, emptyBlogDocument, type BlogDocument } from "../../../../common/blog/document";
import { blogDocumentText, isRichDocument, textToBlogDocument } from "../../../../common/blog/document-text";
import type { ValidationMessage } from "../../../../common/validation/messages";
import { describedBy, ErrorList } from "../../../components/forms/field";
import { useTranslation } from "../../../lib/i18n";
import type { UploadBlogImage } from "./rich-editor";

// The editor and Tiptap are one chunk of their own, fetched only once this field is on screen in
// a browser with JavaScript: a reader's page never imports this file, and the dashboard's page
// is interactive before the editor arrives.
const RichEditor = lazy(() => import("./rich-editor"));

export interface BlogContentFieldProps {
  id: string;
  /** The stored body (editing), a refilled one (a failed save), or null (a new post). */
  initialDocument: BlogDocument | null;
  error?: ValidationMessage;
  /** Uploads a picture for the post; without it the editor offers no picture. */
  onUploadImage?: UploadBlogImage;
}

/** Shows `fallback` instead of its children once they failed (the editor's chunk did not load). */
class LoadFailure extends Component<{ fallback: ReactNode; onFail: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onFail();
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Phase = "plain" | "loading" | "ready" | "failed";

/**
 * A post body's field. The server renders a labelled textarea (BLOG_CONTENT_FIELDS.text: blank
 * line a new paragraph, line break a line break), which is what a writer without JavaScript
 * uses; in the browser the rich editor replaces it once loaded (BLOG_CONTENT_FIELDS.json). While
 * it loads, the textarea stays: what is typed there is carried over, and the focus with it, except
 * over a formatted body, which the textarea only shows until the editor arrives (typing there
 * would lose the formatting). If the editor cannot load, the textarea is the field.
 */
export function BlogContentField({ id, initialDocument, error, onUploadImage }: BlogContentFieldProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>("plain");
  const [text, setText] = useState(() => blogDocumentText(initialDocument));
  // What the textarea holds and whether it was typed in or has the focus, read by the editor as it is created.
  const typed = useRef(false);
  const textRef = useRef(text);
  const focused = useRef(false);
  useEffect(() => setPhase("loading"), []);

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const warningId = `${id}-warning`;
  const errorId = `${id}-error`;
  const rich = initialDocument !== null && isRichDocument(initialDocument);

  const textarea = (waiting: boolean) => (
    <textarea
      id={id}
      name={BLOG_CONTENT_FIELDS.text}
      rows={16}
      value={text}
      readOnly={waiting || undefined}
      aria-busy={waiting || undefined}
      onChange={(e) => {
        typed.current = true;
        textRef.current = e.target.value;
        setText(e.target.value);
      }}
      onFocus={() => (focused.current = true)}
      onBlur={() => (focused.current = false)}
      {...describedBy(id, error, true, rich && !waiting ? warningId : undefined)}
      className="field-input"
    />
  );
  // Over a formatted body the textarea waits for the editor rather than take edits it would lose.
  const waiting = phase === "loading" && rich;

  return (
    <div>
      {/* Labels the textarea; once the editor is there, it names the editable area (aria-labelledby). */}
      <label id={labelId} htmlFor={phase === "ready" ? undefined : id} className="field-label">
        {t("blog.editor.label")}
      </label>
      {phase === "plain" ? (
        textarea(false)
      ) : (
        <LoadFailure fallback={textarea(false)} onFail={() => setPhase("failed")}>
          <Suspense fallback={textarea(waiting)}>
            <RichEditor
              id={id}
              labelId={labelId}
              describedBy={error ? errorId : undefined}
              invalid={Boolean(error)}
              start={() => ({ content: typed.current ? textToBlogDocument(textRef.current) : (initialDocument ?? emptyBlogDocument()), focus: focused.current })}
              onUploadImage={onUploadImage}
              onReady={() => setPhase("ready")}
            />
          </Suspense>
        </LoadFailure>
      )}
      {phase === "ready" ? null : (
        <>
          <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {waiting ? t("blog.editor.loading") : t("blog.editor.plainHint")}
          </p>
          {rich && !waiting ? (
            <p id={warningId} className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300">
              {t("blog.editor.plainWarning")}
            </p>
          ) : null}
        </>
      )}
      <ErrorList id={errorId} errors={error} />
    </div>
  );
}
