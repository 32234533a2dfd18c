import { existsSync, readdirSync } from "node:fs";
import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The areas of server/: each folder with a module.ts; everything else there is shared machinery. */
const here = (dir) => new URL(`./${dir}`, import.meta.url);
const AREAS = readdirSync(here("server"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(here(`server/${d.name}/module.ts`)))
  .map((d) => d.name);
const areaDirs = AREAS.map((a) => `./server/${a}`);
/**
 * What another area may import of an area: its public entry (index.ts: the services and checks it
 * offers), its tables (schema.ts, for foreign keys and joins) and its API handlers and shapes
 * (api.ts, api-schemas.ts) that other areas' calls reuse. Everything else is its own.
 */
const AREA_PUBLIC = ["./index.ts", "./schema.ts", "./api.ts", "./api-schemas.ts"];
/** The feature folders of app/: each imports only itself, components/, lib/ and common/. */
const FEATURES = readdirSync(here("app/features"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** Layers every area builds on: they import no area (an area's tables are in its own schema.ts). */
const SHARED_LAYERS = ["core", "platform", "db", "jobs", "mail", "security", "reference", "seo"].map((d) => `./server/${d}`);

/** A block of import zones (import-x/no-restricted-paths) over `files`, tests left out. */
const importZones = (files, zones) => ({
  files,
  ignores: ["**/*.test.{ts,tsx}"],
  plugins: { "import-x": importX },
  settings: { "import-x/resolver": { typescript: true, node: true } },
  rules: { "import-x/no-restricted-paths": ["error", { zones }] },
});

export default tseslint.config(
  { ignores: ["build/", "build-*/", "data/", ".react-router/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", allowTypeImports: true, message: "Import z from common/validation/zod (it configures zod before any schema is built)." }],
        },
      ],
    },
  },
  { files: ["common/validation/zod.ts"], rules: { "@typescript-eslint/no-restricted-imports": "off" } },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // Components never reach into the server: only route modules (loaders/actions) may.
    files: ["app/components/**", "app/features/**", "app/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**"], message: "Server code is for loaders and actions only." }] },
      ],
    },
  },
  // The boundaries of docs/architecture.md; tests/lint/boundaries.test.ts plants a violation of each.
  importZones(
    ["common/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    [
      { target: "./common", from: ["./app", "./server"], message: "common/ is shared by the browser and the server: it imports neither." },
      { target: SHARED_LAYERS, from: areaDirs, message: "The shared layers import no area: an area brings its parts through its module.ts." },
      ...AREAS.map((a) => ({
        target: areaDirs.filter((d) => d !== `./server/${a}`),
        from: `./server/${a}`,
        except: AREA_PUBLIC,
        message: `Another area imports ${a} only through its public entry: server/${a}/index.ts (or its schema.ts, api.ts, api-schemas.ts).`,
      })),
      { target: areaDirs, from: "./server/http", message: "An area knows no HTTP layer: its API calls are declarations (ApiCall, server/core) that the API router serves." },
      { target: [...areaDirs, ...SHARED_LAYERS], from: ["./server/app-context.ts", "./server/modules.ts"], message: "Only main.ts, start.ts and tests compose the app: an area takes AppContext from server/core." },
    ],
  ),
  // A feature does not import another feature (the route composes them; shared pieces live in
  // components/ or common/), and components never import a feature.
  importZones(
    ["app/**/*.{ts,tsx}"],
    [
      ...FEATURES.map((f) => ({
        target: `./app/features/${f}`,
        from: "./app/features",
        except: [`./${f}`],
        message: "A feature imports no other feature: the route composes them, shared pieces live in app/components or common/.",
      })),
      { target: "./app/components", from: "./app/features", message: "Components are shared by every feature: they import none." },
    ],
  ),
  {
    // Domain code does not know the web framework: page wiring lives beside its route
    // (app/routes/**/*.server.ts) or in the HTTP layer that serves pages (server/http/pages/).
    files: [...areaDirs, ...SHARED_LAYERS].map((d) => `${d.slice(2)}/**/*.ts`),
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: ["react-router", "@react-router/node", "@react-router/express"].map((name) => ({ name, message: "Areas do not import the web framework: page wiring goes beside its route (*.server.ts) or in server/http/pages/." })) },
      ],
    },
  },
);
