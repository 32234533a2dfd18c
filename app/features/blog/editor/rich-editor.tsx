import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { blogContentExtensions } from "../../../../common/blog/content-extensions";
import { BLOG_CONTENT_FIELDS, classifyHref, type BlogDocument } from "../../../../common/blog/document";
import { useTranslation } from "../../../lib/i18n";
import { TABLE_TOOLS, TOOLBAR_GROUPS, toolbarFocusTarget, type ToolbarCommand } from "./toolbar";

/**
 * The dashboard's rich-text editor for a post body (Tiptap on the extensions the server renders
 * with). Loaded lazily by BlogContentField, after the page is interactive: a reader's page never
 * imports it, and a writer without JavaScript keeps the plain textarea. The document travels in
 * a hidden input as JSON, so the page's ordinary form post carries it.
 */

/** Uploads a picture for the post and answers where it is stored and its size. */
/** Stores a picture and gives its address and size; a refusal throws an Error whose message (translated by the server, when there is one) is shown. */
export type UploadBlogImage = (file: File) => Promise<{ src: string; width?: number; height?: number }>;

export interface RichEditorProps {
  /** The editable area's id (the field's id: error summaries link to it). */
  id: string;
  labelId: string;
  /** Ids of what describes the field (its error). */
  describedBy?: string;
  invalid: boolean;
  /**
   * Asked once, as the editor is created: the document to start from, and whether to take the
   * focus (the textarea it replaces had it). A function, because the editor is created when its
   * chunk has arrived, after the props were given.
   */
  start: () => { content: BlogDocument; focus: boolean };
  /** Without it, the toolbar offers no picture. */
  onUploadImage?: UploadBlogImage;
  /** Told once the editor is on screen (the textarea's hints can go). */
  onReady?: () => void;
}

const MOD_K = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";

function run(editor: Editor, command: ToolbarCommand): void {
  const chain = editor.chain().focus();
  switch (command) {
    case "bold":
      return void chain.toggleBold().run();
    case "italic":
      return void chain.toggleItalic().run();
    case "strike":
      return void chain.toggleStrike().run();
    case "code":
      return void chain.toggleCode().run();
    case "paragraph":
      return void chain.setParagraph().run();
    case "heading2":
      return void chain.toggleHeading({ level: 2 }).run();
    case "heading3":
      return void chain.toggleHeading({ level: 3 }).run();
    case "heading4":
      return void chain.toggleHeading({ level: 4 }).run();
    case "bulletList":
      return void chain.toggleBulletList().run();
    case "orderedList":
      return void chain.toggleOrderedList().run();
    case "blockquote":
      return void chain.toggleBlockquote().run();
    case "codeBlock":
      return void chain.toggleCodeBlock().run();
    case "horizontalRule":
      return void chain.setHorizontalRule().run();
    case "table":
      return void chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    case "undo":
      return void chain.undo().run();
    case "redo":
      return void chain.redo().run();
    case "link":
    case "image":
      // Open their forms (the component's).
      return;
  }
}

