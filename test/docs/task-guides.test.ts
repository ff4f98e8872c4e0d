// The task guides (docs/guides/tasks/) work as written. Each guide's ```ts blocks, in order, are one
// module, run here against the sandbox over HTTP (the server `pcs sandbox` runs, on a free port, fresh
// for each guide) with PCS_BASE_URL and PCS_API_KEY set as the guide says; what it prints must be its
// ```text block, line for line. The `pcs` lines of its ```sh blocks run through pcs's main() with the
// same variables. The `npx` lines that start a server or the checker are not run: the sandbox here
// stands in for them. (That each guide's code compiles, strictly, against the client:
// test/docs/code-samples.test.ts.) Also: llms.txt and the README reach every guide.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/src/index.js";
import { createSandbox } from "../../src/sandbox/index.js";
import { type ServedSandbox, serveSandbox } from "../../src/sandbox/server.js";
import { docsDir, taskGuides } from "../support/docs.js";
import { repoRoot } from "../support/openapi.js";

const guides = taskGuides();
const sandbox = createSandbox();
let served: ServedSandbox;
let dir = "";

beforeAll(async () => {
  served = await serveSandbox(sandbox);
  mkdirSync(`${repoRoot}test/output`, { recursive: true });
  // Inside the repository, so that "@project-collaboration/api" resolves as in a user's project.
  dir = mkdtempSync(join(repoRoot, "test/output/task-guides-"));
});
afterAll(async () => {
  await served?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `run` with the guide's variables set (the sandbox's URL and admin key), then puts them back. */
async function withSandboxVariables<T>(run: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const env = { PCS_BASE_URL: served.url, PCS_API_KEY: "sandbox-admin-key" };
  const before = { PCS_BASE_URL: process.env.PCS_BASE_URL, PCS_API_KEY: process.env.PCS_API_KEY };
  Object.assign(process.env, env);
  try {
    return await run(env);
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe("the task guides", () => {
  it("are the four tasks of the index, each with code and the output it prints", () => {
    expect(guides.map((guide) => guide.file)).toEqual([
      "errors-and-retries.md",
      "invite-a-collaborator.md",
      "read-every-project.md",
      "sandbox-to-real-server.md",
    ]);
    const index = readFileSync(`${docsDir}guides/tasks/README.md`, "utf8");
    for (const guide of guides) {
      expect(index).toContain(`](${guide.file})`);
      expect(guide.source).toMatch(/from "@project-collaboration\/api"/);
      expect(guide.output.length, guide.file).toBeGreaterThan(1);
    }
  });

  it.each(guides.map((guide) => [guide.file, guide] as const))(
    "%s runs as written against the sandbox and prints what it shows",
    async (file, guide) => {
      sandbox.reset();
      const module = join(dir, file.replace(/\.md$/, ".mts"));
      writeFileSync(module, guide.source);
      const printed: string[] = [];
      const log = vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => void printed.push(parts.join(" ")));
      try {
        await withSandboxVariables(() => import(pathToFileURL(module).href));
      } finally {
        log.mockRestore();
      }
      expect(printed).toEqual(guide.output);
    },
  );

  it.each(guides.filter((guide) => guide.pcsLines.length).map((guide) => [guide.file, guide] as const))(
    "%s: its pcs lines run against the sandbox",
    async (_file, guide) => {
      sandbox.reset();
      await withSandboxVariables(async (env) => {
        for (const line of guide.pcsLines) {
          const err: string[] = [];
          const code = await main(line.split(/\s+/).slice(1), env, {
            out: () => {},
            err: (text) => err.push(text),
            isTTY: false,
            confirm: async () => false,
            readStdin: async () => "",
          });
          expect(code, `${line}: ${err.join("\n")}`).toBe(0);
        }
      });
      // The lines added a user and removed them again: the project is as before.
      const members = (await (
        await fetch(`${served.url}/projects/48377/users.json`, { headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}` } })
      ).json()) as { id: number }[];
      expect(members.map((user) => user.id).sort()).toEqual([1001, 2087]);
    },
  );

  it("are listed in llms.txt and reached from the README", () => {
    const llms = readFileSync(`${docsDir}llms.txt`, "utf8");
    const readme = readFileSync(`${repoRoot}README.md`, "utf8");
    for (const guide of guides) expect(llms).toContain(`](guides/tasks/${guide.file})`);
    expect(readme).toContain("docs/guides/tasks/README.md");
  });
});
