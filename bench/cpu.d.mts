// Types for bench/cpu.mjs (CPU accounting from /proc), for the TypeScript benches.
export interface CpuSnapshot {
  machine: { idle: number; steal: number; total: number };
  procs: Record<string, number>;
}
export function cpuSnapshot(pids: Record<string, number>): CpuSnapshot | null;
/** Cores used between two snapshots: machine, each named process, steal, other. */
export function cpuBetween(a: CpuSnapshot | null, b: CpuSnapshot | null): ({ machine: number; steal: number; other: number } & Record<string, number>) | null;
export function machineBusy(ms?: number): Promise<number | null>;
