import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";

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

const noSubscription = () => () => {};

/**
 * A part of the page shell that stays the same for the whole document (the footer's link columns:
 * its language's texts and lists fixed for the document): the server renders it; the browser's
 * hydration keeps the server's HTML as it is, without hydrating it (decision 040), and keeps it so
 * while the element stays mounted. Mounted anew after the hydration (the error page's shell after a
 * client-side navigation), it renders `children` as any other part.
 *
 * Nothing inside may depend on state, effects or the location: on the first page it is never hydrated.
 */
export function KeptAsSent({ className, children }: { className?: string; children: ReactNode }) {
  // True on the server and during the hydration (React reads the server snapshot then), false for
  // an element mounted afterwards; useState keeps what it was at the mount.
  const hydrating = useSyncExternalStore(noSubscription, () => false, () => true);
  const [kept] = useState(hydrating);
  if (kept && typeof document !== "undefined") {
    return <div className={className} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  }
  return <div className={className}>{children}</div>;
}
