import type { Editor } from "@tiptap/react";
import { useId, useRef, useState } from "react";
import { classifyHref } from "../../../../common/blog/document";
import { useTranslation } from "../../../lib/i18n";
import { EDITOR_PANEL } from "./panel";

/**
 * The link form, inline under the toolbar (no dialog, no prompt). It sits inside the page's post
 * form: its inputs have no name (never posted), and Enter applies the link rather than submitting
 * the post; Escape closes it and gives the focus back to the text.
 */
export function LinkForm({ editor, range, onClose }: { editor: Editor; range: { from: number; to: number }; onClose: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [href, setHref] = useState(() => String(editor.getAttributes("link").href ?? ""));
  const [error, setError] = useState(false);
  // Taken as the form opens, like the range.
  const [active] = useState(() => editor.isActive("link"));

  const close = () => {
    onClose();
    editor.chain().focus().setTextSelection(range).run();
  };
  const apply = () => {
    // The input's own value: a key handler may run before the state of the last keystroke.
    const value = (inputRef.current?.value ?? href).trim();
    if (classifyHref(value) === null) {
      setError(true);
      return;
    }
    // Text selected (or a link under the cursor): it becomes the link. Nothing selected, or no
    // text in the selection (a picture): the address itself is inserted as the link's text.
    const marked = (range.from !== range.to || active) && editor.chain().focus().setTextSelection(range).extendMarkRange("link").setLink({ href: value }).run();
    if (!marked) {
      editor
        .chain()
        .focus()
        .setTextSelection(range.to)
        .insertContent({ type: "text", text: value, marks: [{ type: "link", attrs: { href: value } }] })
        .run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().setTextSelection(range).extendMarkRange("link").unsetLink().run();
    onClose();
  };

  return (
    <div className={EDITOR_PANEL}>
      <label htmlFor={inputId} className="field-label">
        {t("blog.editor.linkUrl")}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        // Opened by the writer's own action: the focus goes where they are about to type.
        autoFocus
        value={href}
        aria-invalid={error || undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
        onChange={(e) => {
          setHref(e.target.value);
          setError(false);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            apply();
          } else if (e.key === "Escape") {
            e.preventDefault();
            close();
          }
        }}
        className="field-input"
      />
      <p id={`${inputId}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
        {t("blog.editor.linkHint")}
      </p>
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {t("blog.editor.linkInvalid")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={apply}>
          {t("blog.editor.linkApply")}
        </button>
        {active ? (
          <button type="button" className="btn-ghost" onClick={remove}>
            {t("blog.editor.linkRemove")}
          </button>
        ) : null}
        <button type="button" className="btn-ghost" onClick={close}>
          {t("blog.editor.linkCancel")}
        </button>
      </div>
    </div>
  );
}
