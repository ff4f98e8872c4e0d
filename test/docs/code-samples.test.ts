// The code of the rendered reference cannot rot: every operation shows a curl and a TypeScript sample,
// one call per named request example, with nothing but what a reader would send, and every TypeScript
// snippet the page shows — the generated samples and the ```ts blocks of the guide — compiles against
// the package's client, and so does each task guide (docs/guides/tasks/, one program per guide). All
// snippets go through one tsc run. (That every curl sample, run as written,
// works against the mock: curl-samples.test.ts.)
import { beforeAll, describe, expect, it } from "vitest";
import { deref, openapi, operations, type Json } from "../support/openapi.js";
import { codeSamples, renderedDefinition, taskGuides, typescriptBlocks } from "../support/docs.js";
import { PACKAGE_NAME, typecheckSnippets, withClientDeclared, type Snippet, type TypecheckResult } from "../support/typecheck.js";

const definition = renderedDefinition();
/** The commands of a curl sample: one, or one per named request example (each under a `# summary` line). */
const curlCommands = (source: string) =>
  source
    .split(/\n\s*\n/)
    .map((part) => part.replace(/^#.*\n/gm, "").trim())
    .filter(Boolean);
const samples = codeSamples(definition);
const typescriptSamples = samples.filter((sample) => sample.lang === "TypeScript");
const guideBlocks = typescriptBlocks(definition);

// A snippet that must NOT compile: proves the check sees the description's types through the client
// (were the package name to resolve to `any`, every snippet would pass and this one too).
const CANARY: Snippet = {
  name: "canary-must-fail",
  source: [
    `import { createClient, unwrap } from "${PACKAGE_NAME}";`,
    `const client = createClient({ baseUrl: "https://pcs.invalid/public/api", apiKey: "key" });`,
    `const project = unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: 1 } } }));`,
    `console.log(project.no_such_field);`,
  ].join("\n"),
};

const snippets: Snippet[] = [
  // A sample uses the `client` of the guide's set-up: declared here with the client's own type.
  ...typescriptSamples.map((sample) => ({ name: `sample-${sample.operationId}`, source: withClientDeclared(sample.source) })),
  ...guideBlocks.map((block, i) => ({ name: `guide-${i + 1}`, source: withClientDeclared(block.source) })),
  // Each task guide (docs/guides/tasks/) is one program, its blocks in order (run by task-guides.test.ts).
  ...taskGuides().map((guide) => ({ name: `task-${guide.file.replace(/\.md$/, "")}`, source: guide.source })),
  CANARY,
];

describe("code samples of the rendered reference", () => {
  it("every operation has exactly one curl and one TypeScript sample, from the docs decorator", () => {
    const expected = operations()
      .map((op) => `${op.operationId}: curl, TypeScript`)
      .sort();
    const byOperation = new Map<string, string[]>();
    for (const sample of samples) byOperation.set(sample.operationId, [...(byOperation.get(sample.operationId) ?? []), sample.label]);
    const actual = [...byOperation].map(([id, labels]) => `${id}: ${labels.join(", ")}`).sort();
    expect(actual).toEqual(expected);
  });

  it("the curl samples authenticate like the guide says and call their operation's path under $PCS_BASE_URL", () => {
    for (const sample of samples.filter((s) => s.label === "curl")) {
      const commands = curlCommands(sample.source);
      expect(commands.length, sample.operationId).toBeGreaterThan(0);
      for (const command of commands) {
        expect(command, sample.operationId).toMatch(/^curl -u "\$PCS_API_KEY:"/);
        const pathPattern = sample.path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "\\d+");
        expect(command, sample.operationId).toMatch(new RegExp(`"\\$PCS_BASE_URL${pathPattern}(\\?[^"]*)?"$`));
        if (sample.method !== "get") expect(command, sample.operationId).toContain(`-X ${sample.method.toUpperCase()}`);
      }
    }
  });

  it("there is one call per named request example, sending that example's body", () => {
    for (const op of operations(openapi)) {
      const media = op.operation.requestBody && deref(op.operation.requestBody).content?.["application/json"];
      if (!media) continue;
      const expected: unknown[] =
        media.example !== undefined ? [media.example] : Object.values<Json>(media.examples ?? {}).map((e) => deref(e).value);
      const curl = samples.find((s) => s.operationId === op.operationId && s.label === "curl")!;
      const sent = curlCommands(curl.source).map((command) => JSON.parse(/-d '([^']*)'/.exec(command)![1]!));
      expect(sent, op.operationId).toEqual(expected);
      const ts = samples.find((s) => s.operationId === op.operationId && s.label === "TypeScript")!;
      expect(ts.source.match(/await client\.\w+\(/g)?.length, op.operationId).toBe(expected.length);
    }
    // The add-user operation has two named examples, by id and by email: both have a sample.
    expect(
      samples.filter((s) => s.operationId === "addProjectUser" && s.label === "curl").flatMap((s) => curlCommands(s.source)),
    ).toHaveLength(2);
  });

  it("no sample sends a query parameter at its default value", () => {
    for (const op of operations(openapi)) {
      const defaults = new Map<string, string>();
      for (const parameter of op.parameters ?? []) {
        const p = deref(parameter);
        const value = deref(p.schema ?? {}).default;
        if (p.in === "query" && value !== undefined) defaults.set(p.name, String(value));
      }
      const curl = samples.find((s) => s.operationId === op.operationId && s.label === "curl")!;
      for (const command of curlCommands(curl.source)) {
        const query = /"[^"?]*\?([^"]*)"$/.exec(command)?.[1];
        for (const [name, value] of new URLSearchParams(query ?? ""))
          expect(`${name}=${value}`, op.operationId).not.toBe(`${name}=${defaults.get(name)}`);
      }
    }
  });

  it("the TypeScript samples use the client of the guide's set-up, without repeating it", () => {
    for (const sample of typescriptSamples) {
      expect(sample.source, sample.operationId).toContain(`from "${PACKAGE_NAME}"`);
      expect(sample.source, sample.operationId).toContain("Getting started");
      expect(sample.source, sample.operationId).not.toMatch(/createClient\(/);
      expect(sample.source, sample.operationId).toMatch(/\b(unwrap|paginate)\(/);
    }
    // …and the guide's set-up is there, under Getting started, creating that client.
    const setUp = guideBlocks.filter((block) => /\bconst client = createClient\(/.test(block.source));
    expect(setUp.length).toBe(1);
    const gettingStarted = definition.tags.findIndex((tag: Json) => tag.name === "Getting started");
    expect(setUp[0]!.where).toMatch(new RegExp(`^tags\\.${gettingStarted}\\.description`));
  });

  it("the guides (info.description's sections, shown as tags) have TypeScript blocks to check", () => {
    expect(guideBlocks.filter((block) => block.where.startsWith("tags.")).length).toBeGreaterThanOrEqual(2);
  });
});

describe("TypeScript of the rendered reference compiles against the client (one tsc run)", () => {
  let result: TypecheckResult;
  beforeAll(async () => {
    result = await typecheckSnippets(snippets);
  }, 120_000);

  it("the check itself works: the canary fails on the unknown property", () => {
    const canary = result.diagnostics.get(CANARY.name) ?? [];
    expect(canary.join("\n"), result.output).toMatch(/TS2339: Property 'no_such_field' does not exist/);
  });

  it.each(snippets.filter((s) => s !== CANARY).map((s) => [s.name, s] as const))("%s compiles", (_name, snippet) => {
    const errors = result.diagnostics.get(snippet.name) ?? [];
    expect(errors, `${errors.join("\n")}\n--- ${snippet.name}.mts ---\n${snippet.source}`).toEqual([]);
  });

  it("tsc reported nothing outside the snippets", () => {
    const stray = result.output.split("\n").filter((line) => /error TS/.test(line) && !/\.mts\(\d+,\d+\)/.test(line));
    expect(stray, result.output).toEqual([]);
  });
});
