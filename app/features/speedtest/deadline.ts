// The deadlines of the speed test's phases and requests (run-test.ts): each request carries the
// signal of its phase, aborted at the phase's deadline.

/** A signal that aborts after `ms`, when any of `parents` aborts, or when ended early. */
export interface Deadline {
  signal: AbortSignal;
  /** Aborts it now (a phase that is over ends its streams). */
  end(): void;
}

/** A deadline driven by setTimeout (so a test's fake clock drives it too). */
export function deadline(ms: number, ...parents: AbortSignal[]): Deadline {
  const controller = new AbortController();
  const end = () => {
    clearTimeout(timer);
    for (const p of parents) p.removeEventListener("abort", end);
    if (!controller.signal.aborted) controller.abort(new DOMException("The phase is over.", "AbortError"));
  };
  const timer = setTimeout(end, Math.max(0, ms));
  for (const p of parents) {
    if (p.aborted) end();
    else p.addEventListener("abort", end, { once: true });
  }
  return { signal: controller.signal, end };
}

/** A pause driven by setTimeout, like the deadlines. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
