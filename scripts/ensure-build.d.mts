export const BUILD_SOURCES: string[];
export function buildState(buildDir?: string): "missing" | "stale" | "current";
export function ensureBuild(opts?: { log?: (line: string) => void; buildDir?: string; force?: boolean }): boolean;
