// The code of the rendered reference cannot rot: every operation shows a curl and a TypeScript sample,
// and every TypeScript snippet the page shows — the generated samples and the ```ts blocks of the guide —
// compiles against the package's client. All snippets go through one tsc run.
import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "../support/openapi.js";
import { codeSamples, renderedDefinition, typescriptBlocks } from "../support/docs.js";
import { PACKAGE_NAME, typecheckSnippets, withClientDeclared, type Snippet, type TypecheckResult } from "../support/typecheck.js";

const definition = renderedDefinition();
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
  ...typescriptSamples.map((sample) => ({ name: `sample-${sample.operationId}`, source: sample.source })),
  ...guideBlocks.map((block, i) => ({ name: `guide-${i + 1}`, source: withClientDeclared(block.source) })),
  CANARY,
];

describe("code samples of the rendered reference", () => {
  it("every operation has exactly one curl and one TypeScript sample, from the docs decorator", () => {
    const expected = operations().map((op) => `${op.operationId}: curl, TypeScript`).sort();
    const byOperation = new Map<string, string[]>();
    for (const sample of samples) byOperation.set(sample.operationId, [...(byOperation.get(sample.operationId) ?? []), sample.label]);
    const actual = [...byOperation].map(([id, labels]) => `${id}: ${labels.join(", ")}`).sort();
    expect(actual).toEqual(expected);
  });

  it("the curl samples authenticate like the guide says and call their operation's path", () => {
    for (const sample of samples.filter((s) => s.label === "curl")) {
      expect(sample.source, sample.operationId).toMatch(/^curl -u "\$PCS_API_KEY:"/);
      const pathPattern = sample.path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "\\d+");
      expect(sample.source, sample.operationId).toMatch(new RegExp(`"https://\\$PCS_HOST/public/api${pathPattern}(\\?[^"]*)?"$`));
      if (sample.method !== "get") expect(sample.source, sample.operationId).toContain(`-X ${sample.method.toUpperCase()}`);
    }
  });

  it("the TypeScript samples use the package's client", () => {
    for (const sample of typescriptSamples) {
      expect(sample.source, sample.operationId).toContain(`from "${PACKAGE_NAME}"`);
      expect(sample.source, sample.operationId).toMatch(/createClient\(/);
      expect(sample.source, sample.operationId).toMatch(/\b(unwrap|paginate)\(/);
    }
  });

  it("the guide in info.description has TypeScript blocks to check", () => {
    expect(guideBlocks.filter((block) => block.where.startsWith("info.description")).length).toBeGreaterThanOrEqual(2);
  });
});

describe("TypeScript of the rendered reference compiles against the client (one tsc run)", () => {
  let result: TypecheckResult;
  beforeAll(() => {
    result = typecheckSnippets(snippets);
  });

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
