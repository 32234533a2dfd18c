import { useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import type { MessageKey } from "../../../common/i18n";
import { cascadeLevel, LEVEL_CALLS, walkCascade, type CascadeLevel } from "../../../common/infrastructure/cascade";
import type { ChildLevel, InfraLevel, InfraNode } from "../../../common/infrastructure/types";
import { apiPost } from "../../lib/api-client";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { useHydrated } from "../../lib/hydrated";
import { CascadeField } from "./address-cascade";
import { LookupForm } from "./lookup-form";
import type { QueryTab } from "./query-tabs";

const WAYS: { way: QueryTab; label: MessageKey }[] = [
  { way: "adres", label: "infrastructure.query.byAddress" },
  { way: "telefon", label: "infrastructure.query.byLandline" },
  { way: "uavt", label: "infrastructure.query.byUavt" },
];

/** An answer of the API that is not a level's list: its message is already in the page's language. */
class LevelLoadError extends Error {}

/** A level's choices under `parent`, from /api/v1/ttservice/{districts|…|flats}. */
async function loadLevel(level: InfraLevel, parent: number | null): Promise<InfraNode[]> {
  const answer = await apiPost<InfraNode[]>(`/ttservice/${LEVEL_CALLS[level as ChildLevel]}`, { code: parent });
  if (!Array.isArray(answer)) throw new LevelLoadError(answer.message);
  return answer;
}

/**
 * The address cascade of the home page's box. The server renders the province (the home page is
 * kept for guests and reads nothing of the request, decision 018), as a native select in a GET
 * form into the query page: without JavaScript that form goes on there, one level per submit.
 * With JavaScript every level is a combobox and the levels below load in the browser from the
 * API, the single choices taken by themselves (the query page's walk,
 * common/infrastructure/cascade.ts); the chosen flat opens its answer. The button still hands
 * what is chosen so far to the query page.
 */
function AddressQuery({ provinces, action }: { provinces: InfraNode[]; action: string }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [levels, setLevels] = useState<CascadeLevel[]>(() => [cascadeLevel("province", provinces, null)]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  // Only the latest choice's answers count (a fast second choice outruns a slow first one).
  const turn = useRef(0);
  const last = levels[levels.length - 1];

  async function choose(index: number, code: number) {
    const mine = ++turn.current;
    const known = [...levels.slice(0, index), { ...levels[index], selected: code }];
    setLevels(known);
    setError(null);
    setBusy(true);
    setAnnounce(t("loading"));
    try {
      const walked = await walkCascade({ known, children: loadLevel });
      if (mine !== turn.current) return;
      setLevels(walked.levels);
      if (walked.flat !== null) {
        await navigate(paths.altyapiSonuc(String(walked.flat)));
        return;
      }
      const next = walked.levels[walked.levels.length - 1];
      setAnnounce(next.options.length ? t("infrastructure.query.levelReady", { level: t(`infrastructure.levels.${next.level}`) }) : "");
    } catch (err) {
      if (mine !== turn.current) return;
      setAnnounce("");
      setError(err instanceof LevelLoadError && err.message ? err.message : t("infrastructure.query.loadFailed"));
    } finally {
      if (mine === turn.current) setBusy(false);
    }
  }

  return (
    <Form method="get" action={action} className="space-y-4" aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        {levels.map((l, i) => (
          <CascadeField
            key={hydrated && !l.auto ? `${l.level}-${levels[i - 1]?.selected ?? "root"}` : l.level}
            view={l}
            id={`home-level-${l.level}`}
            hydrated={hydrated}
            required={l.level === "province"}
            onChoose={(code) => void choose(i, code)}
          />
        ))}
      </div>
      <p role="status" className="min-h-5 text-sm muted">
        {announce}
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      ) : null}
      {!busy && last.options.length === 0 ? <p>{t("infrastructure.query.empty")}</p> : null}
      <button type="submit" className="btn-primary">
        {t("home.queryCta")}
      </button>
    </Form>
  );
}

/**
 * The home page's infrastructure query box: the three ways in of the query page (address down to
 * the flat, landline, address code), switched by radio buttons and CSS alone (app.css,
 * `.home-query`), so the switch works without JavaScript and renders the same on the server.
 * The landline and address-code forms submit into the query page, which opens the flat's answer.
 */
export function HomeQueryBox({ provinces }: { provinces: InfraNode[] }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const action = paths.altyapiSorgulama();
  return (
    <div className="home-query mt-8 max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <fieldset>
        <legend className="field-label">{t("infrastructure.query.tabs")}</legend>
        <div className="flex flex-wrap gap-2">
          {WAYS.map(({ way, label }) => (
            <label key={way} className="choice-pill">
              <input type="radio" name="home-query-way" id={`home-query-way-${way}`} value={way} defaultChecked={way === "adres"} className="sr-only" />
              {t(label)}
            </label>
          ))}
        </div>
      </fieldset>
      <div data-way="adres">
        <AddressQuery provinces={provinces} action={action} />
      </div>
      <div data-way="telefon">
        <LookupForm action={action} way="telefon" idPrefix="home-query" className="max-w-md space-y-4" />
      </div>
      <div data-way="uavt">
        <LookupForm action={action} way="uavt" idPrefix="home-query" className="max-w-md space-y-4" />
      </div>
    </div>
  );
}
