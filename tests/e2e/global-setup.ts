// Starts the site once for the whole end-to-end run (see site.ts), hands its base URL to the
// tests through vitest's provide/inject, and stops it at teardown.
import type { TestProject } from "vitest/node";
import { startSite } from "./site";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const site = await startSite();
  project.provide("baseUrl", site.baseUrl);
  return async () => {
    await site.stop();
  };
}
