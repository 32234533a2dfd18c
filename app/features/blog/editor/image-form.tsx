import type { Editor } from "@tiptap/react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { EDITOR_PANEL } from "./panel";

/** Stores a picture and gives its address and size; a refusal throws an Error whose message (translated by the server, when there is one) is shown. */
export type UploadBlogImage = (file: File) => Promise<{ src: string; width?: number; height?: number }>;

/**
 * Inserting a picture: a file and its description, uploaded by the page's own call
 * (onUploadImage), then inserted with its stored address and size. The file input has no name:
 * the post form never carries the file itself.
 */
export function ImageForm({ editor, upload, onClose }: { editor: Editor; upload: UploadBlogImage; onClose: () => void }) {
  const { t } = useTranslation();
  const fileId = useId();
  const altId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [status, setStatus] = useState<"idle" | "uploading" | "failed" | "needsFile" | "needsAlt">("idle");
  // The server's own words for a refusal (not a picture, too large), when it gave any.
  const [refusal, setRefusal] = useState("");

  const insert = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) return setStatus("needsFile");
    if (!alt.trim()) return setStatus("needsAlt");
    setStatus("uploading");
    try {
      const stored = await upload(file);
      editor.chain().focus().setImage({ src: stored.src, alt: alt.trim(), width: stored.width, height: stored.height }).run();
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : "");
      setStatus("failed");
    }
  };

  const message = { idle: null, uploading: "blog.editor.imageUploading", failed: "blog.editor.imageFailed", needsFile: "blog.editor.imageNeedsFile", needsAlt: "blog.editor.imageNeedsAlt" } as const;
  const shown = message[status];

  return (
    <div className={EDITOR_PANEL}>
      <div>
        <label htmlFor={fileId} className="field-label">
          {t("blog.editor.imageFile")}
        </label>
        <input id={fileId} ref={fileRef} type="file" accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp" aria-invalid={status === "needsFile" || undefined} className="block text-sm" />
      </div>
      <div>
        <label htmlFor={altId} className="field-label">
          {t("blog.editor.imageAlt")}
        </label>
        <input
          id={altId}
          type="text"
          value={alt}
          maxLength={300}
          aria-invalid={status === "needsAlt" || undefined}
          aria-describedby={`${altId}-hint`}
          onChange={(e) => setAlt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void insert();
            } else if (e.key === "Escape") {
              e.preventDefault();
              onClose();
              editor.commands.focus();
            }
          }}
          className="field-input"
        />
        <p id={`${altId}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("blog.editor.imageAltHint")}
        </p>
      </div>
      <p role="status" aria-live="polite" className={status === "uploading" ? "text-sm" : "field-error"}>
        {status === "failed" && refusal ? refusal : shown ? t(shown) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={status === "uploading"} onClick={() => void insert()}>
          {t("blog.editor.imageInsert")}
        </button>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => {
            onClose();
            editor.commands.focus();
          }}
        >
          {t("blog.editor.linkCancel")}
        </button>
      </div>
    </div>
  );
}
