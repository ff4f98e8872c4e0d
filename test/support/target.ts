// The server of `npm test`: the Prism mock the global setup starts (examples; honours `Prefer`; keeps
// no state and accepts any well-formed key). Real servers are checked by the contract checker package
// (contract/, `npm run test:contract -- --base-url …`), not by this suite.
import { inject, type TestContext } from "vitest";

export interface Target {
  /** What it is, for messages. */
  name: string;
  /** The service root, without a trailing slash: paths of the description are appended to it. */
  baseUrl: string;
  apiKey: string;
  /** True for the Prism mock of this run: it honours `Prefer` and serves examples. */
  isMock: boolean;
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
