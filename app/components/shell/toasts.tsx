import { X } from "../ui/icons";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { TOAST_DURATION_MS } from "../../../common/constants";

export interface Toast {
  message: string;
  kind?: "success" | "error" | "info";
}

interface ToastApi {
  show(toast: Toast): void;
  clear(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * One toast at a time (no queue: a new one replaces the old), at the top, gone after 3000 ms,
 * dismissible, and the timer pauses while the pointer is over it.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<(Toast & { id: number }) | null>(null);
  const api = useMemo<ToastApi>(
    () => ({
      show: (t) => setToast({ ...t, id: Date.now() + Math.random() }),
      clear: () => setToast(null),
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-3 z-[1000] flex justify-center px-3" role="status" aria-live="polite">
        {toast ? <ToastView key={toast.id} toast={toast} onClose={api.clear} /> : null}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation();
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [paused, setPaused] = useState(false);

  const start = useCallback(() => {
    startedAt.current = Date.now();
    timer.current = setTimeout(onClose, remaining.current);
  }, [onClose]);

  useEffect(() => {
    if (paused) return;
    start();
    return () => {
      clearTimeout(timer.current);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, start]);

  const tone =
    toast.kind === "error"
      ? "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
      : toast.kind === "success"
        ? "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
        : "border-slate-400 bg-white text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";
  return (
    <div
      data-testid="toast"
      className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 shadow-lg ${tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <p className="flex-1 text-sm">{toast.message}</p>
      <button type="button" className="-m-1 rounded p-1" onClick={onClose} aria-label={t("toast.close")}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast outside ToastProvider");
  return ctx;
}
