import { useEffect, useRef, useState } from "react";
import { useClientLinks } from "../../lib/client-links";
import { useTranslation } from "../../lib/i18n";
import { ActionNotice } from "../forms/notice";
import { useLocation } from "react-router";
import { CookieConsent } from "./cookie-consent";
import { Footer } from "./footer";
import { Header } from "./header";
import { focusPageStart } from "./page-focus";
import { LoadingProvider } from "./loading-overlay";
import { MenuOverlay, MenuProvider } from "./menu-state";
import { SearchDialog, useSearchShortcut } from "./search-dialog";
import { ThemeToggle } from "./theme-toggle";
import { ToastProvider } from "./toasts";

function PageTransition({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  // No fade on the first, server-rendered paint: only between client-side page changes.
  const navigated = useRef(false);
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) navigated.current = true;
  }, [pathname]);
  return (
    <div key={pathname} className={navigated.current || pathname !== first.current ? "animate-fade" : undefined}>
      {children}
    </div>
  );
}

/**
 * After a client-side page change: focus moves to the new page's heading (not left on a link of
 * the old page) and a polite live region reads out the new page's title. When the new page has
 * already put the focus on something of its own (a notice saying what just happened, a form's
 * error summary), it stays there.
 */
function useRouteAnnouncer(): string {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = pathname;
    // The title and the page's content are in place on the next frame.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById("main");
      const active = document.activeElement;
      const pageChoseFocus = !!main && !!active && active !== main && main.contains(active);
      if (!pageChoseFocus) focusPageStart({ preventScroll: true });
      setMessage(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return message;
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  useSearchShortcut();
  useClientLinks();
  const announcement = useRouteAnnouncer();
  return (
    <>
      {/* First in the Tab order while it shows: nothing the banner covers is reached before it. */}
      <CookieConsent />
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[1001] focus:rounded focus:bg-white focus:p-2 dark:focus:bg-slate-900">
        {t("nav.skipToContent")}
      </a>
      <Header />
      <MenuOverlay />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <ActionNotice />
        <PageTransition>{children}</PageTransition>
      </main>
      <Footer />
      <SearchDialog />
      <ThemeToggle />
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
        {announcement}
      </p>
    </>
  );
}

export function AppShell({ children }: { children: React.ReactNode }) {
  return (
    <ToastProvider>
      <LoadingProvider>
        <MenuProvider>
          <Shell>{children}</Shell>
        </MenuProvider>
      </LoadingProvider>
    </ToastProvider>
  );
}
