// Which server the contract suite talks to. By default the Prism mock that the global setup starts;
// with PCS_BASE_URL (and PCS_API_KEY) set, a real deployment, where cases that need the mock's
// `Prefer` header or that would change data are skipped, each with its reason.
import { inject, type TestContext } from "vitest";

export interface Target {
  /** The service root, without a trailing slash: paths of the description are appended to it. */
  baseUrl: string;
  apiKey: string;
  /** True for the Prism mock of this run; false for a server named by PCS_BASE_URL. */
  isMock: boolean;
}

declare module "vitest" {
  export interface ProvidedContext {
    pcsTarget: Target;
  }
}

/** Reads the environment: PCS_BASE_URL switches to a real server and then needs PCS_API_KEY. */
export function realServerFromEnv(env: NodeJS.ProcessEnv): Target | undefined {
  const baseUrl = env.PCS_BASE_URL?.trim();
  if (!baseUrl) return undefined;
  const apiKey = env.PCS_API_KEY;
  if (!apiKey) throw new Error("PCS_BASE_URL is set but PCS_API_KEY is not: the suite needs an API key for the real server");
  return { baseUrl: baseUrl.replace(/\/+$/, ""), apiKey, isMock: false };
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
  context.skip(!target().isMock, `real server (PCS_BASE_URL): ${reason}`);
}
