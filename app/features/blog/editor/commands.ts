import type { Editor } from "@tiptap/react";
import type { ToolbarCommand } from "./toolbar";

/** What each toolbar button does to the editor, and which of them are on at the cursor. */

/** Ctrl+K or Cmd+K: opens the link form. */
export const MOD_K = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";

export function run(editor: Editor, command: ToolbarCommand): void {
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
export function activeState(editor: Editor): Record<ToolbarCommand, boolean> & { inTable: boolean; canUndo: boolean; canRedo: boolean } {
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
