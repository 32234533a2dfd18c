import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../locales/en";
import tr from "../locales/tr";
import { NAMESPACES, namespaceOf } from "./i18n";

// Every locale file of both languages: the same files, the same keys, the same {{placeholders}}
// per key and the plural forms each language needs. A text missing in one language would show
// its key (or the other language) to a reader; a placeholder missing would show "{{name}}".

const LOCALES = ["tr", "en"] as const;
const root = path.resolve(import.meta.dirname, "../locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function jsonFiles(locale: string): string[] {
  return readdirSync(path.join(root, locale))
    .filter((f) => f.endsWith(".json"))
    .sort();
}

function flatten(node: unknown, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  if (node && typeof node === "object" && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, node);
  return into;
}

function load(locale: string, file: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(path.join(root, locale, file), "utf8")));
}

/** The names of a text's {{placeholders}} ("{{count}}", "{{ date, datetime }}" → count, date), sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{-?\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!).sort();
}

describe("locale files", () => {
  const files = jsonFiles("tr");

  it("exist with the same names in both languages", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(jsonFiles("en")).toEqual(files);
  });

  it.each(files)("%s: the same keys, texts only, none empty", (file) => {
    const trKeys = load("tr", file);
    const enKeys = load("en", file);
    const missingInEn = [...trKeys.keys()].filter((k) => !enKeys.has(k) && !PLURAL_SUFFIX.test(k));
    const missingInTr = [...enKeys.keys()].filter((k) => !trKeys.has(k) && !PLURAL_SUFFIX.test(k));
    expect({ missingInEn, missingInTr }).toEqual({ missingInEn: [], missingInTr: [] });
    for (const locale of LOCALES) {
      for (const [key, value] of load(locale, file)) {
        expect(typeof value, `${locale} ${key}`).toBe("string");
        expect((value as string).trim(), `${locale} ${key}`).not.toBe("");
      }
    }
  });

  it.each(files)("%s: the same {{placeholders}} per key", (file) => {
    const trKeys = load("tr", file);
    const enKeys = load("en", file);
    const differing: string[] = [];
    // Plural forms compare by their base key: every form of a key uses the same names.
    const names = (map: Map<string, unknown>) => {
      const out = new Map<string, string>();
      for (const [key, value] of map) {
        const base = key.replace(PLURAL_SUFFIX, "");
        const found = placeholders(String(value)).filter((n) => n !== "count" || !PLURAL_SUFFIX.test(key));
        out.set(base, [...new Set([...(out.get(base)?.split(",").filter(Boolean) ?? []), ...found])].sort().join(","));
      }
      return out;
    };
    const trNames = names(trKeys);
    const enNames = names(enKeys);
    for (const [key, value] of trNames) if (enNames.get(key) !== value) differing.push(`${key}: tr {${value}} en {${enNames.get(key)}}`);
    expect(differing).toEqual([]);
  });

  it.each(files)("%s: every plural has exactly its language's forms", (file) => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const needed = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
      const groups = new Map<string, string[]>();
      for (const key of load(locale, file).keys()) {
        const m = PLURAL_SUFFIX.exec(key);
        if (m) groups.set(key.slice(0, m.index), [...(groups.get(key.slice(0, m.index)) ?? []), m[1]!]);
      }
      for (const [base, forms] of groups) {
        if (forms.sort().join() !== needed.join()) problems.push(`${locale} ${base}: ${forms.join(",")} (needs ${needed.join(",")})`);
      }
    }
    expect(problems).toEqual([]);
  });

  // "1 people have already reported…": a number that changes at run time and stands before the
  // word it counts needs the plural forms ("key_one", "key_other", called with `count`). Bounds
  // fixed in code and never 1 ({{min}}, {{max}}, {{days}} of a retention period) are not counts.
  it.each(files)("%s: a counted word follows its number's plural form", (file) => {
    const counted = /\{\{\s*(count|minute|months|\w+Count)\s*\}\} (?!\/)[\p{L}]/u;
    const singular = [...load("en", file)].filter(([key, text]) => !PLURAL_SUFFIX.test(key) && counted.test(String(text))).map(([key, text]) => `${key}: ${String(text)}`);
    expect(singular).toEqual([]);
  });

  it("every $t(…) nesting points at an existing key", () => {
    for (const [locale, tree] of [["tr", tr], ["en", en]] as const) {
      const all = flatten(tree);
      for (const [key, value] of all) {
        for (const m of String(value).matchAll(/\$t\(([\w.]+)/g)) expect(all.has(m[1]!), `${locale} ${key} → ${m[1]}`).toBe(true);
      }
    }
  });

  it("the merged trees hold every file's keys (no file overwrites another)", () => {
    for (const [locale, tree] of [["tr", tr], ["en", en]] as const) {
      const merged = flatten(tree);
      const total = jsonFiles(locale).reduce((n, file) => n + load(locale, file).size, 0);
      expect(merged.size, locale).toBe(total);
    }
  });
});

describe("keys written in the form schemas", () => {
  // zod takes messages as plain strings, out of tsc's reach: every key-like literal in the
  // schema files must name a text (or, for the field helpers' prefixes, a group of texts).
  const dirs = ["forms", "validation", "blog"].map((d) => path.resolve(import.meta.dirname, d));
  const sources = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .map((f) => path.join(dir, f)),
  );
  const texts = flatten(tr);
  // Every proper prefix of a key: "a.b.c" gives "a" and "a.b".
  const groups = new Set(
    [...texts.keys()].flatMap((key) => {
      const parts = key.split(".");
      return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("."));
    }),
  );
  const keyLike = new RegExp(`["'\`]((?:${Object.keys(tr).join("|")})(?:\\.\\w+)+)["'\`]`, "g");

  it("name existing texts or groups", () => {
    expect(sources.length).toBeGreaterThan(3);
    let seen = 0;
    const unknown: string[] = [];
    for (const file of sources) {
      for (const m of readFileSync(file, "utf8").matchAll(keyLike)) {
        seen++;
        if (!texts.has(m[1]!) && !groups.has(m[1]!)) unknown.push(`${path.basename(file)}: ${m[1]}`);
      }
    }
    expect(seen).toBeGreaterThan(30);
    expect(unknown).toEqual([]);
  });
});

describe("placeholders", () => {
  it("reads names, with formats and unescaped values", () => {
    expect(placeholders("{{b}} and {{ a }}, {{date, datetime}} {{- raw}}")).toEqual(["a", "b", "date", "raw"]);
    expect(placeholders("no placeholders")).toEqual([]);
  });
});

describe("namespaces (decision 034)", () => {
  it("are the locale files, and each key's namespace is the file that holds it", () => {
    for (const locale of LOCALES) {
      expect(jsonFiles(locale)).toEqual([...NAMESPACES].map((name) => `${name}.json`).sort());
      for (const name of NAMESPACES) {
        for (const key of load(locale, `${name}.json`).keys()) expect(namespaceOf(key), `${locale}/${name}.json: ${key}`).toBe(name);
      }
    }
  });

  it("put a key of a group no file names in common", () => {
    expect(namespaceOf("nav.home")).toBe("common");
    expect(namespaceOf("searchResults.title")).toBe("search");
    expect(namespaceOf("packages")).toBe("packages");
    expect(namespaceOf("unknownGroup.x")).toBe("common");
    expect(namespaceOf("constructor.name")).toBe("common");
    expect(namespaceOf("__proto__")).toBe("common");
  });
});
