import { Search, X } from "../ui/icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useNavigate } from "react-router";
import { SEARCH_FOCUS_DELAY_MS, SEARCH_MAX_LENGTH } from "../../../common/constants";
import { usePaths } from "../../lib/paths";
import { slugify } from "../../../common/text";
import { toValidationErrors, type ValidationMessage } from "../../../common/validation/messages";
import { useMenus } from "./menu-state";

function isMac(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad/i.test(nav.userAgentData?.platform ?? nav.platform ?? nav.userAgent);
}

/** Keys that open the search: a quote on Mac; a slash or a quote on Windows and Linux. */
export function isSearchShortcut(key: string, mac: boolean): boolean {
  return mac ? key === '"' || key === "'" : key === "/" || key === '"' || key === "'";
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !(el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return false;
  // Just after the dialog closes the browser may not have moved focus out of its box yet.
  return !el.closest("dialog:not([open])");
}

/** Opens the search dialog on its keyboard shortcut anywhere on the page. */
export function useSearchShortcut() {
  const { toggle } = useMenus();
  useEffect(() => {
    const mac = isMac();
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (!isSearchShortcut(e.key, mac)) return;
      e.preventDefault();
      toggle("search", true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [toggle]);
}

export function SearchDialog() {
  const { t } = useTranslation();
  const paths = usePaths();
  const { flags, toggle } = useMenus();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const [mac, setMac] = useState(false);

  useEffect(() => setMac(isMac()), []);

  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (flags.search && !el.open) {
      el.showModal();
      focusTimer.current = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
      return () => clearTimeout(focusTimer.current);
    }
    if (!flags.search && el.open) el.close();
  }, [flags.search]);

  /**
   * Escape closes the dialog whatever the box holds (a search input would only clear itself).
   * A character typed before the delayed focus reaches the box goes into it, not lost.
   */
  function onKeyDown(e: React.KeyboardEvent<HTMLDialogElement>) {
    if (e.key === "Escape") {
      e.preventDefault();
      toggle("search", false);
      return;
    }
    const box = input.current;
    if (!box || e.target === box || e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.target as HTMLElement).closest("button") && e.key === " ") return;
    e.preventDefault();
    clearTimeout(focusTimer.current);
    setValue((v) => (v + e.key).slice(0, SEARCH_MAX_LENGTH));
    box.focus();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // The schema (and zod) load on the first search, not with every page.
    const { searchSchema } = await import("../../../common/forms/search");
    const parsed = searchSchema.safeParse({ searchValue: value });
    if (!parsed.success) {
      setError(toValidationErrors(parsed.error).searchValue ?? { key: "validation.search.required" });
      return;
    }
    setError(null);
    setValue("");
    toggle("search", false);
    void navigate(paths.search(slugify(parsed.data.searchValue)));
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="search-title"
      className="mx-auto mt-[12vh] w-[min(40rem,calc(100%-2rem))] rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
      // The close event is queued: a "/" pressed before it arrives may already have opened the
      // dialog again, and a stale event must not close it then.
      onClose={(e) => {
        if (!e.currentTarget.open) toggle("search", false);
      }}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === e.currentTarget) toggle("search", false);
      }}
    >
      <div className="p-4 sm:p-6">
        <div className="flex items-center justify-between">
          <h2 id="search-title" className="text-lg font-semibold">
            {t("search.dialogTitle")}
          </h2>
          <button type="button" className="icon-btn" aria-label={t("search.close")} onClick={() => toggle("search", false)}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <form role="search" className="mt-3" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="search-input" className="field-label">
            {t("search.label")}
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id="search-input"
              name="searchValue"
              type="search"
              className="field-input"
              maxLength={SEARCH_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={t("search.placeholder")}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "search-error search-hint" : "search-hint"}
              onChange={(e) => {
                setValue(e.target.value);
                if (error) setError(null);
              }}
            />
            <button type="submit" className="btn-primary shrink-0" aria-label={t("search.submit")}>
              <Search aria-hidden="true" className="size-5" />
            </button>
          </div>
          {error ? (
            <p id="search-error" className="field-error" role="alert">
              {t(error.key, error.params)}
            </p>
          ) : null}
          <p id="search-hint" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {mac ? t("search.hintMac") : t("search.hintOther")}
          </p>
        </form>
      </div>
    </dialog>
  );
}