/** Which toggles are on at the cursor. */
function activeState(editor: Editor): Record<ToolbarCommand, boolean> & { inTable: boolean; canUndo: boolean; canRedo: boolean } {
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    strike: editor.isActive("strike"),
    code: editor.isActive("code"),
    link: editor.isActive("link"),
    paragraph: editor.isActive("paragraph"),
    heading2: editor.isActive("heading", { level: 2 }),
    heading3: editor.isActive("heading", { level: 3 }),
    heading4: editor.isActive("heading", { level: 4 }),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    blockquote: editor.isActive("blockquote"),
    codeBlock: editor.isActive("codeBlock"),
    horizontalRule: false,
    table: false,
    image: false,
    undo: false,
    redo: false,
    inTable: editor.isActive("table"),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** A click on a tool leaves the focus and the selection in the text (the keyboard still reaches the tools with Tab). */
const keepSelection = (event: React.MouseEvent) => event.preventDefault();

const TOOL_BUTTON =
  "inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white disabled:opacity-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:border-brand-300 dark:aria-pressed:bg-brand-300 dark:aria-pressed:text-slate-950";

export default function RichEditor({ id, labelId, describedBy, invalid, start, onUploadImage, onReady }: RichEditorProps) {
  const { t } = useTranslation();
  // The document as JSON for the form, written straight into the hidden input on each change:
  // no re-render of the toolbar per keystroke, and the value is there the moment the form posts.
  // React is given no value for it: a value or defaultValue prop would be written back over the
  // editor's on every render.
  const jsonRef = useRef<HTMLInputElement | null>(null);
  const [initial] = useState(start);
  const [initialJson] = useState(() => JSON.stringify(initial.content));
  const attachJson = useCallback(
    (el: HTMLInputElement | null) => {
      jsonRef.current = el;
      if (el && !el.value) el.value = initialJson;
    },
    [initialJson],
  );
  const [panel, setPanel] = useState<"link" | "image" | null>(null);
  // The text the link form works on, taken as it opens: the editor's selection may not outlive
  // the focus moving into the form.
  const [linkRange, setLinkRange] = useState({ from: 0, to: 0 });
  const extensions = useMemo(() => blogContentExtensions(), []);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  const editor = useEditor({
    extensions,
    content: initial.content,
    immediatelyRender: false,
    autofocus: initial.focus ? "end" : false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "field-input prose-page blog-editor min-h-64 rounded-t-none",
      },
      handleKeyDown: (view, event) => {
        if (!MOD_K(event)) return false;
        setLinkRange({ from: view.state.selection.from, to: view.state.selection.to });
        setPanel("link");
        return true;
      },
    },
    onCreate: () => onReady?.(),
    onUpdate: ({ editor: e }) => {
      if (jsonRef.current) jsonRef.current.value = JSON.stringify(e.getJSON());
    },
  });

  const state = useEditorState({ editor, selector: ({ editor: e }) => (e ? activeState(e) : null) });
  const items = TOOLBAR_GROUPS.flat().filter((item) => item.command !== "image" || onUploadImage);

  const onToolbarKey = (event: React.KeyboardEvent) => {
    const target = toolbarFocusTarget(focusIndex, event.key, items.length);
    if (target === null) return;
    event.preventDefault();
    setFocusIndex(target);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>("[data-tool]")[target]?.focus();
  };

  const press = (command: ToolbarCommand, index: number) => {
    setFocusIndex(index);
    if (!editor) return;
    if (command === "link") setLinkRange({ from: editor.state.selection.from, to: editor.state.selection.to });
    if (command === "link" || command === "image") setPanel((open) => (open === command ? null : command));
    else run(editor, command);
  };

  let index = -1;
  return (
    <div>
      <input ref={attachJson} type="hidden" name={BLOG_CONTENT_FIELDS.json} />
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label={t("blog.editor.toolbar")}
        aria-controls={id}
        onKeyDown={onToolbarKey}
        className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-slate-400 bg-slate-50 p-1 dark:border-slate-500 dark:bg-slate-800"
      >
        {TOOLBAR_GROUPS.map((group, g) => (
          <div key={g} className="flex flex-wrap gap-1 pr-2" role="group">
            {group
              .filter((item) => item.command !== "image" || onUploadImage)
              .map((item) => {
                const i = ++index;
                const disabled = !editor || (item.command === "undo" && !state?.canUndo) || (item.command === "redo" && !state?.canRedo);
                return (
                  <button
                    key={item.command}
                    type="button"
                    data-tool=""
                    tabIndex={i === focusIndex ? 0 : -1}
                    aria-pressed={item.toggle ? Boolean(state?.[item.command]) || (item.command === "link" && panel === "link") : undefined}
                    aria-expanded={item.command === "link" || item.command === "image" ? panel === item.command : undefined}
                    aria-keyshortcuts={item.shortcut}
                    disabled={disabled}
                    onMouseDown={keepSelection}
                    onClick={() => press(item.command, i)}
                    className={TOOL_BUTTON}
                  >
                    {t(item.label)}
                  </button>
                );
              })}
          </div>
        ))}
      </div>
      {state?.inTable ? (
        <div role="group" aria-label={t("blog.editor.table")} className="flex flex-wrap gap-1 border border-y-0 border-slate-400 bg-slate-50 p-1 dark:border-slate-500 dark:bg-slate-800">
          {TABLE_TOOLS.map((tool) => (
            <button key={tool.command} type="button" className={TOOL_BUTTON} onMouseDown={keepSelection} onClick={() => editor?.chain().focus()[tool.command]().run()}>
              {t(tool.label)}
            </button>
          ))}
        </div>
      ) : null}
      {panel === "link" && editor ? <LinkForm editor={editor} range={linkRange} onClose={() => setPanel(null)} /> : null}
      {panel === "image" && editor && onUploadImage ? <ImageForm editor={editor} upload={onUploadImage} onClose={() => setPanel(null)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

const PANEL = "space-y-2 border border-y-0 border-slate-400 bg-slate-50 p-3 dark:border-slate-500 dark:bg-slate-800";

/**
 * The link form, inline under the toolbar (no dialog, no prompt). It sits inside the page's post
 * form: its inputs have no name (never posted), and Enter applies the link rather than submitting
 * the post; Escape closes it and gives the focus back to the text.
 */
function LinkForm({ editor, range, onClose }: { editor: Editor; range: { from: number; to: number }; onClose: () => void }) {
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
    <div className={PANEL}>
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

/**
 * Inserting a picture: a file and its description, uploaded by the page's own call
 * (onUploadImage), then inserted with its stored address and size. The file input has no name:
 * the post form never carries the file itself.
 */
function ImageForm({ editor, upload, onClose }: { editor: Editor; upload: UploadBlogImage; onClose: () => void }) {
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
    <div className={PANEL}>
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
