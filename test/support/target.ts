// The server of `npm test`: one Prism mock for the whole run (examples; honours `Prefer`; keeps no
// state and accepts any well-formed key), started on a free port by this file's default export — the
// vitest global setup — and provided to every test file as target(). PCS_MOCK_DOCUMENT serves another
// document (a deliberately broken copy of the bundle, say, to see the contract checks fail). The
// setup's teardown stops it, also when tests fail; prism.ts also kills Prism if the runner exits.
// Real servers are checked by the contract checker package (contract/, `npm run test:contract --
// --base-url …`), not by this suite.
import { inject, type TestContext } from "vitest";
import type { TestProject } from "vitest/node";
import { startPrism } from "./prism.js";

export interface Target {
  /** What it is, for messages. */
  name: string;
  /** The service root, without a trailing slash: paths of the description are appended to it. */
  baseUrl: string;
  apiKey: string;
  /** True for the Prism mock of this run: it honours `Prefer` and serves examples. */
  isMock: boolean;
  /** The mock's Prism process as the setup started it: a test that must not take Prism down checks it
   * still runs (the guard restarts a Prism that died, and its retry hides the crash from the answers). */
  mockPid?: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    pcsTarget: Target;
  }
}

/** The key sent to the mock: Prism accepts any well-formed Basic credential. */
export const MOCK_API_KEY = "contract-test-key";

/** The server of this run, as the global setup provided it. */
export function target(): Target {
  return inject("pcsTarget");
}

export const REASON_PREFER = "needs the mock's Prefer header to choose the response; a real server ignores it";
export const REASON_MUTATES = "would change data on the real server";

/** Skips the running test, with its reason, unless the target is the mock. */
export function mockOnly(context: TestContext, reason: string): void {
  context.skip(!target().isMock, `${target().name}: ${reason}`);
}

/** The vitest global setup (test/vitest.config.ts): starts the mock and returns its teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prism = await startPrism("mock", { document: process.env.PCS_MOCK_DOCUMENT || undefined });
  project.provide("pcsTarget", { name: "Prism mock", baseUrl: prism.url, apiKey: MOCK_API_KEY, isMock: true, mockPid: prism.pid });
  return () => prism.stop();
}
