// What an `execute` program may send (issue 44): without --allow-writes, no request that changes data,
// however the program spells it (a method name, a computed path, client.request in lower case), seen
// from a fetch that records every request the server's client is given; with it, the write is made.
// Whatever the server, a path that is no operation, and options that would choose the base URL, the
// fetch or the headers, are refused before anything is sent; and --tools narrows a program too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectInMemory, dataOf, recordingSandbox, textOf, type Connected } from "./support.js";

type Sandbox = ReturnType<typeof recordingSandbox>;
let readOnly: { server: Connected; sandbox: Sandbox };
let readWrite: { server: Connected; sandbox: Sandbox };
let narrowed: { server: Connected; sandbox: Sandbox };
async function start(options: { allowWrites?: boolean; tools?: string[] }) {
  const sandbox = recordingSandbox();
  return { sandbox, server: await connectInMemory({ client: sandbox.client, ...options }) };
}
beforeAll(async () => {
  [readOnly, readWrite, narrowed] = await Promise.all([start({}), start({ allowWrites: true }), start({ tools: ["listProjects"] })]);
});
afterAll(async () => {
  await Promise.all([readOnly, readWrite, narrowed].map((s) => s?.server.close()));
});

async function run(on: { server: Connected; sandbox: Sandbox }, code: string) {
  const before = on.sandbox.requests.length;
  const result = await on.server.client.callTool({ name: "execute", arguments: { code } });
  return { result, text: textOf(result), requests: on.sandbox.requests.slice(before) };
}

/** A program that makes each request of `attempts` (expressions of `client`) and returns, for each,
 * "sent" or the error it met; then runs `after`. */
const attempting = (attempts: string[], after: string[] = []) =>
  [
    `const outcomes: string[] = [];`,
    `const attempt = async (send: () => Promise<unknown>) => { try { await send(); outcomes.push("sent"); } catch (error) { outcomes.push(String(error)); } };`,
    ...attempts.map((request) => `await attempt(() => ${request});`),
    ...after,
    `return outcomes;`,
  ].join("\n");

const projectTitles = async (sandbox: Sandbox) =>
  ((await sandbox.client.GET("/projects.json", { params: { query: { limit: 100 } } })).data ?? []).map((p) => p.title);

describe("without --allow-writes", () => {
  it("refuses every request that changes data, however the program makes it, and sends only its reads", async () => {
    const { result, text, requests } = await run(
      readOnly,
      attempting(
        [
          `client.POST("/projects.json", { body: { name: "Written anyway" } })`,
          `(client as any).request("post", "/projects" + ".json", { body: { name: "Written anyway" } })`,
          `client.DELETE("/projects/{project_id}.json", { params: { path: { project_id: 48213 } } })`,
        ],
        [`await client.GET("/groups.json");`],
      ),
    );
    expect(result.isError, text).toBeFalsy();
    const refusals = (dataOf(result) as { result: string[] }).result;
    expect(refusals).toEqual([
      expect.stringMatching(/createProject changes data and this server is read-only: start it with --allow-writes/),
      expect.stringMatching(/createProject changes data and this server is read-only/),
      expect.stringMatching(/deleteProject changes data and this server is read-only/),
    ]);
    expect(requests).toEqual(["GET /groups.json"]);
    expect(await projectTitles(readOnly.sandbox)).not.toContain("Written anyway");
  });

  it("says it is read-only in the tool's description and annotations", async () => {
    const execute = (await readOnly.server.client.listTools()).tools.find((t) => t.name === "execute")!;
    expect(execute.description).toMatch(/read-only: a request that changes data is refused/);
    expect(execute.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });
});

describe("with --allow-writes", () => {
  it("warns, in the tool's description, of what the operation tools warn of", async () => {
    const execute = (await readWrite.server.client.listTools()).tools.find((t) => t.name === "execute")!;
    expect(execute.description).toMatch(/^deleteProject: WARNING: deletion is permanent/m);
    expect(execute.description).toMatch(/^addProjectUser: WARNING: adding by `email` an address that has no account creates/m);
    expect(execute.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("sends the program's writes", async () => {
    const { result, text, requests } = await run(
      readWrite,
      `const { data } = await client.POST("/projects.json", { body: { name: "Written by a program" } });\nreturn data?.id;`,
    );
    expect(result.isError, text).toBeFalsy();
    expect(requests).toEqual(["POST /projects.json"]);
    expect(await projectTitles(readWrite.sandbox)).toContain("Written by a program");
  });
});

describe("on any server", () => {
  it("refuses a path that is no operation, and a base URL, headers or fetch of the program's own, sending nothing", async () => {
    const { result, text, requests } = await run(
      readWrite,
      attempting([
        `(client.GET as any)("/projects.json/../../other-host")`,
        `client.GET("/groups.json", { baseUrl: "https://elsewhere.invalid" } as any)`,
        `client.GET("/groups.json", { headers: { Authorization: "Basic x" } } as any)`,
        `client.GET("/groups.json", { fetch: () => 1 } as any)`,
      ]),
    );
    expect(result.isError, text).toBeFalsy();
    expect((dataOf(result) as { result: string[] }).result).toEqual([
      expect.stringMatching(/GET \/projects\.json\/\.\.\/\.\.\/other-host is not an operation of this API/),
      expect.stringMatching(/take params and body only, not baseUrl/),
      expect.stringMatching(/take params and body only, not headers/),
      expect.stringMatching(/take params and body only, not fetch/),
    ]);
    expect(requests).toEqual([]);
  });

  it("reaches only the operations the server offers (--tools)", async () => {
    const { result, text, requests } = await run(narrowed, `await client.GET("/groups.json");`);
    expect(result.isError).toBe(true);
    expect(text).toMatch(/listGroups is not among the tools this server was started with/);
    expect(requests).toEqual([]);
    const execute = (await narrowed.server.client.listTools()).tools.find((t) => t.name === "execute")!;
    expect(execute.description).toMatch(/GET \/projects\.json — listProjects/);
    expect(execute.description).not.toMatch(/\/groups\.json/);
  });
});
