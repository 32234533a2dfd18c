// CPU accounting from /proc (Linux): how much of the machine the measured server, the load
// generator and everything else used during a run. Returns null where /proc is unavailable.
import { readFileSync } from "node:fs";
import os from "node:os";

function machineTicks() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] || 0); // idle + iowait
  const steal = f[7] || 0; // time the hypervisor gave this machine's CPUs to someone else
  const total = f.reduce((a, b) => a + b, 0);
  return { idle, steal, total };
}

function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0;
  }
}

/** A snapshot; pass two of them to cpuBetween. `pids` maps a name to a pid. */
export function cpuSnapshot(pids) {
  try {
    return { machine: machineTicks(), procs: Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, processTicks(p)])) };
  } catch {
    return null;
  }
}

/**
 * Cores used between two snapshots: `{ machine, <name>..., steal, other }`, where steal is CPU
 * time the hypervisor took for other guests and other = machine − named − steal.
 */
export function cpuBetween(a, b) {
  if (!a || !b) return null;
  const total = b.machine.total - a.machine.total;
  if (total <= 0) return null;
  const perCore = total / os.cpus().length;
  const out = { machine: (total - (b.machine.idle - a.machine.idle)) / perCore };
  let named = 0;
  for (const k of Object.keys(b.procs)) {
    out[k] = (b.procs[k] - (a.procs[k] ?? 0)) / perCore;
    named += out[k];
  }
  out.steal = (b.machine.steal - a.machine.steal) / perCore;
  out.other = Math.max(0, out.machine - named - out.steal);
  for (const k of Object.keys(out)) out[k] = Number(out[k].toFixed(2));
  return out;
}

/** Cores busy on the whole machine over `ms` (a quick check that the machine is idle). */
export async function machineBusy(ms = 1000) {
  const a = cpuSnapshot({});
  await new Promise((r) => setTimeout(r, ms));
  return cpuBetween(a, cpuSnapshot({}))?.machine ?? null;
}
