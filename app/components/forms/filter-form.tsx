import { createContext, useContext, useEffect, useState } from "react";
import { useNavigate } from "react-router";

/** The query of a filter form: its filled fields only, in the form's order ("kind=internet&tech=fiber"). */
export function filterQuery(entries: Iterable<[string, FormDataEntryValue]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (typeof value === "string" && value.trim() !== "") params.append(name, value);
  return params.toString();
}

const Live = createContext(false);

/**
 * A list's GET filter form. Without JavaScript it is a plain form with its Apply button. Once the
 * page runs, a change of any filter applies at once (a select or checkbox when changed, a text
 * field when left or on Enter), and the URL carries the filled fields only, not every empty one.
 */
export function FilterForm({ action, className, children, ...rest }: { action: string; className?: string; children: React.ReactNode } & Omit<React.FormHTMLAttributes<HTMLFormElement>, "action" | "method" | "onChange" | "onSubmit">) {
  const navigate = useNavigate();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const apply = (form: HTMLFormElement) => {
    const query = filterQuery(new FormData(form));
    void navigate(query ? `${action}?${query}` : action, { preventScrollReset: true });
  };
  return (
    <form
      {...rest}
      method="get"
      action={action}
      className={className}
      data-live={live ? "true" : undefined}
      onChange={(e) => apply(e.currentTarget)}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
    >
      <Live.Provider value={live}>{children}</Live.Provider>
    </form>
  );
}

/** The filter form's Apply button: shown until the page runs (then changes apply by themselves). */
export function FilterApply({ children }: { children: React.ReactNode }) {
  const live = useContext(Live);
  if (live) return null;
  return (
    <button type="submit" className="btn-primary">
      {children}
    </button>
  );
}
