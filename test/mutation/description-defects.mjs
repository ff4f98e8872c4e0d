#!/usr/bin/env node
// `npm run mutation:description`: realistic defects in the description, one at a time, each in a copy
// of the repository: apply it to the split source (openapi/), build, run the tests, and report whether
// the build or a test caught it, and which test. A defect that ships green is a fact or a choice no
// test holds. Not part of `npm test` or CI: a full run takes about a minute per defect. Its latest score
// goes in the README (Benchmarks).
//
//   npm run mutation:description                        every defect, the whole suite
//   npm run mutation:description -- --only name-max-60  one defect (repeatable)
//   npm run mutation:description -- --tests test/description --tests test/contract
//                                                       a faster run with only these test paths
//   npm run mutation:description -- --dry-run           only check that every defect still applies
//
// The defects edit the YAML with the `yaml` package's document API, so comments and layout stay as
// they are; one whose target is no longer where it says (the source was reorganised) is reported as
// "not applicable", never as caught.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseOptions } from "../../scripts/lib/cli.mjs";
import YAML from "yaml";

const root = new URL("../../", import.meta.url).pathname;

/** Renames a key of the map at `path` (e.g. a response status); false when it is not there. */
function renameKey(doc, path, from, to) {
  const map = doc.getIn(path, true);
  const pair = map?.items?.find((item) => String(item.key?.value ?? item.key) === from);
  if (!pair) return false;
  pair.key = doc.createNode(to);
  return true;
}

/** Sets `path` to `value` only when it currently holds `expected`. */
function change(doc, path, expected, value) {
  if (JSON.stringify(doc.getIn(path)?.toJSON?.() ?? doc.getIn(path)) !== JSON.stringify(expected)) return false;
  doc.setIn(path, value);
  return true;
}

function withoutItem(doc, path, item) {
  const list = doc.getIn(path)?.toJSON?.();
  if (!Array.isArray(list) || !list.includes(item)) return false;
  doc.setIn(
    path,
    doc.createNode(
      list.filter((x) => x !== item),
      { flow: true },
    ),
  );
  return true;
}

function remove(doc, path) {
  if (!doc.hasIn(path)) return false;
  doc.deleteIn(path);
  return true;
}

const P = "openapi/paths/";
const S = "openapi/components/schemas/";

/** id → [file, what the defect is, the edit]. Realistic slips: limits, required fields, statuses,
 * patterns, security, operations, defaults. */
const DEFECTS = {
  "name-max-60": [`${S}ProjectName.yaml`, "project name maxLength 50 → 60", (d) => change(d, ["maxLength"], 50, 60)],
  "description-max-2000": [
    `${S}ProjectDescription.yaml`,
    "project description maxLength 1000 → 2000",
    (d) => change(d, ["maxLength"], 1000, 2000),
  ],
  "job-code-max-30": [`${S}JobCode.yaml`, "job_code maxLength 20 → 30", (d) => change(d, ["maxLength"], 20, 30)],
  "title-optional": [`${S}Project.yaml`, "Project.title no longer required", (d) => withoutItem(d, ["required"], "title")],
  "create-200": [
    `${P}projects.yaml`,
    "creating a project answers 200 instead of 201",
    (d) => renameKey(d, ["post", "responses"], "201", "200"),
  ],
  "problem-status-optional": [`${S}Problem.yaml`, "Problem.status no longer required", (d) => withoutItem(d, ["required"], "status")],
  "user-id-pattern-loose": [
    `${S}ProjectUserAddById.yaml`,
    "add-user id pattern loosened to any digits",
    (d) => change(d, ["properties", "user", "pattern"], "^[1-9][0-9]{0,15}$", "^[0-9]+$"),
  ],
  "org-patch-min-properties": [
    `${S}OrganizationUpdate.yaml`,
    "organization PATCH minProperties dropped",
    (d) => remove(d, ["minProperties"]),
  ],
  "limit-default-50": [
    "openapi/components/parameters/Limit.yaml",
    "limit default 30 → 50",
    (d) => change(d, ["schema", "default"], 30, 50),
  ],
  "offset-default-1": ["openapi/components/parameters/Offset.yaml", "offset default 0 → 1", (d) => change(d, ["schema", "default"], 0, 1)],
  "limit-max-1000": [
    "openapi/components/parameters/Limit.yaml",
    "limit maximum 100 → 1000",
    (d) => change(d, ["schema", "maximum"], 100, 1000),
  ],
  "groups-unauthenticated": [
    `${P}groups.yaml`,
    "the groups list needs no credential (security: [])",
    (d) => (d.setIn(["get", "security"], d.createNode([])), true),
  ],
  "bearer-not-basic": [
    "openapi/components/securitySchemes/ApiKeyBasic.yaml",
    "HTTP Bearer instead of Basic",
    (d) => change(d, ["scheme"], "basic", "bearer"),
  ],
  "delete-200": [
    `${P}projects_{project_id}.yaml`,
    "deleting a project answers 200 instead of 204",
    (d) => renameKey(d, ["delete", "responses"], "204", "200"),
  ],
  "org-patch-removed": [`${P}organizations.yaml`, "the organization PATCH operation removed", (d) => remove(d, ["patch"])],
  "ownership-capitalised": [
    `${S}Project.yaml`,
    "ownership enum Internal/External",
    (d) => change(d, ["properties", "ownership", "enum"], ["internal", "external"], ["Internal", "External"]),
  ],
  "modified-not-nullable": [
    `${S}ModifiedTimestamp.yaml`,
    "modified no longer nullable",
    (d) => change(d, ["type"], ["string", "null"], "string"),
  ],
  "job-code-required": [
    `${S}ProjectCreate.yaml`,
    "job_code required on create",
    (d) => (d.getIn(["required"])?.toJSON?.().length === 1 ? (d.getIn(["required"]).add("job_code"), true) : false),
  ],
  "creator-409-removed": [
    `${P}projects_{project_id}_users_{user_id}.yaml`,
    "removing a user loses its 409",
    (d) => remove(d, ["delete", "responses", "409"]),
  ],
  "id-minimum-0": [`${S}Id.yaml`, "ids may be 0", (d) => change(d, ["minimum"], 1, 0)],
  "delete-project-401-removed": [
    `${P}projects_{project_id}.yaml`,
    "deleting a project loses its 401",
    (d) => remove(d, ["delete", "responses", "401"]),
  ],
};

