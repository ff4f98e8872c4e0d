// The release gate bites: copies of the bundle, each changed in one known way, are classified as the
// consumers of this package would need (breaking, non-breaking, documentation only), per operation
// and field, and the gate turns that into "raise the version" or "go ahead". The mutations are made
// to the bundle at test time, so they stay in step with the description. To keep the cost to a few
// differ runs, all breaking mutations go into one copy (each touches its own operation or field, and
// each is looked for where it was made), and all additions into another.
import { describe, expect, it } from "vitest";
import { compareDescriptions, overall, type Change } from "../../scripts/release/compare.mjs";
import { gate } from "../../scripts/release/gate.mjs";
import { openapi, type Json } from "../support/openapi.js";

/** One change made to the bundle, and where and how the comparison must report it. */
interface Mutation {
  what: string;
  mutate: (doc: Json) => void;
  operation: string;
  text: RegExp;
}

const breakingMutations: Mutation[] = [
  {
    what: "a removed operation",
    mutate: (doc) => delete doc.paths["/projects/{project_id}/users/{user_id}.json"].delete,
    operation: "DELETE /projects/{project_id}/users/{user_id}.json",
    text: /^operation removed$/,
  },
  {
    what: "a removed response property",
    mutate: (doc) => {
      const project = doc.components.schemas.Project;
      delete project.properties.job_code;
      project.required = project.required.filter((name: string) => name !== "job_code");
    },
    operation: "GET /projects/{project_id}.json",
    text: /^response 200 body: property `job_code` removed$/,
  },
  {
    what: "a narrowed response enum (the generated type loses a literal)",
    mutate: (doc) => (doc.components.schemas.Project.properties.ownership.enum = ["internal"]),
    operation: "GET /projects.json",
    text: /^response 200 body: `\[\]\.ownership` enum value `external` removed$/,
  },
  {
    what: "a new required request property",
    mutate: (doc) => {
      const create = doc.components.schemas.ProjectCreate;
      create.properties.team = { type: "string", maxLength: 40 };
      create.required = [...create.required, "team"];
    },
    operation: "POST /projects.json",
    text: /^request body: `team` now required$/,
  },
  {
    what: "a lowered maxLength",
    mutate: (doc) => (doc.components.schemas.JobCode.maxLength = 5), // 20 today; any limit above 5 is lowered
    operation: "PATCH /projects/{project_id}.json",
    text: /^request body: `job_code` maxLength changed from `\d+` to `5`$/,
  },
  {
    what: "a removed status",
    mutate: (doc) => delete doc.paths["/groups/{group_id}.json"].get.responses["404"],
    operation: "GET /groups/{group_id}.json",
    text: /^response 404 removed$/,
  },
  // Rules of scripts/release/policy.mjs, where the differ alone would let the change through.
  {
    what: "a request value restricted to an enum it did not have",
    mutate: (doc) => (doc.components.parameters.Limit.schema.enum = [10, 30, 100]),
    operation: "GET /projects/{project_id}/users.json",
    text: /^query parameter `limit`: enum value `10` added$/,
  },
  {
    what: "a response value that may now be null",
    mutate: (doc) => (doc.components.schemas.Group.properties.name.type = ["string", "null"]),
    operation: "GET /groups.json",
    text: /^response 200 body: `\[\]\.name` type changed from `string` to `\["string","null"\]`$/,
  },
  {
    what: "a renamed operationId (the exported `operations` type is keyed by it)",
    mutate: (doc) => (doc.paths["/organizations.json"].get.operationId = "fetchOrganization"),
    operation: "GET /organizations.json",
    text: /^operationId changed from `getOrganization` to `fetchOrganization`$/,
  },
  {
    what: "a renamed path template (the client is called with it)",
    mutate: (doc) => {
      doc.paths["/copy/{id}/revisions.json"] = doc.paths["/copy/{copy_id}/revisions.json"];
      delete doc.paths["/copy/{copy_id}/revisions.json"];
    },
    operation: "/copy/{copy_id}/revisions.json",
    text: /^path renamed to `\/copy\/\{id\}\/revisions\.json`$/,
  },
  {
    // Fail safe: what the differ leaves unclassified (here a removed security requirement) is breaking.
    what: "a change the differ cannot classify",
    mutate: (doc) => (doc.security = []),
    operation: "document",
    text: /^`security\.0` removed$/,
  },
];

