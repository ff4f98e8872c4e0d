// The repository as it is passes the release gate; `npm run release -- --dry-run` plans a release and
// writes nothing; the version files are written together; changelog entries are laid out as promised.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { insertEntry, renderEntry, unreleasedSummary, UNRELEASED_PLACEHOLDER } from "../../scripts/release/changelog.mjs";
import type { Change } from "../../scripts/release/compare.mjs";
import { checkRepository, RELEASED_BUNDLE } from "../../scripts/release/gate.mjs";
import { planRelease } from "../../scripts/release/plan.mjs";
import { bump, readVersions, requiredLevel, VERSION_FILES, writeVersions } from "../../scripts/release/versions.mjs";
import { repoRoot } from "../support/openapi.js";
import { run } from "../support/run.js";

const read = (file: string) => readFileSync(`${repoRoot}${file}`, "utf8");
const released = JSON.parse(read(RELEASED_BUNDLE));
const packageVersion: string = JSON.parse(read("package.json")).version;

/** The dry run, started at once: it bundles the source (about a second), other tests run meanwhile. */
const WATCHED = [...Object.values(VERSION_FILES), RELEASED_BUNDLE, "CHANGELOG.md", "generated/openapi.json", "generated/openapi.yaml"];
const before = Object.fromEntries(WATCHED.map((file) => [file, read(file)]));
const dryRun = run(process.execPath, ["scripts/release/release.mjs", "major", "--dry-run", "--summary", "A summary for people."]);

describe("the repository", () => {
  it("passes the release gate: versions agree, and no breaking change is left unreleased", () => {
    const { problems } = checkRepository(repoRoot);
    expect(problems.join("\n\n")).toBe("");
  });

  it("has a changelog whose newest release is the released snapshot's version, and an Unreleased section", () => {
    const changelog = read("CHANGELOG.md");
    expect(changelog).toContain("\n## Unreleased\n");
    const newest = /^## (\d+\.\d+\.\d+) — \d{4}-\d{2}-\d{2}$/m.exec(changelog)?.[1];
    expect(newest).toBe(released.info.version);
  });
});

describe("package.json, for publishing", () => {
  const pkg = JSON.parse(read("package.json"));

  it("publishes publicly, with provenance, and says where the project lives", () => {
    expect(pkg.publishConfig).toEqual({ access: "public", provenance: true });
    expect(pkg.repository).toEqual({ type: "git", url: expect.stringMatching(/^git\+https:\/\/.+\.git$/) });
    const home = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(pkg.homepage).toBe(`${home}#readme`);
    expect(pkg.bugs).toEqual({ url: `${home}/issues` });
    expect(pkg.keywords).toEqual(expect.arrayContaining(["openapi", "typescript"]));
  });

  it("runs the publish gate before every npm publish", () => {
    expect(pkg.scripts.prepublishOnly).toBe("node scripts/release/check.mjs --publish");
  });
});

describe("npm run release -- major --dry-run", () => {
  it("prints the next version and the changelog entry", async () => {
    const { status, stdout, stderr } = await dryRun;
    expect(status, stderr).toBe(0);
    const next = bump(released.info.version, "major");
    expect(stdout).toContain(`Next version: ${next} (major`);
    expect(stdout).toMatch(new RegExp(`^## ${next.replace(/\./g, "\\.")} — \\d{4}-\\d{2}-\\d{2}\\n\\nA summary for people\\.$`, "m"));
    expect(stdout).toContain("Dry run: nothing was written.");
  });

  it("changes no file", async () => {
    await dryRun;
    for (const file of WATCHED) expect(read(file), file).toBe(before[file]);
  });
});

describe("planning a release", () => {
  const breaking: Change = {
    classification: "breaking",
    operation: "GET /groups.json",
    text: "operation removed",
    path: ["paths", "/groups.json", "get"],
  };
  const addition: Change = { classification: "non-breaking", operation: "GET /groups.json", text: "response 403 added", path: ["paths"] };
  const plan = (changes: Change[], requested?: string) =>
    planRelease({ changes, releasedVersion: "0.1.0", version: "0.1.0", requested, summary: "Why.", date: "2026-12-01" });

  it("picks the least level the changes need", () => {
    expect(plan([breaking]).next).toBe("0.2.0");
    expect(plan([addition]).next).toBe("0.1.1");
  });

  it("refuses a level too low for the changes, naming them", () => {
    expect(() => plan([breaking], "patch")).toThrow(
      /need at least a minor release, not patch:\n {2}- GET \/groups\.json: operation removed/,
    );
  });

  it("refuses to release nothing unless a level is named", () => {
    expect(() => plan([])).toThrow(/nothing changed/);
    expect(plan([], "patch").next).toBe("0.1.1");
  });

  it("needs a major for a breaking change from 1.0.0 on, a minor for an addition", () => {
    expect(requiredLevel("breaking", "1.4.2")).toBe("major");
    expect(requiredLevel("non-breaking", "1.4.2")).toBe("minor");
    expect(requiredLevel("annotation", "1.4.2")).toBe("patch");
    expect(requiredLevel("breaking", "0.4.2")).toBe("minor");
    expect(requiredLevel(null, "0.4.2")).toBe(null);
  });
});

