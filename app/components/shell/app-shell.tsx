import { useEffect, useRef } from "react";
import { useClientLinks } from "../../lib/client-links";
import { useTranslation } from "../../lib/i18n";
import { useLocation } from "react-router";
import { CookieConsent } from "./cookie-consent";
import { Footer } from "./footer";
import { Header } from "./header";
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

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  useSearchShortcut();
  useClientLinks();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[1001] focus:rounded focus:bg-white focus:p-2 dark:focus:bg-slate-900">
        {t("nav.skipToContent")}
      </a>
      <Header />
      <MenuOverlay />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <PageTransition>{children}</PageTransition>
      </main>
      <Footer />
      <SearchDialog />
      <ThemeToggle />
      <CookieConsent />
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
