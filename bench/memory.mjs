// The site's resident memory, from /proc (Linux): one reading, or the highest of readings taken
// every `everyMs` while something runs.
import { readFileSync } from "node:fs";

/** { rss, hwm } in MiB for a pid (hwm: the highest RSS the process ever had), or null. */
export function readMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** Samples the pid's RSS until stop() is called; stop() returns the highest reading in MiB. */
export function sampleMemory(pid, everyMs = 200) {
  let peak = 0;
  const take = () => {
    const m = readMemory(pid);
    if (m && m.rss > peak) peak = m.rss;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}
