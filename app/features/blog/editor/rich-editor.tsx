import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { useCallback, useMemo, useRef, useState } from "react";
import { blogContentExtensions } from "../../../../common/blog/content-extensions";
import { BLOG_CONTENT_FIELDS, type BlogDocument } from "../../../../common/blog/document";
import { useTranslation } from "../../../lib/i18n";
import { activeState, MOD_K, run } from "./commands";
import { ImageForm, type UploadBlogImage } from "./image-form";
import { LinkForm } from "./link-form";
import { TABLE_TOOLS, TOOLBAR_GROUPS, toolbarFocusTarget, type ToolbarCommand } from "./toolbar";

/**
 * The dashboard's rich-text editor for a post body (Tiptap on the extensions the server renders
 * with). Loaded lazily by BlogContentField, after the page is interactive: a reader's page never
 * imports it, and a writer without JavaScript keeps the plain textarea. The document travels in
 * a hidden input as JSON, so the page's ordinary form post carries it.
 */

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
        // Only once the editable area (which carries the id) exists: the editor is created after the first render.
        aria-controls={editor ? id : undefined}
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
