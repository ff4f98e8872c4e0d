// The checker's target for a server a test holds in this process (the stand-in, the sandbox under
// mutation): a user's server — not a mock, keeping state, its keys checked, not disposable (the checker
// writes only to what it creates and cleans up after itself) — with writes, the second key and the
// invite address as the test asks. Types only are imported: the mutation harness loads this before
// the code under mutation.
import type { Target } from "../../../contract/src/index.js";

export function userServer(server: Pick<Target, "name" | "baseUrl" | "apiKey" | "allowWrites"> & Partial<Target>): Target {
  return { isMock: false, stateful: true, checksKeys: true, disposable: false, ...server };
}
