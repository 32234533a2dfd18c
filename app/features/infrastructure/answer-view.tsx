import { FTTB_CEILING_MBPS, hasService, type FlatAnswer, type TechnologyAnswer } from "../../../common/infrastructure/types";
import { useTranslation } from "../../lib/i18n";
import { numberFormat } from "../../../common/format";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-t border-slate-200 py-2 first:border-t-0 dark:border-slate-700">
      <dt className="muted">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function TechnologyCard({ tech }: { tech: TechnologyAnswer }) {
  const { t, locale } = useTranslation();
  const n = numberFormat(locale, { maximumFractionDigits: 1 });
  const name = t(`infrastructure.answer.technologies.${tech.technology}`);
  const id = `tech-${tech.technology.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id={id} className="flex items-center justify-between gap-3 text-xl font-semibold">
        {name}
        <span
          className={`rounded-full px-3 py-1 text-sm ${
            tech.available ? "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50" : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          }`}
        >
          {tech.available ? t("infrastructure.answer.available") : t("infrastructure.answer.notAvailable")}
        </span>
      </h2>
      {tech.available ? (
        <dl className="mt-3 text-sm">
          <Row term={t("infrastructure.answer.freePort")}>
            {tech.freePort === null ? t("infrastructure.answer.freePortUnknown") : tech.freePort ? t("infrastructure.answer.freePortYes") : t("infrastructure.answer.freePortNo")}
          </Row>
          <Row term={t("infrastructure.answer.maxSpeed")}>
            {tech.maxDownMbps === null
              ? t("infrastructure.answer.unknown")
              : tech.maxUpMbps === null
                ? t("infrastructure.answer.downOnly", { down: n.format(tech.maxDownMbps) })
                : t("infrastructure.answer.speed", { down: n.format(tech.maxDownMbps), up: n.format(tech.maxUpMbps) })}
          </Row>
          {tech.fttx ? <Row term={t("infrastructure.answer.fttx")}>{tech.fttx}</Row> : null}
          {tech.lineEnd ? (
            <Row term={tech.lineEnd.kind === "cabinet" ? t("infrastructure.answer.cabinet") : t("infrastructure.answer.exchange")}>
              {[tech.lineEnd.name, tech.lineEnd.distanceM === null ? null : t("infrastructure.answer.distance", { distance: n.format(tech.lineEnd.distanceM) })]
                .filter(Boolean)
                .join(" · ")}
            </Row>
          ) : null}
          {tech.technology === "FIBER" ? null : (
            <Row term={t("infrastructure.answer.estimated")}>
              {tech.estimatedDownMbps === null ? t("infrastructure.answer.unknown") : t("infrastructure.answer.estimatedValue", { speed: n.format(tech.estimatedDownMbps) })}
            </Row>
          )}
        </dl>
      ) : null}
      {tech.available && tech.technology === "FIBER" ? <p className="mt-2 text-sm muted">{t("infrastructure.answer.fiberPlan")}</p> : null}
      {tech.fttx === "FTTB" ? (
        <p role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("infrastructure.answer.fttbWarning", { max: FTTB_CEILING_MBPS })}
        </p>
      ) : null}
      {tech.openWorkOrder ? <p className="mt-3 text-sm font-medium">{t("infrastructure.answer.workOrderYes")}</p> : null}
    </section>
  );
}

/** The answer for a flat: per technology, or "no service found" with what to do next. */
export function AnswerView({ answer, fetchedAt }: { answer: FlatAnswer; fetchedAt: string }) {
  const { t } = useTranslation();
  return (
    <>
      {hasService(answer) ? null : (
        <section aria-labelledby="no-service-title" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-50">
          <h2 id="no-service-title" className="text-xl font-semibold">
            {t("infrastructure.answer.noService")}
          </h2>
          <p className="mt-2">{t("infrastructure.answer.noServiceLead")}</p>
          <h3 className="mt-4 font-semibold">{t("infrastructure.answer.nextSteps")}</h3>
          <ul className="mt-2 list-disc space-y-1 ps-6">
            <li>{t("infrastructure.answer.nextStepAlert")}</li>
            <li>{t("infrastructure.answer.nextStepReport")}</li>
            <li>{t("infrastructure.answer.nextStepOther")}</li>
          </ul>
        </section>
      )}
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {answer.technologies.map((tech) => (
          <TechnologyCard key={tech.technology} tech={tech} />
        ))}
      </div>
      <p className="mt-4 text-sm muted">
        {t("infrastructure.answer.fetchedAt", { time: fetchedAt })} · {t("infrastructure.answer.source", { source: t(`infrastructure.answer.sources.${answer.source}`) })}
      </p>
    </>
  );
}
