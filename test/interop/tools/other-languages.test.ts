// The guide for other languages (docs/guides/other-languages.md) works as written, against
// `npm run sandbox`'s server (a fresh seed, behind Prism's validating proxy): its ```python blocks, in
// order, are one program run by the machine's python3 (with requests); each ```sh block runs in bash;
// what each block prints must be the ```text block after it. The snippets are read from the page here,
// so the page and the test cannot drift. The generated-client block imports `pcs_client`, a stand-in
// for what openapi-python-client generates (it cannot be installed here: python/pcs_client/ says what
// it keeps of the generator's client).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxForFile } from "./sandbox-for-file.js";
import { repoRoot } from "../../support/openapi.js";
import { run } from "../../support/run.js";

const PAGE = `${repoRoot}docs/guides/other-languages.md`;
const STAND_IN = `${repoRoot}test/interop/tools/python`;
/** Printed between the program's blocks, so that each block's output can be told apart. */
const BETWEEN_BLOCKS = "----8<---- next block";

interface Block {
  lang: string;
  source: string;
  /** The ```text block right after it: what it prints. */
  prints?: string;
  line: number;
}

/** The page's fenced blocks, each code block with the text block that follows it. */
function blocksOf(markdown: string): Block[] {
  const fences = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```\n/gm)].map((m) => ({
    lang: m[1] ?? "",
    source: m[2] ?? "",
    line: markdown.slice(0, m.index).split("\n").length,
  }));
  const blocks: Block[] = [];
  fences.forEach((fence, i) => {
    if (fence.lang === "text") return;
    const next = fences[i + 1];
    blocks.push({ ...fence, prints: next?.lang === "text" ? next.source : undefined });
  });
  return blocks;
}

const page = readFileSync(PAGE, "utf8");
const blocks = blocksOf(page);
const python = blocks.filter((b) => b.lang === "python");
const shell = blocks.filter((b) => b.lang === "sh");

const { dir, url } = sandboxForFile("pcs-other-languages-");

/** The Python that runs the page's programs: one with `requests` (CI sets PCS_PYTHON when the machine's
 * python3 lacks it and Debian's python3-requests was installed instead). */
const PYTHON = process.env.PCS_PYTHON || "python3";

/** Runs a Python program against the sandbox with `apiKey`, the stand-in on its path. */
function runPython(program: string, apiKey: string) {
  const file = join(dir, `program-${Math.random().toString(36).slice(2)}.py`);
  writeFileSync(file, program);
  const env = { ...process.env, PCS_BASE_URL: url(), PCS_API_KEY: apiKey, PYTHONPATH: STAND_IN, PYTHONDONTWRITEBYTECODE: "1" };
  return run(PYTHON, [file], { env, cwd: dir, timeoutMs: 60_000 });
}

describe("docs/guides/other-languages.md", () => {
  it("tells a Python user how to authenticate on its first screen", () => {
    const firstScreen = page.split("\n").slice(0, 20).join("\n");
    expect(firstScreen).toMatch(/API key is the user name, the password is empty/);
    expect(python[0]?.line).toBeLessThan(12);
    expect(python[0]?.source).toMatch(/session\.auth = \(os\.environ\["PCS_API_KEY"\], ""\)/);
  });

  it("has Python and shell blocks, each followed by what it prints", () => {
    expect(python.length).toBeGreaterThanOrEqual(3);
    expect(shell.length).toBeGreaterThanOrEqual(1);
    expect(blocks.filter((b) => b.prints === undefined).map((b) => `line ${b.line}`)).toEqual([]);
  });

  it("runs its Python blocks, in order, as one program against the sandbox: each prints what the page shows", async () => {
    const program = python.map((b) => b.source).join(`print(${JSON.stringify(BETWEEN_BLOCKS)})\n`);
    const result = await runPython(program, "sandbox-admin-key");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout.split(`${BETWEEN_BLOCKS}\n`)).toEqual(python.map((b) => b.prints));
  });

  it.each(shell.map((b) => [b.line, b] as const))(
    "runs the sh block of line %i against the sandbox, printing what the page shows",
    async (_line, block) => {
      const env = { ...process.env, PCS_BASE_URL: url(), PCS_API_KEY: "sandbox-admin-key" };
      const result = await run("bash", ["-euo", "pipefail", "-c", block.source], { env, cwd: dir, timeoutMs: 60_000 });
      expect(result.status, result.output).toBe(0);
      expect(`${result.stdout.trimEnd()}\n`).toBe(block.prints);
    },
  );

  it("fails, as it should, with a key that is not valid (the checks bite)", async () => {
    const result = await runPython(python.map((b) => b.source).join("\n"), "not-a-key");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/401/);
    const curl = await run("bash", ["-euo", "pipefail", "-c", shell[0]?.source ?? "false"], {
      env: { ...process.env, PCS_BASE_URL: url(), PCS_API_KEY: "not-a-key" },
      cwd: dir,
    });
    expect(curl.status).not.toBe(0);
  });

  it("is right that the generated client's default Bearer prefix is refused (401)", async () => {
    const program = [
      "import os",
      "from pcs_client import AuthenticatedClient",
      'client = AuthenticatedClient(base_url=os.environ["PCS_BASE_URL"], token=os.environ["PCS_API_KEY"])',
      'print(client.get_httpx_client().get("/organizations.json").status_code)',
      "",
    ].join("\n");
    const result = await runPython(program, "sandbox-admin-key");
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("401\n");
  });
});
