import { useMemo, useSyncExternalStore } from "react";
import type { Locale } from "../../common/format";
import { createCatalog, NAMESPACES, namespaceOf, type Messages, type Namespace } from "../../common/i18n";
import { I18nProvider, type I18nValue } from "./i18n";

// Each locale file is a chunk of its own (decision 034): a page downloads its language's
// namespaces, and only those it uses.
const files = import.meta.glob<Messages>("../../locales/*/*.json", { import: "default" });

export interface ClientI18n {
  locale: Locale;
  /** Downloads the namespaces not yet here; resolves once all of them are. */
  load(names: readonly Namespace[]): Promise<void>;
  value(): I18nValue;
  subscribe(listener: () => void): () => void;
  version(): number;
}

export function isNamespace(name: unknown): name is Namespace {
  return typeof name === "string" && (NAMESPACES as readonly string[]).includes(name);
}

/** The browser's texts for one language, filled in namespace by namespace. */
export function createClientI18n(locale: Locale): ClientI18n {
  const started = new Map<Namespace, Promise<void>>();
  const here = new Set<Namespace>();
  const waits = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let version = 0;
  let current: I18nValue;

  const loadOne = (name: Namespace): Promise<void> => {
    let loading = started.get(name);
    if (!loading) {
      const file = files[`../../locales/${locale}/${name}.json`];
      loading = (file ? file() : Promise.resolve({})).then(
        (messages) => {
          catalog.add(messages);
          here.add(name);
        },
        (error: unknown) => {
          // A failed download (the connection dropped) is tried again by the next page that needs it.
          started.delete(name);
          throw error;
        },
      );
      started.set(name, loading);
    }
    return loading;
  };
  const load = (names: readonly Namespace[]) => Promise.all(names.map(loadOne)).then(() => undefined);

  // A text asked for before its namespace was declared: a component is missing its
  // useNamespaces (or a key came from data). Said in the console (the browser suite fails on
  // it), downloaded, and the page rendered again once it is here.
  const catalog = createCatalog(locale, (key) => {
    const name = namespaceOf(key);
    if (here.has(name)) return;
    if (!started.has(name)) console.error(`i18n: "${key}" was needed before its namespace "${name}" was declared with useNamespaces`);
    void load([name]).then(() => {
      version += 1;
      current = { ...current };
      for (const listener of listeners) listener();
    });
  });

  const need = (names: readonly Namespace[]): Promise<void> | undefined => {
    const missing = names.filter((name) => !here.has(name));
    if (missing.length === 0) return undefined;
    // One promise per set, kept: React's use() wants the same promise on every try.
    const key = missing.join(",");
    let wait = waits.get(key);
    if (!wait) {
      wait = load(missing).finally(() => waits.delete(key));
      waits.set(key, wait);
    }
    return wait;
  };

  current = { locale, t: catalog.t, need };
  return {
    locale,
    load,
    value: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/** The provider in the browser: renders the page again when a namespace arrives late. */
export function ClientI18nProvider({ i18n, children }: { i18n: ClientI18n; children: React.ReactNode }) {
  const version = useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the value changes with the version
  const value = useMemo(() => i18n.value(), [i18n, version]);
  return <I18nProvider value={value}>{children}</I18nProvider>;
}
