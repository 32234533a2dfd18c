import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { apiPost } from "../../lib/api-client";
import { formatDecimal } from "./format";
import { useTranslation } from "../../lib/i18n";
import type { Phase, SpeedtestResult, WorkerMessage } from "./protocol";
import { Gauge } from "./gauge";
import { ResultView } from "./result-view";
import { ComparePanel, type ProvinceOption } from "./compare-panel";
import { addLocalEntry } from "./local-history";

type Status = "idle" | "running" | "done" | "failed";

const PHASES: Phase[] = ["latency", "download", "upload"];
/**
 * The worker ends a test within its budget (run-test.ts: 14 s) whatever the network does; a
 * worker that has said nothing by this time is lost (it crashed, a message went missing).
 */
const WATCHDOG_MS = 20_000;

/**
 * The live test: starts the measuring Web Worker, shows a gauge and a progress bar per phase,
 * announces the phases and the result in a live region, then shows the result and the
 * comparison with the person's package. The page renders a <noscript> note instead without JS.
 */
export function SpeedTestPanel({
  streamBase,
  signedIn,
  provinces,
}: {
  streamBase: string;
  signedIn: boolean;
  provinces: readonly ProvinceOption[];
}) {
  const { t, locale } = useTranslation();
  const [status, setStatus] = useState<Status>("idle");
  const [phase, setPhase] = useState<Phase | null>(null);
  const [progress, setProgress] = useState<Record<Phase, number>>({ latency: 0, download: 0, upload: 0 });
  const [gauge, setGauge] = useState<{ value: number; unit: "mbps" | "ms" }>({ value: 0, unit: "mbps" });
  const [result, setResult] = useState<SpeedtestResult | null>(null);
  const [at, setAt] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const worker = useRef<Worker | null>(null);
  const revalidator = useRevalidator();
  // The button works once React has attached its handler: a click on the server-rendered button
  // before that would be lost (no test started, nothing said), so it stays disabled until then.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    return () => worker.current?.terminate();
  }, []);

  function start() {
    worker.current?.terminate();
    const w = new Worker(new URL("./measure.worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    setStatus("running");
    setFailure(null);
    setResult(null);
    setProgress({ latency: 0, download: 0, upload: 0 });
    setAnnouncement(t("speedtest.running"));
    // Why it failed, for whoever investigates (data-error on the panel); the page says it in words.
    const fail = (why: string) => {
      window.clearTimeout(watchdog);
      setFailure(why);
      setStatus("failed");
      setPhase(null);
      setAnnouncement(t("speedtest.failed"));
      w.terminate();
    };
    const watchdog = window.setTimeout(() => fail("watchdog"), WATCHDOG_MS);
    w.onerror = () => fail("worker error");
    w.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const msg = event.data;
      if (msg.type === "phase") {
        setPhase(msg.phase);
        setGauge({ value: 0, unit: msg.phase === "latency" ? "ms" : "mbps" });
        setAnnouncement(t(`speedtest.phase.${msg.phase}`));
      } else if (msg.type === "progress") {
        setProgress((p) => ({ ...p, [msg.phase]: msg.fraction }));
        setGauge({ value: msg.mbps ?? msg.ms ?? 0, unit: msg.ms !== undefined ? "ms" : "mbps" });
      } else if (msg.type === "done") {
        window.clearTimeout(watchdog);
        setProgress({ latency: 1, download: 1, upload: 1 });
        const finishedAt = new Date().toISOString();
        setAt(finishedAt);
        setResult(msg.result);
        setStatus("done");
        // Guests keep their history on the device; a signed-in person's test is kept in their
        // account at once (private until shared), and the history on this page shows it.
        const { receipt, samples: _samples, durationMs: _duration, detail: _detail, ...figures } = msg.result;
        if (!signedIn) addLocalEntry({ ...figures, at: finishedAt });
        else {
          const { grade: _grade, ...measured } = figures;
          void apiPost<{ success: true; id: string }>("/speedtest/results", { receipt, ...measured, share: false })
            .then((answer) => {
              if (answer.success) void revalidator.revalidate();
            })
            .catch(() => undefined);
        }
        setPhase(null);
        setGauge({ value: msg.result.download, unit: "mbps" });
        setAnnouncement(
          t("speedtest.doneAnnouncement", {
            download: t("speedtest.value.mbps", { value: formatDecimal(msg.result.download, locale) }),
            upload: t("speedtest.value.mbps", { value: formatDecimal(msg.result.upload, locale) }),
            ping: t("speedtest.value.ms", { value: formatDecimal(msg.result.ping, locale) }),
          }),
        );
        w.terminate();
      } else fail(msg.message);
    };
    w.postMessage({ type: "run", base: new URL(streamBase, window.location.href).href });
  }

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,22rem)_1fr]" data-testid="speedtest-panel" data-status={status} data-error={failure ?? undefined}>
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 p-6 dark:border-slate-700">
        <Gauge
          value={gauge.value}
          unit={gauge.unit}
          label={phase ? t(`speedtest.phase.${phase}`) : result ? t("speedtest.figure.download") : t("speedtest.title")}
        />
        <button type="button" className="btn-primary w-full" onClick={start} disabled={!hydrated || status === "running"} data-testid="speedtest-start">
          {status === "running" ? t("speedtest.running") : result || status === "failed" ? t("speedtest.again") : t("speedtest.start")}
        </button>
        <div className="w-full space-y-2">
          {PHASES.map((p) => (
            <div key={p}>
              <div className="flex justify-between text-sm">
                <span id={`speedtest-progress-${p}`}>{t(`speedtest.phase.${p}`)}</span>
                <span aria-hidden="true">{Math.round(progress[p] * 100)}%</span>
              </div>
              <progress
                className="speedtest-progress h-2 w-full"
                max={100}
                value={Math.round(progress[p] * 100)}
                aria-labelledby={`speedtest-progress-${p}`}
              />
            </div>
          ))}
        </div>
        <p role="status" aria-live="polite" className="min-h-6 text-center text-sm" data-testid="speedtest-live">
          {announcement}
        </p>
        {status === "failed" && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t("speedtest.failed")}
          </p>
        )}
      </div>
      <div>
        {result && (
          <div data-testid="speedtest-result" data-result={JSON.stringify(result)}>
            <ResultView result={result} />
            <ComparePanel result={result} at={at} provinces={provinces} signedIn={signedIn} />
          </div>
        )}
      </div>
    </div>
  );
}
