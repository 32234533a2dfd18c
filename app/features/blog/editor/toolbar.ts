import type { MessageKey } from "../../../../common/i18n";

/**
 * The editor's toolbar, declared: what each button is called, whether it is a toggle (with
 * aria-pressed) and its keyboard shortcut (Tiptap's own, announced with aria-keyshortcuts). The
 * commands themselves are in rich-editor.tsx. No editor code here, so it can be tested without a
 * browser.
 */

export type ToolbarCommand =
  | "bold"
  | "italic"
  | "strike"
  | "code"
  | "paragraph"
  | "heading2"
  | "heading3"
  | "heading4"
  | "bulletList"
  | "orderedList"
  | "blockquote"
  | "codeBlock"
  | "horizontalRule"
  | "link"
  | "table"
  | "image"
  | "undo"
  | "redo";

export interface ToolbarItem {
  command: ToolbarCommand;
  label: MessageKey;
  /** A toggle shows its state with aria-pressed; an action does not. */
  toggle: boolean;
  /** aria-keyshortcuts: the Control form and the Meta (Mac) form. */
  shortcut?: string;
}

/** "Mod-Shift-b" → "Control+Shift+B Meta+Shift+B". */
function keys(combo: string): string {
  const parts = combo.split("-").map((p) => (p.length === 1 ? p.toUpperCase() : p));
  const rest = parts.slice(1).join("+");
  return `Control+${rest} Meta+${rest}`;
}

/** The toolbar's buttons, in groups (a group is separated from the next). */
export const TOOLBAR_GROUPS: readonly (readonly ToolbarItem[])[] = [
  [
    { command: "bold", label: "blog.editor.bold", toggle: true, shortcut: keys("Mod-b") },
    { command: "italic", label: "blog.editor.italic", toggle: true, shortcut: keys("Mod-i") },
    { command: "strike", label: "blog.editor.strike", toggle: true, shortcut: keys("Mod-Shift-s") },
    { command: "code", label: "blog.editor.code", toggle: true, shortcut: keys("Mod-e") },
    { command: "link", label: "blog.editor.link", toggle: true, shortcut: keys("Mod-k") },
  ],
  [
    { command: "paragraph", label: "blog.editor.paragraph", toggle: true, shortcut: keys("Mod-Alt-0") },
    { command: "heading2", label: "blog.editor.heading2", toggle: true, shortcut: keys("Mod-Alt-2") },
    { command: "heading3", label: "blog.editor.heading3", toggle: true, shortcut: keys("Mod-Alt-3") },
    { command: "heading4", label: "blog.editor.heading4", toggle: true, shortcut: keys("Mod-Alt-4") },
  ],
  [
    { command: "bulletList", label: "blog.editor.bulletList", toggle: true, shortcut: keys("Mod-Shift-8") },
    { command: "orderedList", label: "blog.editor.orderedList", toggle: true, shortcut: keys("Mod-Shift-7") },
    { command: "blockquote", label: "blog.editor.blockquote", toggle: true, shortcut: keys("Mod-Shift-b") },
    { command: "codeBlock", label: "blog.editor.codeBlock", toggle: true, shortcut: keys("Mod-Alt-c") },
    { command: "horizontalRule", label: "blog.editor.horizontalRule", toggle: false },
  ],
  [
    { command: "table", label: "blog.editor.table", toggle: false },
    { command: "image", label: "blog.editor.image", toggle: false },
  ],
  [
    { command: "undo", label: "blog.editor.undo", toggle: false, shortcut: keys("Mod-z") },
    { command: "redo", label: "blog.editor.redo", toggle: false, shortcut: keys("Mod-Shift-z") },
  ],
];

/** The table tools shown while the cursor is in a table. */
export const TABLE_TOOLS = [
  { command: "addRowAfter", label: "blog.editor.tableAddRow" },
  { command: "addColumnAfter", label: "blog.editor.tableAddColumn" },
  { command: "deleteRow", label: "blog.editor.tableDeleteRow" },
  { command: "deleteColumn", label: "blog.editor.tableDeleteColumn" },
  { command: "deleteTable", label: "blog.editor.tableDelete" },
] as const satisfies readonly { command: string; label: MessageKey }[];

/**
 * The toolbar's roving focus (WAI-ARIA toolbar pattern): one button in the tab order, the arrow
 * keys (left and right: the toolbar is horizontal) move between them, Home and End to the ends. The index the key moves focus to, or null
 * for a key the toolbar leaves alone.
 */
export function toolbarFocusTarget(current: number, key: string, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
