import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";

export type MenuName = "language" | "user" | "mobile" | "search";
type Flags = Record<MenuName, boolean>;

const closed: Flags = { language: false, user: false, mobile: false, search: false };

interface MenuState {
  flags: Flags;
  anyOpen: boolean;
  /** Opens one menu (closing the others) or closes it. */
  toggle(name: MenuName, open?: boolean): void;
  closeAll(): void;
}

const MenuContext = createContext<MenuState | null>(null);

/** The spec's independent open/closed flags of the language, user, mobile and search menus. */
export function MenuProvider({ children }: { children: React.ReactNode }) {
  const [flags, setFlags] = useState<Flags>(closed);
  const location = useLocation();
  const toggle = useCallback((name: MenuName, open?: boolean) => {
    setFlags((f) => {
      const next = open ?? !f[name];
      return next ? { ...closed, [name]: true } : { ...f, [name]: false };
    });
  }, []);
  const closeAll = useCallback(() => setFlags(closed), []);

  // Navigating closes every menu.
  useEffect(() => closeAll(), [location.pathname, closeAll]);

  const value = useMemo(
    () => ({ flags, anyOpen: Object.values(flags).some(Boolean), toggle, closeAll }),
    [flags, toggle, closeAll],
  );
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}

export function useMenus(): MenuState {
  const ctx = useContext(MenuContext);
  if (!ctx) throw new Error("useMenus outside MenuProvider");
  return ctx;
}

/**
 * A disclosure menu (WAI-ARIA disclosure pattern: a button with aria-expanded that shows a
 * panel of ordinary links and buttons, no arrow-key menu). While it is open, Escape closes it
 * and puts focus back on its button, and focus leaving both the button and the panel (Tab past
 * the last item, a click elsewhere) closes it.
 */
export function useMenuDisclosure(name: Exclude<MenuName, "search">) {
  const { flags, toggle } = useMenus();
  const open = flags[name];
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const inside = (node: EventTarget | null) =>
      node instanceof Node && (!!buttonRef.current?.contains(node) || !!panelRef.current?.contains(node));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      toggle(name, false);
      buttonRef.current?.focus();
    };
    const onFocusIn = (e: FocusEvent) => {
      if (!inside(e.target)) toggle(name, false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, name, toggle]);
  return { open, buttonRef, panelRef, toggle: () => toggle(name) };
}

/** The dark overlay shown while a menu is open; a click on it (outside the menu) closes all. */
export function MenuOverlay() {
  const { flags, closeAll } = useMenus();
  const show = flags.language || flags.user || flags.mobile;
  if (!show) return null;
  return <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-950/50" onClick={closeAll} data-testid="menu-overlay" />;
}