const { values } = await parseOptions(
  "mutation:description",
  {
    options: {
      only: { type: "string", multiple: true, value: "defect", help: "only this defect (repeatable; --dry-run lists them)" },
      tests: {
        type: "string",
        multiple: true,
        value: "path",
        help: "run only these tests (a file or folder; repeatable) against each defect",
      },
      "dry-run": { type: "boolean", help: "say whether each defect still applies to the description, run nothing" },
    },
  },
  {
    usage: "npm run mutation:description -- [options]",
    about: "Breaks the description one defect at a time, in a copy of the repository, and says which tests catch each.",
    examples: ["npm run mutation:description -- --dry-run", "npm run mutation:description -- --only <defect>"],
  },
);
const chosen = values.only?.length ? values.only : Object.keys(DEFECTS);
for (const id of chosen) if (!DEFECTS[id]) throw new Error(`no defect "${id}"; known: ${Object.keys(DEFECTS).join(", ")}`);

if (values["dry-run"]) {
  for (const id of chosen) {
    const [file, what, edit] = DEFECTS[id];
    const applies = edit(YAML.parseDocument(readFileSync(join(root, file), "utf8")));
    console.log(`${applies ? "applies" : "NOT APPLICABLE"}: ${id} (${what})`);
  }
  process.exit(0);
}

/** A copy of the repository to break: sources copied, node_modules shared by a symlink. */
function copyOfRepository() {
  const dir = mkdtempSync(join(tmpdir(), "pcs-defect-"));
  cpSync(root, dir, {
    recursive: true,
    filter: (source) => !/\/(node_modules|\.git|test\/output|\.ci\/results)(\/|$)/.test(source.slice(root.length - 1)),
  });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

const env = { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))), REDOCLY_TELEMETRY: "off" };
delete env.PCS_BASE_URL; // always against the copy's own mock
delete env.CI; // the API report is rewritten, not compared: a defect is not a surface change

/** Builds and tests the copy in `dir`: "build", the failed tests' names, or [] when all passed. */
function buildAndTest(dir) {
  const build = spawnSync("npm", ["run", "-s", "build"], { cwd: dir, env, encoding: "utf8" });
  if (build.status !== 0)
    return { caughtBy: "build", detail: (build.stdout + build.stderr).match(/build: step "[^"]+" failed/)?.[0] ?? "build failed" };
  const report = join(dir, "vitest-report.json");
  spawnSync(
    "npx",
    ["vitest", "run", "--config", "test/vitest.config.ts", "--reporter=json", `--outputFile=${report}`, ...(values.tests ?? [])],
    { cwd: dir, env, encoding: "utf8" },
  );
  let results;
  try {
    results = JSON.parse(readFileSync(report, "utf8"));
  } catch {
    return { caughtBy: "tests", detail: "the test run produced no report" };
  }
  const failed = results.testResults.flatMap((file) =>
    file.assertionResults.filter((a) => a.status === "failed").map((a) => `${file.name.slice(dir.length + 1)} > ${a.fullName}`),
  );
  if (results.numFailedTestSuites > 0 && failed.length === 0) failed.push("a test file failed to load");
  return failed.length ? { caughtBy: "tests", detail: failed } : { caughtBy: undefined, detail: [] };
}

const dir = copyOfRepository();
const pristine = new Map();
try {
  // The unbroken copy must pass, or every defect would look caught.
  const baseline = buildAndTest(dir);
  if (baseline.caughtBy) throw new Error(`the unbroken repository fails: ${JSON.stringify(baseline.detail).slice(0, 2000)}`);

  const outcomes = [];
  for (const id of chosen) {
    const [file, what, edit] = DEFECTS[id];
    const path = join(dir, file);
    const text = pristine.get(path) ?? readFileSync(path, "utf8");
    pristine.set(path, text);
    const doc = YAML.parseDocument(text);
    if (!edit(doc)) {
      outcomes.push({ id, what, outcome: "not applicable" });
      console.log(`– ${id}: not applicable (${file} has changed)`);
      continue;
    }
    writeFileSync(path, doc.toString({ lineWidth: 0 }));
    const started = Date.now();
    const { caughtBy, detail } = buildAndTest(dir);
    writeFileSync(path, text);
    const outcome = caughtBy ? `caught by ${caughtBy}` : "SHIPPED GREEN";
    outcomes.push({ id, what, outcome, detail });
    console.log(`${caughtBy ? "✓" : "✗"} ${id} (${what}): ${outcome} in ${Math.round((Date.now() - started) / 1000)} s`);
    for (const line of [detail].flat().slice(0, 5)) console.log(`    ${line}`);
  }
  const applied = outcomes.filter((o) => o.outcome !== "not applicable");
  const caught = applied.filter((o) => o.outcome.startsWith("caught"));
  console.log(
    `\n${caught.length} of ${applied.length} defects caught (${applied.filter((o) => o.outcome === "caught by build").length} by the build, ${applied.filter((o) => o.outcome === "caught by tests").length} by tests)${values.tests ? ` with tests ${values.tests.join(" ")}` : ""}.`,
  );
  process.exitCode = caught.length === applied.length ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