const additions: Mutation[] = [
  {
    what: "a new optional response property",
    mutate: (doc) => (doc.components.schemas.Group.properties.member_count = { type: "integer", minimum: 0 }),
    operation: "GET /groups/{group_id}.json",
    text: /^response 200 body: property `member_count` added$/,
  },
  {
    what: "a new operation",
    mutate: (doc) => {
      doc.paths["/groups/{group_id}.json"].delete = {
        operationId: "deleteGroup",
        summary: "Delete a group",
        responses: { "204": { description: "Deleted." } },
      };
    },
    operation: "DELETE /groups/{group_id}.json",
    text: /^operation added$/,
  },
  {
    what: "a new optional request property",
    mutate: (doc) => (doc.components.schemas.ProjectCreate.properties.color = { type: "string", maxLength: 7 }),
    operation: "POST /projects.json",
    text: /^request body: property `color` added$/,
  },
  {
    what: "a raised maxLength on a request",
    mutate: (doc) => (doc.components.schemas.ProjectName.maxLength = 5000), // 50 today
    operation: "POST /projects.json",
    text: /^request body: `name` maxLength changed from `\d+` to `5000`$/,
  },
  {
    what: "a new error status",
    mutate: (doc) => (doc.paths["/groups.json"].get.responses["410"] = { description: "Gone." }),
    operation: "GET /groups.json",
    text: /^response 410 added$/,
  },
];

const documentationOnly: Mutation[] = [
  {
    what: "a reworded description",
    mutate: (doc) => (doc.components.schemas.Group.description += " Reworded."),
    operation: "GET /groups.json",
    text: /^response 200 body: `\[\]` description changed$/,
  },
  {
    what: "an x- extension on an operation (as the x-assumption markers)",
    mutate: (doc) => (doc.paths["/groups.json"].get["x-assumption"] = ["limit-maximum"]),
    operation: "GET /groups.json",
    text: /^x-assumption added$/,
  },
  {
    // The differ leaves x- keys inside schemas unclassified (so breaking, here) without policy.mjs.
    what: "an x- extension on a schema",
    mutate: (doc) => (doc.components.schemas.Group["x-assumption"] = ["group-names"]),
    operation: "GET /groups/{group_id}.json",
    text: /^response 200 body: x-assumption added$/,
  },
];

function mutated(mutations: Mutation[]): Json {
  const doc = structuredClone(openapi);
  for (const mutation of mutations) mutation.mutate(doc);
  return doc;
}
const found = (changes: Change[], m: Mutation) => changes.filter((c) => c.operation === m.operation && m.text.test(c.text));
const show = (changes: Change[]) => changes.map((c) => `${c.classification} ${c.operation}: ${c.text}`).join("\n");

const pristine = JSON.stringify(openapi);
const unchanged = compareDescriptions(openapi, structuredClone(openapi));
const breaking = compareDescriptions(openapi, mutated(breakingMutations));
const added = compareDescriptions(openapi, mutated(additions));
const documented = compareDescriptions(openapi, mutated(documentationOnly));

describe("the comparison of two bundles", () => {
  it("leaves the bundles it is given as they were (the test files of a worker share one)", () => {
    expect(JSON.stringify(openapi) === pristine).toBe(true);
  });

  it("finds nothing between the bundle and itself", () => {
    expect(unchanged).toEqual([]);
  });

  it.each(breakingMutations.map((m) => [m.what, m] as const))(
    "classifies %s as breaking, at its operation and field",
    (_what, mutation) => {
      const changes = found(breaking, mutation);
      expect(changes.length, `not found among:\n${show(breaking)}`).toBeGreaterThan(0);
      expect(changes.map((c) => c.classification)).toEqual(changes.map(() => "breaking"));
    },
  );

  it("reports no breaking change that was not made", () => {
    const explained = breaking.filter((c) => c.classification === "breaking" && !breakingMutations.some((m) => m.text.test(c.text)));
    // The same schema change is seen from every operation that uses it, and a removed property also
    // drops out of `required`; both are the mutations above, worded per operation and field.
    const stray = explained.filter(
      (c) => !/no longer required|`job_code`|`\[\]\.job_code`|`\[\]\.name`|`name`|`ownership`|`limit`|`team`/.test(c.text),
    );
    expect(stray, show(stray)).toEqual([]);
  });

  it.each(additions.map((m) => [m.what, m] as const))("classifies %s as non-breaking", (_what, mutation) => {
    const changes = found(added, mutation);
    expect(changes.length, `not found among:\n${show(added)}`).toBeGreaterThan(0);
    expect(changes.map((c) => c.classification)).toEqual(changes.map(() => "non-breaking"));
  });

  it("classifies additions together as non-breaking, and description changes as documentation only", () => {
    expect(overall(added), show(added)).toBe("non-breaking");
    for (const mutation of documentationOnly)
      expect(found(documented, mutation).length, `${mutation.what}:\n${show(documented)}`).toBeGreaterThan(0);
    expect(overall(documented), show(documented)).toBe("annotation");
  });
});

