import { useEffect, useState } from "react";

/**
 * False on the server and in the first render in the browser; true once hydrated. Controls that
 * do nothing without JavaScript (a button that adds a row) wait for it, so a page without
 * JavaScript never offers them.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
