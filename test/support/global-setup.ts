// vitest global setup: one server for the whole run. Starts the Prism mock on a free port (or uses the
// real server named by PCS_BASE_URL) and provides it to every test file as inject("pcsTarget").
// The returned teardown stops Prism even when tests fail; prism.ts also kills it if the runner exits.
import type { TestProject } from "vitest/node";
import { startPrism } from "./prism.js";
import { MOCK_API_KEY, realServerFromEnv } from "./target.js";

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const real = realServerFromEnv(process.env);
  if (real) {
    project.provide("pcsTarget", real);
    return undefined;
  }
  // PCS_MOCK_DOCUMENT: serve another document, e.g. a deliberately broken copy of the bundle, to see
  // the suite fail against a mock that disagrees with the description.
  const prism = await startPrism("mock", { document: process.env.PCS_MOCK_DOCUMENT || undefined });
  project.provide("pcsTarget", { baseUrl: prism.url, apiKey: MOCK_API_KEY, isMock: true });
  return () => prism.stop();
}
