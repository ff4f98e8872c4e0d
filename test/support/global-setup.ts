// vitest global setup: one Prism mock for the whole run, on a free port, provided to every test file as
// inject("pcsTarget"); PCS_MOCK_DOCUMENT serves another document (a deliberately broken copy of the
// bundle, say, to see the contract checks fail). The returned teardown stops it — also when tests
// fail; prism.ts also kills Prism if the runner exits.
import type { TestProject } from "vitest/node";
import { startPrism } from "./prism.js";
import { MOCK_API_KEY } from "./target.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prism = await startPrism("mock", { document: process.env.PCS_MOCK_DOCUMENT || undefined });
  project.provide("pcsTarget", { name: "Prism mock", baseUrl: prism.url, apiKey: MOCK_API_KEY, isMock: true });
  return () => prism.stop();
}