describe("the email rule (policy.mjs: emailRuleSpeltOut)", () => {
  /** A copy of the bundle whose email addresses carry `pattern` (none when undefined). */
  const withEmailPattern = (pattern: string | undefined): Json => {
    const doc = structuredClone(openapi);
    for (const schema of Object.values<Json>(doc.components.schemas))
      for (const property of Object.values<Json>(schema.properties ?? {}))
        if (property.format === "email") {
          if (pattern === undefined) delete property.pattern;
          else property.pattern = pattern;
        }
    return doc;
  };
  const patternChanges = (changes: Change[]) => changes.filter((c) => /`(email|email_billing)` pattern/.test(c.text));

  it("spelt out as the pattern beside `format: email`: non-breaking, requests included (the validators refused the same already)", () => {
    const changes = patternChanges(compareDescriptions(withEmailPattern(undefined), openapi));
    expect(changes.map((c) => c.operation)).toEqual(
      expect.arrayContaining(["POST /projects/{project_id}/users.json", "PATCH /organizations.json"]),
    );
    expect(changes.map((c) => c.classification)).toEqual(changes.map(() => "non-breaking"));
  });

  it("any other pattern put on a request email: breaking", () => {
    const changes = patternChanges(compareDescriptions(withEmailPattern(undefined), withEmailPattern("^[a-z]+@[a-z]+\\.example$")));
    const requests = changes.filter((c) => /request body/.test(c.text));
    expect(requests.length, show(changes)).toBeGreaterThanOrEqual(2);
    expect(requests.map((c) => c.classification)).toEqual(requests.map(() => "breaking"));
  });
});

describe("a shared schema written inline (policy.mjs: referenceInlined)", () => {
  /** A copy of the bundle whose organization `name` is a `$ref` to OrganizationText with its description beside it. */
  const asReference = (): Json => {
    const doc = structuredClone(openapi);
    const { description } = doc.components.schemas.OrganizationUpdate.properties.name;
    doc.components.schemas.OrganizationUpdate.properties.name = { $ref: "#/components/schemas/OrganizationText", description };
    return doc;
  };
  const nameChanges = (changes: Change[]) => changes.filter((c) => c.operation === "PATCH /organizations.json" && /`name`/.test(c.text));

  it("the same schema inline: documentation only", () => {
    const changes = nameChanges(compareDescriptions(asReference(), openapi));
    expect(changes.length, show(changes)).toBeGreaterThan(0);
    expect(changes.map((c) => c.classification)).toEqual(changes.map(() => "annotation"));
  });

  it("inline with a tighter bound: breaking", () => {
    const tighter = structuredClone(openapi);
    tighter.components.schemas.OrganizationUpdate.properties.name.maxLength = 100;
    const changes = nameChanges(compareDescriptions(asReference(), tighter));
    expect(changes.filter((c) => c.classification === "breaking").length, show(changes)).toBeGreaterThan(0);
  });
});

describe("the gate", () => {
  const agreeing = (version: string) => ({ "package.json": version, "openapi/openapi.yaml": version });

  it.each([
    ["0.1.0", "0.1.0", "minor"],
    ["0.1.0", "0.1.1", "minor"],
    ["1.2.3", "1.3.0", "major"],
  ])("fails a breaking change released %s → %s, telling to run `npm run release -- %s`", (released, version, level) => {
    const { problems } = gate({ changes: breaking, releasedVersion: released, versions: agreeing(version) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`npm run release -- ${level}`);
    expect(problems[0]).toContain("DELETE /projects/{project_id}/users/{user_id}.json: operation removed");
  });

  it.each([
    ["0.1.0", "0.2.0"],
    ["0.1.0", "1.0.0"],
    ["1.2.3", "2.0.0"],
  ])("passes a breaking change released %s once the version is %s", (released, version) => {
    expect(gate({ changes: breaking, releasedVersion: released, versions: agreeing(version) }).problems).toEqual([]);
  });

  it("lets additions wait for the next release on a commit, but not at publish time", () => {
    const commit = gate({ changes: added, releasedVersion: "0.1.0", versions: agreeing("0.1.0") });
    expect(commit.problems).toEqual([]);
    expect(commit.notes.join("\n")).toContain("npm run release -- patch");
    const publish = gate({ changes: added, releasedVersion: "0.1.0", versions: agreeing("0.1.0"), mode: "publish" });
    expect(publish.problems.join("\n")).toContain("npm run release -- patch");
    // From 1.0.0 on, an addition is a minor release.
    expect(gate({ changes: added, releasedVersion: "1.0.0", versions: agreeing("1.0.0") }).notes.join("\n")).toContain(
      "npm run release -- minor",
    );
  });

  it("fails when the version files disagree, naming each", () => {
    const { problems } = gate({
      changes: [],
      releasedVersion: "0.1.0",
      versions: { "package.json": "0.2.0", "openapi/openapi.yaml": "0.1.0" },
    });
    expect(problems.join("\n")).toMatch(/package\.json says 0\.2\.0, openapi\/openapi\.yaml says 0\.1\.0/);
  });

  it("fails a version lower than the last release", () => {
    expect(gate({ changes: [], releasedVersion: "0.2.0", versions: agreeing("0.1.9") }).problems.join("\n")).toContain(
      "lower than the last release",
    );
  });
});
