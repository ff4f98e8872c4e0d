// vitest global setup: one server for the whole run, provided to every test file as inject("pcsTarget"),
// the ids the API key can see as inject("pcsIds"), and the tag that starts the name of everything the
// run creates as inject("pcsRunTag"). By default the Prism mock on a free port; a real server with
// PCS_BASE_URL; the documented-only stand-in (optionally with one defect) with
// PCS_TARGET=stand-in[:<defect>] (see target.ts). A mistake in the environment or a failed preflight is
// printed first and alone, as one line, and the run stops with exit code 2. The returned teardown
// verifies, on a server that is not disposable and was written to, that the run left nothing behind
// (clean-up-check.ts), then stops what was started — also when tests fail; prism.ts also kills Prism if
// the runner exits.
import type { TestProject } from "vitest/node";
import { verifyCleanUp, readOrganization, CREATED_PREFIX } from "./clean-up-check.js";
import { levelFromEnv } from "./level.js";
import { discoverIds, PreflightError } from "./discover.js";
import { startPrism } from "./prism.js";
import { extraUsersFromEnv, MOCK_API_KEY, realServerFromEnv, SetupError, type Target } from "./target.js";

const TARGETS = `"mock" (the default), "sandbox", "stand-in" or "stand-in:<defect>"`;

async function startTarget(env: NodeJS.ProcessEnv): Promise<{ target: Target; stop?: () => Promise<void> }> {
  const real = realServerFromEnv(env);
  if (real) return { target: real };
  const requested = env.PCS_TARGET?.trim() || "mock";
  if (requested === "stand-in" || requested.startsWith("stand-in:")) {
    const { startStandIn } = await import("./stand-in/server.js");
    const standIn = await startStandIn(requested.slice("stand-in:".length) || undefined);
    return { target: { ...standIn.target, ...extraUsersFromEnv(env) }, stop: standIn.stop };
  }
  if (requested === "sandbox") {
    const { startCheckedSandbox } = await import("./stand-in/server.js");
    const sandbox = await startCheckedSandbox();
    return { ...sandbox, target: { ...sandbox.target, ...extraUsersFromEnv(env) } };
  }
  if (requested !== "mock") throw new SetupError(`PCS_TARGET must be ${TARGETS}, not ${JSON.stringify(env.PCS_TARGET)}`);
  // PCS_MOCK_DOCUMENT: serve another document, e.g. a deliberately broken copy of the bundle, to see
  // the suite fail against a mock that disagrees with the description.
  const prism = await startPrism("mock", { document: env.PCS_MOCK_DOCUMENT || undefined });
  const target = {
    name: "Prism mock",
    baseUrl: prism.url,
    apiKey: MOCK_API_KEY,
    isMock: true,
    stateful: false,
    allowWrites: true,
    checksKeys: false,
    disposable: true,
    viaPrism: true,
  };
  return { target, stop: () => prism.stop() };
}

/** One line on stderr, nothing else, exit code 2. */
function stopWith(error: Error): never {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  let started: Awaited<ReturnType<typeof startTarget>> | undefined;
  try {
    levelFromEnv(process.env.PCS_CONFORMANCE); // a misspelt level stops the run before anything starts
    started = await startTarget(process.env);
    const { target } = started;
    project.provide("pcsTarget", target);
    project.provide("pcsIds", await discoverIds(target));
  } catch (error) {
    await started?.stop?.();
    if (error instanceof SetupError || error instanceof PreflightError || /^PCS_[A-Z_]+ must be/.test((error as Error).message))
      stopWith(error as Error);
    throw error;
  }
  const { target, stop } = started;
  const runTag = `${CREATED_PREFIX} ${Math.random().toString(36).slice(2, 8).padEnd(6, "0")}`;
  project.provide("pcsRunTag", runTag);
  const checked = !target.disposable && target.allowWrites;
  const organizationBefore = checked ? await readOrganization(target) : undefined;
  return async () => {
    try {
      if (!checked) return;
      const { lines, failed } = await verifyCleanUp(target, runTag, organizationBefore);
      if (lines.length)
        process.stderr.write(`\ncontract suite clean-up on ${target.name}:\n${lines.map((line) => `  - ${line}`).join("\n")}\n`);
      if (failed) throw new Error(`contract suite: the run could not undo everything it changed on ${target.name} (see above)`);
    } finally {
      await stop?.();
    }
  };
}
