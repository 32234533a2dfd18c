import type { Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { BLOG_HEADING_LEVELS, classifyHref } from "./document";

/**
 * The Tiptap extensions of a post body: the editor (app/features/blog/editor) edits with exactly
 * these, and the server's renderer (server/blog/content/render.ts) builds its schema from the same
 * list, so the node and mark types the editor can make are the ones the renderer knows
 * (BLOG_NODE_TYPES, BLOG_MARK_TYPES; document.test.ts holds the three together). Only the
 * dashboard's editor chunk and the server import this file: a reader's page never does.
 */
export function blogContentExtensions(): Extensions {
  return [
    StarterKit.configure({
      // Not in the allow-list: underline is a link look-alike on the web.
      underline: false,
      heading: { levels: [...BLOG_HEADING_LEVELS] },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        // rel and target are the renderer's to decide (internal or external), never stored.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => classifyHref(url) !== null,
        shouldAutoLink: (url) => classifyHref(url) === "external",
      },
    }),
    // A picture is a block of its own (never inside a line of text), and never a data: URL.
    Image.configure({ inline: false, allowBase64: false }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
  ];
}
