import { useEffect } from "react";
import { useNavigate } from "react-router";
import { localeOfPath } from "../../common/paths";

/** Paths that are files or server endpoints, not pages: the browser loads them itself. */
const NOT_A_PAGE = /^\/(?:api|media)\/|\.[a-z0-9]+$/i;

/**
 * The shell's links are plain `<a href>` elements. This one listener turns a plain left click on
 * a same-origin page link into a client-side navigation, as React Router's <Link> does, without
 * each link's per-render cost (resolving its path on every server render was ~10% of a page's
 * CPU; decision 007). Links to the other language, links with a target, `download` or `data-reload`, modified clicks, links
 * to a place on the same page, and clicks a handler already took are left to the browser.
 */
export function useClientLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || NOT_A_PAGE.test(url.pathname)) return;
      // The other language is another document (its texts are loaded with it).
      if (localeOfPath(url.pathname) !== localeOfPath(window.location.pathname)) return;
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
