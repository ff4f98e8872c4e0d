// Issue 44's agent tasks, each solved two ways against a seeded sandbox: one `execute` call running a
// program, and the per-operation tools as an agent calls them (every page, every project). What each
// way costs an agent: the calls it makes and the text of their results, which the model reads. Used by
// mcp/test/execute-tasks.test.ts (both ways give the same answer, and code mode takes one call and
// fewer tokens) and by bench/code-mode.mjs (the numbers in bench/RESULTS.md).

/** The seeded account for the benchmark: more projects than one page of 100 holds (the test seeds fewer). */
export const SEEDED_PROJECTS = 120;
/** Projects seeded with a modification, so "never modified" has both kinds. */
export const MODIFIED_EVERY = 3;
/** The user task 3 adds: the example seed's viewer, a member of project 48213 only. */
export const GIVEN_USER = 1003;

/**
 * Adds `count` projects through `client` (the package's client on the sandbox): every third one
 * updated once, so its `modified` is set.
 * @param {import("../generated/lib/index.js").ApiClient} client
 */
export async function seed(client, count = SEEDED_PROJECTS) {
  for (let i = 1; i <= count; i++) {
    const { data } = await client.POST("/projects.json", {
      body: { name: `Campaign ${i}`, description: "Landing page, banners and the launch email.", job_code: `NW-${1000 + i}` },
    });
    if (i % MODIFIED_EVERY === 0 && data)
      await client.PATCH("/projects/{project_id}.json", { params: { path: { project_id: data.id } }, body: { description: "Revised." } });
  }
}

/** @typedef {(name: string, args: Record<string, unknown>) => Promise<any>} CallTool */

/** Every item of a paged tool, page after page, as an agent reads them: each page of the default
 * size, then the next from the offset the result names.
 * @param {CallTool} call @param {string} tool @param {Record<string, unknown>} args */
async function everyPage(call, tool, args = {}) {
  const items = [];
  for (let offset = 0; offset !== null; ) {
    const result = await call(tool, { ...args, ...(offset && { offset }) });
    if (result.isError) throw new Error(result.content[0].text);
    items.push(...result.structuredContent.items);
    offset = result.structuredContent.next_offset;
  }
  return items;
}

/**
 * @typedef {object} AgentTask
 * @property {string} id
 * @property {string} title
 * @property {boolean} writes
 * @property {string} program the `code` of one execute call
 * @property {(call: CallTool) => Promise<unknown>} perOperation the same answer through the operation tools
 */

/** @type {AgentTask[]} */
export const tasks = [
  {
    id: "count",
    title: "Count every project across pages",
    writes: false,
    program: `return (await collectAll(client, "/projects.json")).length;`,
    perOperation: async (call) => (await everyPage(call, "listProjects")).length,
  },
  {
    id: "members",
    title: "List each project's users",
    writes: false,
    program: [
      `const projects = await collectAll(client, "/projects.json");`,
      `const members: Record<string, string[]> = {};`,
      `for (const project of projects) {`,
      `  const users = await collectAll(client, "/projects/{project_id}/users.json", { params: { path: { project_id: project.id } } });`,
      `  members[project.id] = users.map((user) => user.email).sort();`,
      `}`,
      `return members;`,
    ].join("\n"),
    perOperation: async (call) => {
      /** @type {Record<string, string[]>} */
      const members = {};
      for (const project of await everyPage(call, "listProjects")) {
        const users = await everyPage(call, "listProjectUsers", { project_id: project.id });
        members[project.id] = users.map((user) => user.email).sort();
      }
      return members;
    },
  },
  {
    id: "add-missing",
    title: `Find the projects user ${GIVEN_USER} is not in, and add them`,
    writes: true,
    program: [
      `const added: number[] = [];`,
      `for (const project of await collectAll(client, "/projects.json")) {`,
      `  const users = await collectAll(client, "/projects/{project_id}/users.json", { params: { path: { project_id: project.id } } });`,
      `  if (users.some((user) => user.id === ${GIVEN_USER})) continue;`,
      `  unwrap(await client.POST("/projects/{project_id}/users.json", { params: { path: { project_id: project.id } }, body: { user: "${GIVEN_USER}" } }));`,
      `  added.push(project.id);`,
      `}`,
      `return added.sort((a, b) => a - b);`,
    ].join("\n"),
    perOperation: async (call) => {
      const added = [];
      for (const project of await everyPage(call, "listProjects")) {
        const users = await everyPage(call, "listProjectUsers", { project_id: project.id });
        if (users.some((user) => user.id === GIVEN_USER)) continue;
        const result = await call("addProjectUser", { project_id: project.id, user: String(GIVEN_USER) });
        if (result.isError) throw new Error(result.content[0].text);
        added.push(project.id);
      }
      return added.sort((a, b) => a - b);
    },
  },
  {
    id: "never-modified",
    title: "Report the projects never modified",
    writes: false,
    program: [
      `const projects = await collectAll(client, "/projects.json");`,
      `return projects.filter((project) => project.modified === null).map((project) => ({ id: project.id, title: project.title }));`,
    ].join("\n"),
    perOperation: async (call) =>
      (await everyPage(call, "listProjects")).filter((project) => project.modified === null).map(({ id, title }) => ({ id, title })),
  },
];

/**
 * One task solved one way: its answer, the tool calls it took and the text of their results.
 * @param {AgentTask} task @param {"execute" | "per-operation"} way @param {CallTool} callTool
 */
export async function solve(task, way, callTool) {
  /** @type {string[]} */
  const texts = [];
  /** @type {CallTool} */
  const call = async (name, args) => {
    const result = await callTool(name, args);
    texts.push(result.content.map((/** @type {{ text?: string }} */ c) => c.text ?? "").join("\n"));
    return result;
  };
  let answer;
  if (way === "execute") {
    const result = await call("execute", { code: task.program });
    if (result.isError) throw new Error(result.content[0].text);
    answer = result.structuredContent.result;
  } else answer = await task.perOperation(call);
  return { answer, calls: texts.length, texts };
}
