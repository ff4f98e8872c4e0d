// A live run against a stand-in, and its HAR judged as traffic the checker did not send
// (contract/src/traffic/): what test/conformance-levels/traffic.test.ts (a sample of the defects) and
// test/mutation/traffic-defects.test.ts (all of them, the measured share) both compare.
import { vi } from "vitest";
import { findings } from "../../../contract/src/index.js";
import { har } from "../../../contract/src/reports/files.js";
import { parseHar } from "../../../contract/src/traffic/har.js";
import { TrafficJudge } from "../../../contract/src/traffic/judge-traffic.js";
import { growingRedact } from "../../../contract/src/traffic/secrets.js";
import type { SandboxSeed } from "../../../src/sandbox/index.js";
import type { Handler } from "./documented-only.js";
import { DEFECTS } from "./defects.js";
import { REALISTIC_DEFECTS } from "./realistic-defects.js";
import { standInRun } from "./run.js";

export type StandInOptions = { defect?: string; wrap?: (handler: Handler) => Handler; seed?: SandboxSeed };

/** Every defective stand-in, by name. */
export const ALL_DEFECTS: Array<[string, StandInOptions]> = [
  ...Object.keys(DEFECTS).map((d): [string, StandInOptions] => [d, { defect: d }]),
  ...Object.entries(REALISTIC_DEFECTS).map(([d, wrap]): [string, StandInOptions] => [d, { wrap }]),
];

/** Defects a live run shows only through a request the traffic does not let the model judge, each with
 * the reason (measured by test/mutation/traffic-defects.test.ts: every other defect fails the HAR too). */
export const NEEDS_ITS_OWN_REQUEST: Record<string, string> = {
  "other-revisions-readable": "a copy's revisions: copies are made before the recording, so who may read them is not known",
  "name-limit-off-by-one":
    "a create refused where the model allows it is, to the model, a choice of the description (which fields a create requires); the bad-input checks know the limit",
  "job-code-cut-not-refused":
    "the bad-input check's create is judged by the model, which keeps the server's value; the check compares it with what it sent",
  "etag-never-changes":
    "the conditional read after a change: the judge compares bodies, the entity tags only the live run's own conditional requests",
};

/** Defects a live run shows only at --level full (an assumption, the description's choice), which the
 * documented level of either judges rightly passes; with why the traffic cannot show them at full. */
export const ONLY_AT_FULL: Record<string, string> = {
  "key-elsewhere":
    "the key taken in another form than HTTP Basic (credential-basic, the description's choice: the interface states no mechanism); the judge does not judge a credential sent another way, so neither does its full level",
};

/** A live run with writes and the second key at the documented level, and its HAR judged at the same
 * level: the run's failures, and the judge's failures of the model (entries: none) and the wire. */
export async function judgedHarOf(options: StandInOptions) {
  const { run } = await standInRun({ writes: true, otherKey: true, ...options });
  const content = parseHar(har(run));
  const judge = new TrafficJudge({ baseUrl: run.target.baseUrl, level: "documented", redact: growingRedact(content.secrets) });
  // What judging asks of the network: nothing (the traffic judge holds no sender).
  const fetched = vi.spyOn(globalThis, "fetch");
  await judge.judgeAll(content.entries).finally(() => fetched.mockRestore());
  const asked = fetched.mock.calls.length;
  return {
    live: findings(run).failures,
    traffic: judge.results().filter((r) => r.status === "failed" && r.entries.length === 0),
    asked,
    notJudged: judge.counts.notJudged,
  };
}
