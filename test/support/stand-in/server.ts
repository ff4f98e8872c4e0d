// The stand-ins' handlers, and the reference sandbox behind Prism's validating proxy (as `npm run
// sandbox` serves it), for `npm run test:levels`:
//   - standIn(): the documented-only stand-in over a sandbox of the stand-in seed, optionally with one
//     deliberate defect;
//   - startCheckedSandbox(): the sandbox over HTTP behind Prism, so every answer is also checked
//     against the full description.
import { createSandbox, type Sandbox, type SandboxSeed } from "../../../src/sandbox/index.js";
import { startSandbox } from "../../../scripts/servers/sandbox-server.mjs";
import { DEFECTS } from "./defects.js";
import { documentedOnly, type Handler } from "./documented-only.js";
import { standInSeed } from "./seed.js";

/** The stand-in's sandbox (its state) and the handler that answers for it, with the defect if any. */
export function standIn(defect?: string, seed: SandboxSeed = standInSeed()): { sandbox: Sandbox; handler: Handler } {
  if (defect !== undefined && !Object.hasOwn(DEFECTS, defect))
    throw new Error(`no stand-in defect ${JSON.stringify(defect)} (${Object.keys(DEFECTS).join(", ")})`);
  const sandbox = createSandbox({ seed });
  const documented = documentedOnly((request) => sandbox.fetch(request));
  return { sandbox, handler: defect ? DEFECTS[defect]!(documented) : documented };
}

export async function startCheckedSandbox(): Promise<{ url: string; stop: () => Promise<void> }> {
  // `npm run sandbox`'s own start-up (scripts/servers/sandbox-server.mjs), with the stand-in's longer seed.
  const running = await startSandbox({ sandbox: { seed: standInSeed() } });
  return { url: running.url, stop: () => running.stop() };
}
