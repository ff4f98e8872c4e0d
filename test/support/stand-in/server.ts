// Servers over HTTP on a free port of 127.0.0.1 for the contract suite's global setup, in-process
// (scripts/sandbox-server.mjs's node:http server in front of a fetch-style handler):
//   - PCS_TARGET=stand-in[:<defect>]: the documented-only stand-in, optionally with one defect;
//   - PCS_TARGET=sandbox: the reference sandbox itself behind Prism's validating proxy (`--errors`), as
//     `npm run sandbox` serves it, so every answer is also checked against the full description.
import { createSandbox, type Sandbox } from "../../../src/sandbox/index.js";
import { serveSandbox, startSandbox } from "../../../scripts/sandbox-server.mjs";
import type { Target } from "../target.js";
import { DEFECTS } from "./defects.js";
import { documentedOnly, type Handler } from "./documented-only.js";
import { STAND_IN_KEY, standInSeed } from "./seed.js";

const fixture = (name: string, baseUrl: string, viaPrism = false): Target => ({
  name,
  baseUrl,
  apiKey: STAND_IN_KEY,
  isMock: false,
  stateful: true,
  allowWrites: true,
  checksKeys: true,
  disposable: true,
  viaPrism,
});

export async function startStandIn(defect?: string): Promise<{ target: Target; stop: () => Promise<void> }> {
  if (defect !== undefined && !Object.hasOwn(DEFECTS, defect)) {
    throw new Error(
      `PCS_TARGET must be "stand-in" or "stand-in:<defect>" with a defect among ${Object.keys(DEFECTS).join(", ")}, not ${JSON.stringify(`stand-in:${defect}`)}`,
    );
  }
  const { sandbox, handler } = standIn(defect);
  // `npm run sandbox`'s own HTTP server, serving the stand-in's answers instead of the sandbox's.
  const server = await serveSandbox({ ...sandbox, fetch: handler });
  return { target: fixture(`stand-in (documented facts only${defect ? `, defect: ${defect}` : ""})`, server.url), stop: server.close };
}

/** The stand-in's sandbox (its state) and the handler that answers for it, with the defect if any. */
export function standIn(defect?: string): { sandbox: Sandbox; handler: Handler } {
  const sandbox = createSandbox({ seed: standInSeed() });
  const documented = documentedOnly((request) => sandbox.fetch(request));
  return { sandbox, handler: defect ? DEFECTS[defect]!(documented) : documented };
}

export async function startCheckedSandbox(): Promise<{ target: Target; stop: () => Promise<void> }> {
  // `npm run sandbox`'s own start-up (scripts/sandbox-server.mjs), with the stand-in's longer seed.
  const running = await startSandbox({ sandbox: { seed: standInSeed() } });
  return { target: fixture("sandbox behind Prism's validating proxy", running.url, true), stop: () => running.stop() };
}
