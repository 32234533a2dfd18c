import { useEffect, useState } from "react";
import { apiGet } from "./api-client";

/** A list being read from the API: not yet, failed, or here. */
export type Loaded<T> =
  { state: "loading" } | { state: "failed" } | { state: "ready"; items: T[] };

/** Reads the list `key` of an API answer whenever `path` changes (null: nothing to read). */
export function useApiList<T>(
  path: string | null,
  key: string,
): Loaded<T> | null {
  const [list, setList] = useState<{ path: string; loaded: Loaded<T> } | null>(
    null,
  );
  useEffect(() => {
    if (!path) return;
    let live = true;
    setList({ path, loaded: { state: "loading" } });
    void apiGet<Record<string, unknown>>(path).then((json) => {
      if (!live) return;
      const items =
        json.success === true
          ? (json as Record<string, unknown>)[key]
          : undefined;
      setList({
        path,
        loaded: Array.isArray(items)
          ? { state: "ready", items: items as T[] }
          : { state: "failed" },
      });
    });
    return () => {
      live = false;
    };
  }, [path, key]);
  if (!path) return null;
  return list?.path === path ? list.loaded : { state: "loading" };
}
