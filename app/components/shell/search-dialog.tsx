import { Search, X } from "../ui/icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useNavigate } from "react-router";
import { SEARCH_FOCUS_DELAY_MS, SEARCH_MAX_LENGTH } from "../../../common/constants";
import { usePaths } from "../../lib/paths";
import type { SearchKind } from "../../../common/search/kinds";
import { isSearchValue } from "../../../common/search/value";
import { apiGet } from "../../lib/api-client";
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

/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 150;

interface Suggestion {
  kind: SearchKind;
  id: number;
  title: string;
  subtitle: string;
  path: string;
}

/**
 * Suggestions for what is typed (valid by the spec's rules only), asked for once typing pauses;
 * an answer that arrives after the box changed again is dropped.
 */
function useSuggestions(value: string): Suggestion[] {
  const [items, setItems] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (!isSearchValue(value)) {
      setItems([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void apiGet<{ success: true; suggestions: Suggestion[] }>(`/search/suggestions?q=${encodeURIComponent(value.trim())}`).then((r) => {
        if (current) setItems(r.success ? r.suggestions : []);
      });
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value]);
  return items;
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
  const suggestions = useSuggestions(value);
  const [active, setActive] = useState(-1);
  const listOpen = suggestions.length > 0 && isSearchValue(value);
  useEffect(() => setActive(-1), [suggestions]);

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

  function close() {
    setValue("");
    toggle("search", false);
  }

  function open(s: Suggestion) {
    close();
    void navigate(s.path);
  }

  /** Arrow keys move through the suggestions (the focus stays in the box), Enter opens the chosen one. */
  function onInputKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (!listOpen) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      // -1 is the box itself: past the last suggestion the choice goes back to what was typed.
      setActive((i) => {
        const next = i + step;
        if (next >= suggestions.length) return -1;
        return next < -1 ? suggestions.length - 1 : next;
      });
      return;
    }
    if (e.key === "Enter" && active >= 0 && suggestions[active]) {
      e.preventDefault();
      open(suggestions[active]!);
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // The schema (and zod) and the slug rules (and slugify's table) load on the first search, not with every page.
    const [{ searchSchema }, { slugify }] = await Promise.all([import("../../../common/forms/search"), import("../../../common/text")]);
    const parsed = searchSchema.safeParse({ searchValue: value });
    if (!parsed.success) {
      setError(toValidationErrors(parsed.error).searchValue ?? { key: "validation.search.required" });
      return;
    }
    setError(null);
    close();
    void navigate(paths.search(slugify(parsed.data.searchValue) || parsed.data.searchValue));
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
        {/* Without JavaScript (or before it runs) the form goes to the search page, which sends on to the results. */}
        <form role="search" method="get" action={paths.searchForm()} className="mt-3" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="search-input" className="field-label">
            {t("search.label")}
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id="search-input"
              name="q"
              // A text box in the combobox role (the HTML rules allow the role on type=text, not on type=search).
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={listOpen}
              aria-controls="search-suggestions"
              aria-activedescendant={listOpen && active >= 0 ? `search-suggestion-${active}` : undefined}
              className="field-input"
              maxLength={SEARCH_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={t("search.placeholder")}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "search-error search-hint" : "search-hint"}
              onKeyDown={onInputKeyDown}
              onChange={(e) => {
                setValue(e.target.value);
                if (error) setError(null);
              }}
            />
            <button type="submit" className="btn-primary shrink-0" aria-label={t("search.submit")}>
              <Search aria-hidden="true" className="size-5" />
            </button>
          </div>
          <ul
            id="search-suggestions"
            role="listbox"
            aria-label={t("searchResults.suggestions")}
            hidden={!listOpen}
            className="mt-2 max-h-[50vh] overflow-y-auto rounded-md border border-slate-200 dark:border-slate-700"
          >
            {suggestions.map((s, i) => (
              <li
                key={`${s.kind}-${s.id}`}
                id={`search-suggestion-${i}`}
                role="option"
                aria-selected={i === active}
                className={`cursor-pointer px-3 py-2 ${i === active ? "bg-sky-100 dark:bg-sky-900" : ""}`}
                // The box keeps the focus: a click chooses without blurring it first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => open(s)}
              >
                <span className="block font-medium break-words">{s.title}</span>
                <span className="block text-sm muted">
                  {t(`searchResults.kinds.${s.kind}`)}
                  {s.subtitle ? ` · ${s.subtitle}` : ""}
                </span>
              </li>
            ))}
          </ul>
          <p className="sr-only" role="status" aria-live="polite">
            {isSearchValue(value) ? (suggestions.length ? t("searchResults.suggestionsCount", { count: suggestions.length }) : "") : ""}
          </p>
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