describe("the changelog entry", () => {
  const changes: Change[] = [
    { classification: "breaking", operation: "GET /projects.json", text: "response 200 body: property `[].job_code` removed", path: [] },
    {
      classification: "breaking",
      operation: "GET /projects.json",
      text: "query parameter `limit`: maximum changed from `100` to `50`",
      path: [],
    },
    {
      classification: "breaking",
      operation: "GET /organizations.json",
      text: "operationId changed",
      reason: "keyed by operationId",
      path: [],
    },
    { classification: "non-breaking", operation: "DELETE /groups/{group_id}.json", text: "operation added", path: [] },
    {
      classification: "annotation",
      operation: "GET /groups.json",
      text: "x-assumption added",
      reason: "examples and x- extensions are documentation",
      path: [],
    },
  ];

  it("lists documentation-only changes in one line per operation: the kinds of change and their number", () => {
    const annotations: Change[] = [
      { classification: "annotation", operation: "GET /groups.json", text: "response 400 body: `errors` description changed", path: [] },
      {
        classification: "annotation",
        operation: "GET /groups.json",
        text: "response 401: headers.WWW-Authenticate.x-assumption added",
        path: [],
      },
      { classification: "annotation", operation: "GET /groups.json", text: "response 404: description changed", path: [] },
      {
        classification: "annotation",
        operation: "document",
        text: "`x-assumptions.ids.text` changed from `Ids are` to `Ids were`",
        path: [],
      },
    ];
    const entry = renderEntry({
      version: "0.2.1",
      date: "2026-12-02",
      summary: "Wording.",
      changes: annotations,
      previousVersion: "0.2.0",
    });
    expect(entry.slice(entry.indexOf("### Documentation only"))).toBe(
      [
        "### Documentation only",
        "",
        "- `GET /groups.json`: description changed, x-assumption added (3 changes)",
        "- document: `x-assumptions.ids.text` changed from `Ids are` to `Ids were`",
      ].join("\n"),
    );
  });

  it("has the summary, then the changes operation by operation, breaking first", () => {
    expect(
      renderEntry({ version: "0.2.0", date: "2026-12-01", summary: "Projects lose job codes.", changes, previousVersion: "0.1.0" }),
    ).toBe(
      [
        "## 0.2.0 — 2026-12-01",
        "",
        "Projects lose job codes.",
        "",
        "Changes to the description since 0.1.0, found by `npm run release` (scripts/release/):",
        "",
        "### Breaking changes",
        "",
        "- `GET /projects.json`",
        "  - response 200 body: property `[].job_code` removed",
        "  - query parameter `limit`: maximum changed from `100` to `50`",
        "- `GET /organizations.json`: operationId changed _(keyed by operationId)_",
        "",
        "### Other changes",
        "",
        "- `DELETE /groups/{group_id}.json`: operation added",
        "",
        "### Documentation only",
        "",
        "- `GET /groups.json`: x-assumption added",
      ].join("\n"),
    );
  });

  it("goes above the older entries, taking the Unreleased summary and leaving the placeholder", () => {
    const changelog = `# Changelog\n\nIntro.\n\n## Unreleased\n\nWhat people should know.\n\n## 0.1.0 — 2026-11-23\n\nFirst.\n`;
    expect(unreleasedSummary(changelog)).toBe("What people should know.");
    const updated = insertEntry(changelog, "## 0.2.0 — 2026-12-01\n\nWhat people should know.");
    expect(updated).toBe(
      `# Changelog\n\nIntro.\n\n## Unreleased\n\n${UNRELEASED_PLACEHOLDER}\n\n## 0.2.0 — 2026-12-01\n\nWhat people should know.\n\n## 0.1.0 — 2026-11-23\n\nFirst.\n`,
    );
    expect(unreleasedSummary(updated)).toBe("");
  });
});

describe("the version files", () => {
  const dir = mkdtempSync(join(tmpdir(), "pcs-versions-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are all written by one call and read back alike, the rest of each file untouched", () => {
    for (const file of Object.values(VERSION_FILES)) {
      mkdirSync(join(dir, file, ".."), { recursive: true });
      copyFileSync(`${repoRoot}${file}`, join(dir, file));
    }
    const root = `${dir}/`;
    writeVersions(root, "7.8.9");
    expect(readVersions(root)).toEqual(Object.fromEntries(Object.values(VERSION_FILES).map((file) => [file, "7.8.9"])));
    // Only the version lines moved: the description's comments and the rest of its text are intact.
    const description = readFileSync(join(dir, VERSION_FILES.description), "utf8");
    expect(description.replace("  version: 7.8.9\n", `  version: ${packageVersion}\n`)).toBe(read(VERSION_FILES.description));
    const lock = JSON.parse(readFileSync(join(dir, VERSION_FILES.packageLock), "utf8"));
    expect([lock.version, lock.packages[""].version]).toEqual(["7.8.9", "7.8.9"]);
  });
});
