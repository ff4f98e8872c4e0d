// Issue 44's agent tasks (bench/code-mode-tasks.mjs), each solved in one `execute` call and through
// the per-operation tools, against two sandboxes seeded alike: the same answer both ways, in one call
// instead of dozens and in fewer tokens of results. And the tools' definitions: execute and types
// against the per-operation tools. Tokens: gpt-tokenizer's o200k_base (see mcp/README.md).
import { collectAll, createClient } from "@project-collaboration/api";
import { createSandbox, SANDBOX_ADMIN_KEY } from "@project-collaboration/api/sandbox";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { expect, it } from "vitest";
import { GIVEN_USER, seed, solve, tasks } from "../../bench/code-mode-tasks.mjs";
import { connect, SANDBOX_BASE_URL } from "../src/index.js";
import { CODE_MODE_TOOLS, connectInMemory } from "./support.js";

/** More than a page of the tools' default size (30); fewer than the benchmark's, to stay quick. */
const PROJECTS = 40;

async function seeded() {
  const sandbox = createSandbox();
  const client = createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: SANDBOX_ADMIN_KEY, fetch: sandbox.fetch });
  await seed(client, PROJECTS);
  const server = await connectInMemory({ client, allowWrites: true });
  const call = (name: string, args: Record<string, unknown>) => server.client.callTool({ name, arguments: args });
  return { client, server, call };
}

const tokens = (texts: string[]) => texts.reduce((sum, text) => sum + countTokens(text), 0);

it("solves each task in one execute call, as the per-operation tools do in many, in fewer tokens", async () => {
  const [viaExecute, viaTools] = await Promise.all([seeded(), seeded()]);
  try {
    const answers: Record<string, unknown> = {};
    for (const task of tasks) {
      const code = await solve(task, "execute", viaExecute.call);
      answers[task.id] = code.answer;
      const perOperation = await solve(task, "per-operation", viaTools.call);
      expect(code.answer, task.id).toEqual(perOperation.answer);
      expect(code.calls, task.id).toBe(1);
      expect(perOperation.calls, task.id).toBeGreaterThan(1);
      expect(tokens(code.texts), task.id).toBeLessThan(tokens(perOperation.texts));
    }
    // The answers are the sandbox's, read through the package's client: the count, and the write
    // task's effect.
    const all = await collectAll(viaExecute.client, "/projects.json");
    expect(all.length).toBeGreaterThan(PROJECTS);
    expect(answers.count).toBe(all.length);
    for (const project of all) {
      const users = await collectAll(viaExecute.client, "/projects/{project_id}/users.json", {
        params: { path: { project_id: project.id } },
      });
      expect(users.map((u) => u.id)).toContain(GIVEN_USER);
    }
  } finally {
    await Promise.all([viaExecute.server.close(), viaTools.server.close()]);
  }
});

it("describes code mode in fewer tokens than the per-operation tools, read-only and with writes", async () => {
  for (const allowWrites of [false, true]) {
    const server = await connectInMemory({ ...connect({}), allowWrites });
    try {
      const { tools } = await server.client.listTools();
      const codeMode = tools.filter((t) => CODE_MODE_TOOLS.includes(t.name));
      const perOperation = tools.filter((t) => !CODE_MODE_TOOLS.includes(t.name));
      expect(codeMode).toHaveLength(2);
      expect(countTokens(JSON.stringify(codeMode))).toBeLessThan(countTokens(JSON.stringify(perOperation)) / 2);
    } finally {
      await server.close();
    }
  }
});
