import { createContext, useContext, type ReactNode } from "react";

/**
 * Values a loader handed to the document's render alone (`renderedOnce` in
 * server/http/pages/rendered-once.ts): given by app/entry.server.tsx, absent in the browser.
 */
const DocumentParts = createContext<ReadonlyMap<string, unknown> | null>(null);
export const DocumentPartsProvider = DocumentParts.Provider;

/**
 * A part of a page whose HTML is sent once (decision 040): a list of cards that the document
 * carries as HTML and not a second time as hydration data.
 *
 * - On the server, it renders `children` with the value the loader kept for the render.
 * - In the browser's hydration, the loader data has no value (null): the element keeps the HTML
 *   the server sent, untouched and not hydrated (an empty `dangerouslySetInnerHTML` is not
 *   compared with the DOM in hydration). Its links are plain anchors (PageLink), which
 *   app/lib/client-links.ts turns into client-side navigations; its inputs belong to a plain form.
 * - After a client-side navigation, the loader's `.data` answer carries the value, and the part
 *   renders as any other (a new element: `key` tells React not to patch the kept one).
 *
 * Nothing inside may depend on state or effects: it is never hydrated on the first page.
 */
export function RenderedOnce<T>({ name, value, children }: { name: string; value: T | null; children: (value: T) => ReactNode }) {
  const parts = useContext(DocumentParts);
  const data = value ?? ((parts?.get(name) as T | undefined) ?? null);
  if (data === null) {
    return <div key="kept" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  }
  return (
    <div key="live">{children(data)}</div>
  );
}
