import { ensureBuild } from "../../scripts/ensure-build.mjs";

/** The instances run the built site: rebuild it when a source is newer than the build. */
export default function setup() {
  ensureBuild({ log: () => {}, buildDir: process.env.BUILD_DIR ?? "build" });
}
