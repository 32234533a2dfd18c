// `npm run check:cycles`: fails when the import graph of app/, server/ and common/ has a cycle.
// Type-only imports count: a loop of types still ties two modules' changes together.
import path from "node:path";
import { fileURLToPath } from "node:url";
import madge from "madge";

/** The import cycles among the files under `dirs` (relative to `root`), each as a list of files. */
export async function findCycles(root, dirs) {
  const graph = await madge(
    dirs.map((d) => path.join(root, d)),
    {
      baseDir: root,
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(root, "tsconfig.json"),
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
      excludeRegExp: [/\.test\.tsx?$/, /node_modules/, /\.react-router\//],
    },
  );
  return graph.circular();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  const cycles = await findCycles(root, ["app", "server", "common"]);
  if (cycles.length) {
    console.error(`${cycles.length} import cycle(s):`);
    for (const c of cycles) console.error(`  ${c.join(" > ")}`);
    process.exit(1);
  }
  console.log("import graph: no cycle");
}
