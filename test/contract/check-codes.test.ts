// Check codes (contract/src/description/check-codes.ts): every check the checker registers has one from
// the table, and a key of its own; a baseline keys a finding by code, operation and variant, so one
// written before a check's words change still matches after; the guide lists the table's codes.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHECK_CODES } from "../../contract/src/description/check-codes.js";
import { applyBaseline, baselineText, CHECK_GROUPS, DEFAULT_LIMITS, readBaseline, type Target } from "../../contract/src/index.js";
import { discoverIds } from "../../contract/src/runner/discover.js";
import { keyOf } from "../../contract/src/runner/result.js";
import { Suite } from "../../contract/src/runner/suite.js";
import { Transport } from "../../contract/src/transport/transport.js";
import { codesSection, GUIDE, withSection } from "../../scripts/build/check-codes.mjs";
import { STATED_RULES } from "../../src/sandbox/stated-rules.js";
import { createSandbox } from "../../src/sandbox/index.js";

const root = new URL("../..", import.meta.url).pathname;

/** Every check the groups register for `target` (nothing is run but the discovery of ids). */
async function registered(target: Target) {
  const redact = (text: string) => text;
  const transport = new Transport({
    ...DEFAULT_LIMITS,
    rate: 100_000,
    deadline: Date.now() + 60_000,
    mayWrite: false,
    targetName: target.name,
    redact,
    ...(target.fetch && { fetch: target.fetch }),
  });
  const ids = await discoverIds(transport, target, DEFAULT_LIMITS, redact);
  const suite = new Suite(target, ids, "pcs-contract-test codes0", "full", transport, redact);
  return CHECK_GROUPS.flatMap((group) => group(suite));
}

const sandboxTarget = (overrides: Partial<Target>): Target => {
  const sandbox = createSandbox();
  return {
    name: "the sandbox",
    baseUrl: "https://sandbox.invalid/public/api",
    apiKey: "sandbox-admin-key",
    isMock: false,
    stateful: true,
    allowWrites: true,
    checksKeys: true,
    disposable: true,
    fetch: (request) => sandbox.fetch(request),
    ...overrides,
  };
};

describe("check codes", () => {
  it("every check registered, for a server and for a mock, has a code of the table and a key of its own", async () => {
    for (const target of [sandboxTarget({}), sandboxTarget({ isMock: true, stateful: false, checksKeys: false })]) {
      const checks = await registered(target);
      expect(checks.length).toBeGreaterThan(100);
      for (const check of checks) expect(Object.keys(CHECK_CODES), check.title).toContain(check.code);
      const keys = checks.map(keyOf);
      expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    }
  });

  it("every code of the table is given by some part of the checker (no row is left over)", () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : entry.name.endsWith(".ts")
            ? [readFileSync(join(dir, entry.name), "utf8")]
            : [],
      );
    const text = sources(join(root, "contract/src"))
      .filter((source) => !source.includes("export const CHECK_CODES"))
      .join("\n");
    expect(Object.keys(CHECK_CODES).filter((code) => !text.includes(`"${code}"`))).toEqual([]);
  });

  it("the guide lists every code with what it rests on, as the table says (npm run docs:codes writes it)", () => {
    const guide = readFileSync(GUIDE, "utf8");
    expect(withSection(guide, codesSection(CHECK_CODES, STATED_RULES))).toBe(guide);
    for (const code of Object.keys(CHECK_CODES)) expect(guide).toContain(`| \`${code}\` |`);
  });
});

describe("a baseline keyed by code, operation and variant", () => {
  const dir = mkdtempSync(join(tmpdir(), "pcs-contract-codes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const failure = {
    code: "PCS-KEY-WRONG-REFUSED" as const,
    operation: "listProjects",
    case: "listProjects (GET /projects.json)",
    entries: [],
    id: "errors/a-well-formed-but-wrong-api-key-listprojects-get-projects-json-refused-with-nothing-in-the-answer",
    title: "[documented] errors: a well-formed but wrong API key: listProjects (GET /projects.json) → refused, with nothing in the answer",
    reason:
      'a request without a valid key is refused — expected a 4xx: listProjects: GET /projects.json → 200 [{"id":48213}]\nexpected false to be true',
    exchange: { status: 200 },
  };
  // The same check after its title and message were reworded: its id (a slug of the title) changes too.
  const reworded = {
    ...failure,
    id: "errors/listprojects-get-projects-json-with-a-wrong-key-is-refused",
    title: "[documented] errors: listProjects (GET /projects.json) with a wrong key is refused, showing nothing",
    reason: 'no data may answer a wrong key (a 4xx expected), but: listProjects: GET /projects.json → 200 [{"id":48213}]',
  };

  const written = () => {
    const file = join(dir, "baseline.json");
    writeFileSync(file, baselineText([failure]));
    return readBaseline(file);
  };

  it("still matches a finding once its check's title and message are reworded", () => {
    const outcome = applyBaseline(written(), [reworded], []);
    expect([[...outcome.accepted.keys()], outcome.changed, outcome.unsigned]).toEqual([[reworded.id], [], false]);
  });

  it("does not match it once the values it names change (another project leaks), nor another operation's", () => {
    const otherProject = { ...reworded, reason: reworded.reason.replace("48213", "48377") };
    expect(applyBaseline(written(), [otherProject], []).changed).toHaveLength(1);
    const otherOperation = { ...reworded, operation: "listGroups", case: "listGroups (GET /groups.json)" };
    const outcome = applyBaseline(written(), [otherOperation], []);
    expect([outcome.accepted.size, outcome.changed.length]).toEqual([0, 0]);
  });

  it("one written before check codes (keyed by the check's id) still matches, and the run is told to write it again", () => {
    const old = { file: "old.json", entries: [{ id: failure.id, reason: "our gateway" }] };
    const outcome = applyBaseline(old, [failure], []);
    expect([outcome.accepted.size, outcome.unsigned]).toEqual([1, true]);
  });
});
