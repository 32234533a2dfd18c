import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;

/** Whether a module id is server-only code: under server/, or named *.server.* anywhere. */
export function isServerModule(id: string): boolean {
  const file = id.replace(/^\0/, "").split("?")[0];
  return file.startsWith(path.join(root, "server") + path.sep) || /\.server\.[cm]?[jt]sx?$/.test(file);
}

/**
 * Fails the browser build when server code is part of it. React Router's own check covers
 * `*.server.*` files only; our server code lives in server/ and route loaders import it, so a
 * stray import from a component would otherwise ship it (and its secrets' handling) to browsers.
 */
export function serverCodeStaysOnServer(): Plugin {
  let ssrBuild = false;
  return {
    name: "genisbant:server-code-stays-on-server",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssrBuild || (this.environment && this.environment.name !== "client")) return;
      const found: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of chunk.moduleIds) {
          if (isServerModule(id)) found.push(`${path.relative(root, id.replace(/^\0/, ""))} (in ${chunk.fileName})`);
        }
      }
      if (found.length > 0) {
        this.error(`Server code in the browser bundle:\n  ${found.join("\n  ")}\nImport it only from loaders, actions or other server code.`);
      }
    },
  };
}

/** The migrations travel with the server build (server/db/client.ts finds them beside it). */
function copyMigrations(): Plugin {
  return {
    name: "genisbant:copy-migrations",
    apply: "build",
    writeBundle(options) {
      if (!this.environment || this.environment.name !== "ssr" || !options.dir) return;
      cpSync(path.join(root, "server/db/migrations"), path.join(options.dir, "migrations"), { recursive: true });
    },
  };
}

/**
 * React Router names the server build's entry files itself (index.js, index2.js …): the speed
 * test's worker thread gets a fixed name, speedtest-worker.js, that imports its chunk.
 */
function nameSpeedtestWorker(): Plugin {
  return {
    name: "genisbant:name-speedtest-worker",
    apply: "build",
    writeBundle(options, bundle) {
      if (!this.environment || this.environment.name !== "ssr" || !options.dir) return;
      const chunk = Object.values(bundle).find(
        (c) => c.type === "chunk" && c.isEntry && c.facadeModuleId?.endsWith(path.join("server", "speedtest", "worker.ts")),
      );
      if (!chunk) this.error("the speed test worker's entry is missing from the server build");
      writeFileSync(path.join(options.dir, "speedtest-worker.js"), `import "./${chunk.fileName}";\n`);
    },
  };
}

/**
 * The browser's locale namespace chunks by language and name ("tr/blog" → "/assets/blog-….js"),
 * written beside the build's client and server folders as locale-chunks.json: the server
 * preloads the namespaces a page lists beside its route modules (decision 034). Without the
 * file (development, tests run from the sources) nothing is preloaded.
 */
function localeChunks(): Plugin {
  return {
    name: "genisbant:locale-chunks",
    apply: "build",
    writeBundle(options, bundle) {
      if (!this.environment || this.environment.name !== "client" || !options.dir) return;
      const chunks: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        const match = chunk.type === "chunk" ? /[\\/]locales[\\/](tr|en)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? "") : null;
        if (match) chunks[`${match[1]}/${match[2]}`] = `/${chunk.fileName}`;
      }
      writeFileSync(path.join(options.dir, "..", "locale-chunks.json"), JSON.stringify(chunks));
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [tailwindcss(), reactRouter(), serverCodeStaysOnServer(), copyMigrations(), nameSpeedtestWorker(), localeChunks()],
  // The browser build picks React's production or development files by process.env.NODE_ENV.
  // `react-router build` without NODE_ENV in the environment left it unset for the client
  // environment, and browsers got React's development build (twice the size, and slow: about 60
  // KB of gzipped JavaScript more on every page). The mode says which one is meant. (The server
  // build keeps its own: React there is loaded from node_modules at run time.)
  ...(isSsrBuild ? {} : { define: { "process.env.NODE_ENV": JSON.stringify(mode === "development" ? "development" : "production") } }),
  build: {
    target: "es2022",
    // The server build's entries: React Router's build plus the site's start-up (decision 009), and
    // the speed test's worker thread (server/speedtest/worker.ts), which runs apart from the site.
    ...(isSsrBuild
      ? {
          rollupOptions: {
            input: { index: "./server/build-entry.ts", "speedtest-worker": "./server/speedtest/worker.ts" },
          },
        }
      : {}),
  },
}));
