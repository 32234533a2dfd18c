import { createContext, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useFetchers, useNavigation } from "react-router";
import { LOADING_OVERLAY } from "../../../common/constants";

interface LoadingApi {
  show(): void;
  hide(): void;
}
const LoadingContext = createContext<LoadingApi | null>(null);

/** Delay before a slow navigation shows the overlay, so fast ones do not flash. */
const SHOW_AFTER_MS = 400;

/**
 * The loading overlay of spec §9 (64×64 spinner, opacity 0.5, z-index 999): shown around form
 * submissions and slow page loads, and on demand (useLoading) around other calls.
 */
export function LoadingProvider({ children }: { children: React.ReactNode }) {
  const [manual, setManual] = useState(false);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state === "submitting");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const api = useMemo(() => ({ show: () => setManual(true), hide: () => setManual(false) }), []);
  return (
    <LoadingContext.Provider value={api}>
      {children}
      {visible || manual ? <Spinner /> : null}
    </LoadingContext.Provider>
  );
}

function Spinner() {
  const { t } = useTranslation();
  const { size, opacity, zIndex } = LOADING_OVERLAY;
  return (
    <div className="fixed inset-0 flex items-center justify-center" style={{ zIndex }} role="alert" aria-busy="true" data-testid="loading-overlay">
      <div className="absolute inset-0 bg-slate-950" style={{ opacity }} />
      <div
        className="relative animate-spin-slow rounded-full border-4 border-white/30 border-t-white"
        style={{ width: size, height: size }}
      />
      <span className="sr-only">{t("loading")}</span>
    </div>
  );
}

export function useLoading(): LoadingApi {
  const ctx = useContext(LoadingContext);
  if (!ctx) throw new Error("useLoading outside LoadingProvider");
  return ctx;
}
