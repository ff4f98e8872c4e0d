// vitest global setup: one server for the whole run, provided to every test file as inject("pcsTarget"),
// and the ids the API key can see as inject("pcsIds"). By default the Prism mock on a free port; a real
// server with PCS_BASE_URL; the documented-only stand-in (optionally with one defect) with
// PCS_TARGET=stand-in[:<defect>] (see target.ts). The returned teardown stops what was started even when
// tests fail; prism.ts also kills Prism if the runner exits.
import type { TestProject } from "vitest/node";
import { levelFromEnv } from "./conformance.js";
import { discoverIds } from "./discover.js";
import { startPrism } from "./prism.js";
import { MOCK_API_KEY, realServerFromEnv, type Target } from "./target.js";

async function startTarget(env: NodeJS.ProcessEnv): Promise<{ target: Target; stop?: () => Promise<void> }> {
  const real = realServerFromEnv(env);
  if (real) return { target: real };
  const requested = env.PCS_TARGET?.trim() || "mock";
  if (requested.startsWith("stand-in")) {
    const { startStandIn } = await import("./stand-in/server.js");
    const standIn = await startStandIn(requested.slice("stand-in".length).replace(/^:/, "") || undefined);
    return { target: standIn.target, stop: standIn.stop };
  }
  if (requested === "sandbox") {
    const { startCheckedSandbox } = await import("./stand-in/server.js");
    return startCheckedSandbox();
  }
  if (requested !== "mock") throw new Error(`PCS_TARGET must be "mock", "sandbox" or "stand-in[:<defect>]", not ${JSON.stringify(requested)}`);
  // PCS_MOCK_DOCUMENT: serve another document, e.g. a deliberately broken copy of the bundle, to see
  // the suite fail against a mock that disagrees with the description.
  const prism = await startPrism("mock", { document: env.PCS_MOCK_DOCUMENT || undefined });
  const target = { name: "Prism mock", baseUrl: prism.url, apiKey: MOCK_API_KEY, isMock: true, stateful: false, allowWrites: true, checksKeys: false, disposable: true, viaPrism: true };
  return { target, stop: () => prism.stop() };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  levelFromEnv(process.env.PCS_CONFORMANCE); // a misspelt level stops the run before anything starts
  const { target, stop } = await startTarget(process.env);
  try {
    project.provide("pcsTarget", target);
    project.provide("pcsIds", await discoverIds(target));
  } catch (error) {
    await stop?.();
    throw error;
  }
  return stop;
}
