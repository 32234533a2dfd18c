import { useId, useMemo, useRef, useState } from "react";
import { filterBySearch } from "../../../common/search-text";
import type { InfraNode } from "../../../common/infrastructure/types";
import { useTranslation } from "../../lib/i18n";

/** Most options drawn at once; typing narrows the rest (a neighbourhood list has hundreds). */
const MAX_SHOWN = 200;

export interface ComboboxProps {
  id: string;
  label: string;
  options: InfraNode[];
  value: number | null;
  onChoose: (code: number) => void;
}

/**
 * An editable combobox with a list popup (WAI-ARIA 1.2 pattern): typing narrows the options with
 * Turkish-aware matching ("istanbul" finds "İSTANBUL", "cankaya" finds "ÇANKAYA"); arrows move,
 * Enter chooses, Escape closes. Rendered only after hydration: the server sends a native select.
 */
export function Combobox({ id, label, options, value, onChoose }: ComboboxProps) {
  const { t } = useTranslation();
  const listId = useId();
  const hintId = `${id}-hint`;
  const chosen = options.find((o) => o.code === value) ?? null;
  const [text, setText] = useState(chosen?.value ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const typed = chosen && text === chosen.value ? "" : text;
  const matches = useMemo(() => filterBySearch(options, typed, (o) => o.value), [options, typed]);
  const shown = matches.slice(0, MAX_SHOWN);
  const optionId = (i: number) => `${id}-opt-${i}`;

  const choose = (o: InfraNode) => {
    setText(o.value);
    setOpen(false);
    onChoose(o.code);
  };

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (shown.length ? (a + step + shown.length) % shown.length : 0));
    } else if (e.key === "Enter") {
      if (open && shown[active]) {
        e.preventDefault();
        choose(shown[active]);
      }
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
      } else setText("");
    } else if (e.key === "Home" || e.key === "End") {
      if (open && shown.length) setActive(e.key === "Home" ? 0 : shown.length - 1);
    }
  }

  return (
    <div className="relative">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
        className="field-input"
        placeholder={t("infrastructure.query.choose")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          if (chosen) setText(chosen.value);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="sr-only">
        {t("infrastructure.query.filterHint")}
      </p>
      <p aria-live="polite" className="sr-only">
        {open ? (matches.length ? t("infrastructure.query.options", { count: matches.length }) : t("infrastructure.query.noMatch")) : ""}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
      >
        {shown.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected="false" className="px-3 py-2 muted">
            {t("infrastructure.query.noMatch")}
          </li>
        ) : (
          shown.map((o, i) => (
            <li
              key={o.code}
              id={optionId(i)}
              role="option"
              aria-selected={o.code === value}
              className={`cursor-pointer px-3 py-2 ${i === active ? "bg-brand-100 text-slate-900 dark:bg-slate-700 dark:text-white" : ""}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(o)}
            >
              {o.value}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
