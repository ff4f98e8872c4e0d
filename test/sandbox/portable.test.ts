// The in-process sandbox runs in browsers as well as Node.js: bundled for the browser by esbuild (which
// refuses node: built-ins), it holds no `new Function` or eval (Ajv's validators are compiled at build
// time), and the main entry point does not pull any of it in.
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

async function browserBundle(entry: string) {
  const result = await build({
    entryPoints: [`${repoRoot}generated/lib/${entry}`],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
}

describe("the sandbox entry point, bundled for a browser", () => {
  it("bundles with no Node.js built-in, and compiles no code at run time", async () => {
    const { code, inputs } = await browserBundle("sandbox/index.js");
    expect(inputs.filter((input) => input.startsWith("node:") || input.includes("node_modules"))).toEqual([]);
    expect(code).not.toMatch(/\bnew Function\b|\beval\(/);
  });

  it("is not part of the main entry point", async () => {
    const { inputs } = await browserBundle("index.js");
    expect(inputs.filter((input) => input.includes("/sandbox/"))).toEqual([]);
  });
});
