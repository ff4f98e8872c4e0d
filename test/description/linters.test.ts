// Both linters pass on the description, and each gate bites: a document broken in one known way is
// reported by the rule that guards against it. Broken documents are derived from the bundle at test
// time, so they stay in step with the description.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, type Json } from "../support/openapi.js";
import { runBin } from "../support/run.js";

const redocly = (file: string) => runBin("redocly", ["lint", file, "--config", "openapi/redocly.yaml", "--format=stylish"]);

const dir = mkdtempSync(join(tmpdir(), "pcs-lint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** Writes a copy of the bundle, changed by `breakIt`, and returns its path. */
function brokenBundle(name: string, breakIt: (doc: Json) => void): string {
  const doc = structuredClone(openapi);
  breakIt(doc);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

/** Copies of the bundle broken in one known way, and the rule that must report each. */
const spectralCases: Array<[string, string, (doc: Json) => void]> = [
  ["an operation without 401", "pcs-operation-declares-401-403-and-429", (doc) => delete doc.paths["/projects.json"].get.responses["401"]],
  ["an operation without 429", "pcs-operation-declares-401-403-and-429", (doc) => delete doc.paths["/groups.json"].get.responses["429"]],
  ["an operation without 403", "pcs-operation-declares-401-403-and-429", (doc) => delete doc.paths["/groups.json"].get.responses["403"]],
  [
    "an x-assumption marker naming no entry",
    "pcs-assumptions-marked",
    (doc) => {
      doc.components.schemas.Group["x-assumption"] = { "no-such-entry": [] };
    },
  ],
  [
    "an assumption entry marked nowhere",
    "pcs-assumptions-marked",
    (doc) => {
      doc["x-assumptions"]["unmarked-choice"] = { title: "Unmarked", text: "Marked nowhere." };
    },
  ],
  [
    "an x-assumption marker listing a keyword its node lacks",
    "pcs-assumptions-marked",
    (doc) => {
      doc.components.schemas.Group["x-assumption"] = { cors: ["maximum"] };
    },
  ],
  [
    "an operation that does not say who may call it",
    "pcs-operation-facts",
    (doc) => delete doc.paths["/projects/{project_id}/users.json"].post["x-who-may-call"],
  ],
  [
    "a who-may-call rule neither stated by the service nor marked as an assumption",
    "pcs-operation-facts",
    (doc) => delete doc.paths["/projects/{project_id}/users.json"].post["x-who-may-call"][0]["x-assumption"],
  ],
  [
    "a status without its cause",
    "pcs-operation-facts",
    (doc) => delete doc.paths["/projects/{project_id}/users/{user_id}.json"].delete["x-status-causes"]["409"],
  ],
  [
    "a cause of a status the operation does not declare",
    "pcs-operation-facts",
    (doc) => {
      doc.paths["/groups.json"].get["x-status-causes"]["404"] = "No such group.";
    },
  ],
  [
    "an id without its source",
    "pcs-operation-facts",
    (doc) => delete doc.paths["/projects/{project_id}/users.json"].post["x-id-sources"].user,
  ],
  [
    "an id source naming an operation that returns no id",
    "pcs-operation-facts",
    (doc) => {
      doc.paths["/groups/{group_id}.json"].get["x-id-sources"].group_id.from = ["updateOrganization"];
    },
  ],
  [
    "an inline error response",
    "pcs-errors-use-shared-responses",
    (doc) => {
      doc.paths["/groups.json"].get.responses["404"] = {
        description: "gone",
        content: { "application/json": { schema: { type: "object" } } },
      };
    },
  ],
  [
    "a shared error response with its own schema",
    "pcs-shared-errors-use-problem-schema-ref",
    (doc) => {
      doc.components.responses.NotFound.content["application/problem+json"].schema = { type: "object" };
    },
  ],
  [
    "a shared error response in plain JSON",
    "pcs-shared-errors-use-problem-schema",
    (doc) => {
      const content = doc.components.responses.NotFound.content;
      content["application/json"] = content["application/problem+json"];
      delete content["application/problem+json"];
    },
  ],
  [
    "a camelCase property",
    "pcs-snake-case-properties",
    (doc) => {
      doc.components.schemas.Group.properties.groupName = { type: "string" };
    },
  ],
  [
    "a path without .json",
    "pcs-paths-end-in-json",
    (doc) => {
      doc.paths["/groups"] = doc.paths["/groups.json"];
      delete doc.paths["/groups.json"];
    },
  ],
  [
    "a PUT operation",
    "pcs-no-put",
    (doc) => {
      doc.paths["/groups.json"].put = { ...doc.paths["/groups.json"].get, operationId: "updateGroups" };
    },
  ],
  ["an unbounded request string", "pcs-request-strings-bounded", (doc) => delete doc.components.schemas.JobCode.maxLength],
  [
    "a success response without an example",
    "pcs-success-has-example",
    (doc) => delete doc.paths["/groups/{group_id}.json"].get.responses["200"].content["application/json"].examples,
  ],
  [
    "an operationId that is not verb first",
    "pcs-operation-id-verb-first",
    (doc) => {
      doc.paths["/groups.json"].get.operationId = "groupsList";
    },
  ],
  [
    "a plain-http server (OWASP)",
    "owasp:api8:2023-no-server-http",
    (doc) => {
      doc.servers[0].url = "http://{host}/public/api";
    },
  ],
  [
    "a $ref with a description beside it (3.0 turns it into a typeless allOf)",
    "pcs-ref-without-siblings",
    (doc) => {
      doc.components.schemas.Group.properties.id.description = "Id of the group.";
    },
  ],
  [
    "a parameter whose schema lacks its description",
    "pcs-parameter-schema-documents-it",
    (doc) => delete doc.components.parameters.Offset.schema.description,
  ],
  [
    "a parameter whose schema carries another example",
    "pcs-parameter-schema-documents-it",
    (doc) => {
      doc.components.parameters.GroupId.schema.examples = [48213];
    },
  ],
  [
    "an example on the shared Id schema",
    "pcs-id-examples-on-the-use",
    (doc) => {
      doc.components.schemas.Id.examples = [48213];
    },
  ],
  [
    "an example that does not match (spectral:oas)",
    "oas3-valid-media-example",
    (doc) => {
      doc.paths["/groups/{group_id}.json"].get.responses["200"].content["application/json"].example = { id: "two" };
    },
  ],
];

interface Finding {
  code: string;
  source: string;
}
/** One Spectral process for several documents (a start costs over a second); each finding names its file. */
async function spectralFindings(ruleset: string, files: string[], options: string[] = []): Promise<Finding[]> {
  const result = await runBin("spectral", ["lint", "--ruleset", ruleset, ...options, "--format", "json", "--quiet", ...files]);
  return JSON.parse(result.stdout.slice(result.stdout.indexOf("["), result.stdout.lastIndexOf("]") + 1));
}

const LAYOUT_FIXTURE = join(dir, "inline-path.yaml");
let contentFindings: Finding[] = [];
let layoutFindings: Finding[] = [];
beforeAll(async () => {
  // The description itself and every broken copy, in one run per ruleset.
  const broken = spectralCases.map(([, rule, breakIt], i) => brokenBundle(`case-${i}-${rule.replace(/:/g, "_")}`, breakIt));
  const content = spectralFindings("openapi/.spectral.yaml", ["generated/openapi.yaml", ...broken]);
  writeFileSync(
    LAYOUT_FIXTURE,
    "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /groups.json:\n    get: {responses: {'200': {description: ok}}}\n",
  );
  // The source refers to Markdown (info.description), which Spectral reads through this resolver.
  const layout = spectralFindings(
    "openapi/spectral/source-layout.yaml",
    ["openapi/openapi.yaml", LAYOUT_FIXTURE],
    ["--resolver", "openapi/spectral/markdown-resolver.cjs"],
  );
  [contentFindings, layoutFindings] = await Promise.all([content, layout]);
}, 120_000);

describe("the linters pass on the description", () => {
  it("Redocly: no errors, no warnings", async () => {
    const result = await runBin("redocly", ["lint", "main", "--config", "openapi/redocly.yaml", "--format=stylish"]);
    expect(result.output).toContain("Your API description is valid");
    expect(result.output).not.toMatch(/You have \d+ warning/);
    expect(result.status).toBe(0);
  });
  it("Spectral on the bundle and on the source: no results at all", () => {
    expect(contentFindings.filter((f) => f.source.endsWith("generated/openapi.yaml"))).toEqual([]);
    expect(layoutFindings.filter((f) => f.source.endsWith("openapi/openapi.yaml"))).toEqual([]);
  });
});

describe("each gate bites", () => {
  it("Redocly reports an example that does not match its schema", async () => {
    const file = brokenBundle("invalid-example", (doc) => {
      doc.components.examples.Project.value.ownership = "Internal";
    });
    const result = await redocly(file);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("no-invalid-media-type-examples");
  });

  it("Redocly reports an invalid schema-level example", async () => {
    const file = brokenBundle("invalid-schema-example", (doc) => {
      doc.components.schemas.JobCode.examples = ["a job code far longer than twenty characters"];
    });
    const result = await redocly(file);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("no-invalid-schema-examples");
  });

  it.each(spectralCases.map((c, i) => [c[0], c[1], i] as const))("Spectral reports %s (%s)", (_what, rule, i) => {
    const codes = contentFindings.filter((f) => f.source.includes(`case-${i}-`)).map((f) => f.code);
    expect(codes).toContain(rule);
  });

  it("Spectral reports a path item that is not a $ref to its own file (source layout)", () => {
    const codes = layoutFindings.filter((f) => f.source.endsWith("inline-path.yaml")).map((f) => f.code);
    expect(codes).toContain("pcs-path-items-are-refs");
  });
});
