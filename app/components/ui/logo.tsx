/**
 * The GenişBant word mark: a signal glyph and the name. `compactName`: the name is left out on the
 * narrowest phones (below 26.5rem), where the header's buttons need the room; the link around the
 * mark carries the accessible name.
 */
export function Logo({ className = "", compactName = false }: { className?: string; compactName?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700 dark:fill-brand-300" />
        <path
          d="M8 22a8 8 0 0 1 16 0M11.5 22a4.5 4.5 0 0 1 9 0M6 14.5a14 14 0 0 1 20 0"
          fill="none"
          strokeWidth="2.4"
          strokeLinecap="round"
          className="stroke-white dark:stroke-slate-950"
        />
        <circle cx="16" cy="22" r="1.8" className="fill-white dark:fill-slate-950" />
      </svg>
      <span className={`text-lg text-slate-900 dark:text-white ${compactName ? "max-[26.5rem]:hidden" : ""}`}>GenişBant</span>
    </span>
  );
}
