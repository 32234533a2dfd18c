import { formatDecimal } from "./format";
import { useTranslation } from "../../lib/i18n";

/** Full scale of the gauge: logarithmic from 1 to 1000 Mbit/s (or 1 to 1000 ms for latency). */
function position(value: number): number {
  if (!(value > 1)) return 0;
  return Math.min(1, Math.log10(value) / 3);
}

/**
 * A semicircular gauge. Decorative for screen readers: the same figure is in the text below it
 * and in the live region, which announce phases and the result (not every tick).
 */
export function Gauge({ value, unit, label }: { value: number; unit: "mbps" | "ms"; label: string }) {
  const { t, locale } = useTranslation();
  const arc = Math.PI * 80;
  const filled = arc * position(value);
  return (
    <div className="flex flex-col items-center" data-testid="speedtest-gauge">
      <svg viewBox="0 0 200 112" className="w-full max-w-72" aria-hidden="true">
        <path d="M20 100 A80 80 0 0 1 180 100" fill="none" strokeWidth="14" strokeLinecap="round" className="stroke-slate-200 dark:stroke-slate-700" />
        <path
          d="M20 100 A80 80 0 0 1 180 100"
          fill="none"
          strokeWidth="14"
          strokeLinecap="round"
          className="stroke-brand-600 dark:stroke-brand-400"
          strokeDasharray={`${filled} ${arc}`}
        />
      </svg>
      <p className="-mt-10 text-center">
        <span className="block text-4xl font-bold tabular-nums">{formatDecimal(value, locale, value < 10 ? 1 : 0)}</span>
        <span className="text-sm muted">
          {t(`speedtest.unit.${unit}`)} · {label}
        </span>
      </p>
    </div>
  );
}
