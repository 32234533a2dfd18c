import { Form, Link, useNavigate } from "react-router";
import type { MessageKey } from "../../../common/i18n";
import type { CascadeLevel } from "../../../common/infrastructure/cascade";
import type { InfraLevel } from "../../../common/infrastructure/types";
import { useHydrated } from "../../lib/hydrated";
import { useTranslation } from "../../lib/i18n";
import { Combobox } from "../../components/ui/combobox";

export type CascadeLevelView = CascadeLevel;

const levelKey = (level: InfraLevel): MessageKey => `infrastructure.levels.${level}`;

/**
 * One level of the cascade: a level chosen by itself shows its one choice (and keeps it in a
 * hidden field); otherwise a native select before hydration (no JavaScript: the form's submit
 * moves on) and a combobox after it (choosing moves on). The caller keys it by its parent's
 * choice, so a combobox starts afresh when the level above changes.
 */
export function CascadeField({ view, id, hydrated, onChoose, required }: {
  view: CascadeLevel;
  id: string;
  hydrated: boolean;
  onChoose: (code: number) => void;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const label = t(levelKey(view.level));
  if (view.auto) {
    return (
      <div>
        <input type="hidden" name={view.param} value={String(view.selected)} />
        <p className="field-label">{label}</p>
        <p className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
          {view.options[0].value} <span className="text-sm text-slate-600 dark:text-slate-300">({t("infrastructure.query.auto")})</span>
        </p>
      </div>
    );
  }
  if (hydrated) {
    return (
      <div>
        {view.selected !== null ? <input type="hidden" name={view.param} value={String(view.selected)} /> : null}
        <Combobox id={id} label={label} options={view.options} value={view.selected} onChoose={onChoose} />
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={view.param} required={required} defaultValue={view.selected === null ? "" : String(view.selected)} className="field-input">
        <option value="">{t("infrastructure.query.choose")}</option>
        {view.options.map((o) => (
          <option key={o.code} value={String(o.code)}>
            {o.value}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The address cascade. Without JavaScript it is a GET form of native selects, one more level per
 * submit (the state is the URL). With JavaScript each level is a combobox, and choosing goes
 * straight to the next level (the same URL, so the back button and sharing still work).
 */
export function AddressCascade({ action, levels }: { action: string; levels: CascadeLevelView[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const last = levels[levels.length - 1];
  const atFlat = last?.level === "flat";

  const go = (index: number, code: number) => {
    const params = new URLSearchParams();
    levels.slice(0, index).forEach((l) => l.selected !== null && params.set(l.param, String(l.selected)));
    params.set(levels[index].param, String(code));
    void navigate(`${action}?${params.toString()}`, { preventScrollReset: true });
  };

  return (
    <Form method="get" action={action} preventScrollReset className="mt-6 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {levels.map((l, i) => (
          <CascadeField
            key={hydrated && !l.auto ? `${l.level}-${levels[i - 1]?.selected ?? "root"}` : l.level}
            view={l}
            id={`level-${l.level}`}
            hydrated={hydrated}
            onChoose={(code) => go(i, code)}
          />
        ))}
      </div>
      {last && last.options.length === 0 ? <p role="status">{t("infrastructure.query.empty")}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {/* With JavaScript choosing moves on by itself; the button stays for keyboard users who type a name and press it. */}
        <button type="submit" className="btn-primary">
          {atFlat ? t("infrastructure.query.show") : t("infrastructure.query.next")}
        </button>
        {levels.some((l) => l.selected !== null && !l.auto) ? (
          <Link to={action} className="text-sm">
            {t("infrastructure.query.startOver")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
