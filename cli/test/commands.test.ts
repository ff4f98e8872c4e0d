// pcs, called as a function (main) against the in-process sandbox kept in a temporary file: every
// operation of the description has a command, and each runs; mistakes are one line and exit 2; the
// service's errors one line and exit 1; nothing is deleted without --yes when no one can be asked.
import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { commandTable } from "../src/index.js";
import { pcs } from "./pcs.js";
import { exampleBody, exampleOf } from "../../contract/src/description/description.js";
import { idSourcesOf, operations } from "../../test/support/openapi.js";

const dir = mkdtempSync(join(tmpdir(), "pcs-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const sandboxFile = () => join(dir, `sandbox-${files++}.json`);

describe("the command table", () => {
  it("has a command for every operation of the description, and no other", () => {
    expect(
      commandTable()
        .commands.map((c) => c.operationId)
        .sort(),
    ).toEqual(
      operations()
        .map((op) => op.operationId)
        .sort(),
    );
  });

  // Issue 36: --help says what the reference says of the operation (expectations from the description).
  it.each(commandTable().commands.map((c) => [c.name, c] as const))(
    "pcs %s --help says who may call it, where its ids come from and what causes each status",
    async (name, command) => {
      const op = operations().find((o) => o.operationId === command.operationId)!;
      const { out, code } = await pcs([...name.split(" "), "--help"]);
      expect(code).toBe(0);
      const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
      const after = (title: string) => out.slice(out.indexOf(`\n${title}\n`));
      for (const rule of op.operation["x-who-may-call"]) expect(after("Who may call it:")).toContain(`  ${oneLine(rule.rule)} (`);
      for (const [id, source] of Object.entries<{ from: string[] }>(idSourcesOf(op)))
        expect(after("Where its ids come from:")).toMatch(
          new RegExp(`  ${id} \\((path|body)\\): .* From ${source.from.map(() => "pcs [a-z-]+ [a-z]+").join(", ")}\\.`),
        );
      for (const status of Object.keys(op.operation.responses)) expect(after("Statuses:")).toMatch(new RegExp(`\\n  ${status}: \\S`));
    },
  );

  it("pcs project-users add --help offers the body as a choice of flags: exactly one of --user or --email", async () => {
    const { out } = await pcs(["project-users", "add", "--help"]);
    expect(out).toContain("Exactly one of --user (By user id) or --email (By email address), never both.");
    expect(out).toMatch(/--user +string, one of the shapes/);
    expect(out).not.toMatch(/--(user|email) +string, required/);
  });

  it.each(commandTable().commands.map((c) => [c.name, c] as const))("pcs %s runs against the sandbox", async (_, command) => {
    const op = operations().find((o) => o.operationId === command.operationId)!;
    const args = command.positionals.map((p) => String(exampleOf(op.parameters.find((q) => q.name === p.name))));
    const body = exampleBody(op);
    const result = await pcs([
      "--sandbox-file",
      sandboxFile(),
      ...command.name.split(" "),
      ...args,
      ...(body === undefined ? [] : ["--body", JSON.stringify(body)]),
      ...(command.destructive ? ["--yes"] : []),
    ]);
    // A read says nothing on stderr; a write says what it did there (its own test below), in one line.
    expect(result.err, result.err).toMatch(command.method === "GET" ? /^$/ : /^(Created|Updated|Deleted|Added|Removed) [^\n]+\.$/);
    expect(result.code).toBe(0);
    if (command.success !== 204) expect(() => JSON.parse(result.out)).not.toThrow(); // piped: JSON
  });
});

describe("pcs says what it did (issue 59)", () => {
  it("a delete that answers nothing says what it deleted, on stderr, piped or not; stdout stays empty", async () => {
    for (const isTTY of [false, true]) {
      const done = await pcs(["--sandbox-file", sandboxFile(), "projects", "delete", "48213", "--yes"], { isTTY });
      expect([done.code, done.out, done.err]).toEqual([0, "", "Deleted project 48213."]);
    }
    const removed = await pcs(["--sandbox-file", sandboxFile(), "project-users", "remove", "48213", "1003", "--yes"]);
    expect([removed.code, removed.err]).toEqual([0, "Removed project user 1003 (project 48213)."]);
  });

  it("a create says the id it got, and the JSON on stdout stays valid JSON", async () => {
    const created = await pcs(["--sandbox-file", sandboxFile(), "projects", "create", "--name", "Said"]);
    const project = JSON.parse(created.out);
    expect(project.title).toBe("Said");
    expect(created.err).toBe(`Created project ${project.id}.`);
  });

  it("pcs api: a write says it was done, a read does not", async () => {
    const file = sandboxFile();
    const write = await pcs(["--sandbox-file", file, "api", "DELETE", "/projects/48213.json", "--yes"]);
    expect([write.code, write.out, write.err]).toEqual([0, "", "DELETE /projects/48213.json: done (204)."]);
    const read = await pcs(["--sandbox-file", file, "api", "GET", "/groups.json"]);
    expect([read.code, read.err]).toEqual([0, ""]);
  });

  it("--help says where --sandbox keeps its state", async () => {
    const { out } = await pcs(["--help"]);
    expect(out.replace(/\s+/g, " ")).toContain(`${join(homedir(), ".pcs-sandbox.json")} (--sandbox-file <path> for another`);
  });
});

describe("mistakes: one line, exit 2, nothing sent", () => {
  it.each([
    [["projects", "list", "--limt", "3"], {}, /Unknown option '--limt'/],
    [["projects", "get", "abc"], {}, /<project_id> must be an integer, not "abc"/],
    [["projects", "list", "--limit", "ten"], {}, /--limit must be an integer/],
    [["projects", "list"], { PCS_BASE_URL: "https://pcs.invalid/public/api" }, /PCS_API_KEY is not set/],
    [["projects", "list"], { PCS_API_KEY: "k" }, /no server: set PCS_BASE_URL/],
    [
      ["projects", "list", "--base-url", "https://someone:hunter2@pcs.invalid"],
      { PCS_API_KEY: "k" },
      /must not hold a user name or password/,
    ],
    [["projets", "list"], {}, /unknown command "projets": did you mean "projects"\?/],
    [["projects", "lsit"], {}, /projects has no command "lsit": did you mean "projects list"\?/],
    [["projects", "remove", "1"], {}, /projects has no command "remove" \(projects list, projects create/],
    [["projects", "list", "--ofset", "3"], {}, /Unknown option '--ofset': did you mean --offset\? \(pcs projects list --help/],
    // The interface's own quirk: a project is created (and renamed) with `name` and read back as `title`.
    [
      ["projects", "create", "--title", "X"],
      {},
      /^pcs: Unknown option '--title': answers call it `title`, a request sends it as --name \(--name: .*`title`.*\) \(pcs projects create --help/,
    ],
    [
      ["projects", "update", "1", "--title", "X"],
      {},
      /Unknown option '--title': answers call it `title`, a request sends it as --name .*Returned as `title`/,
    ],
    [["api", "FETCH", "/projects.json"], { PCS_API_KEY: "k" }, /api: the method must be one of GET, HEAD/],
    [
      ["api", "POST", "/projects.json", "--body", "{}"],
      { PCS_API_KEY: "k", PCS_BASE_URL: "https://pcs.invalid" },
      /api: POST may change data: add --yes/,
    ],
    [
      ["projects", "list"],
      { PCS_API_KEY: "k", PCS_BASE_URL: "https://pcs.invalid", PCS_TIMEOUT_MS: "soon" },
      /PCS_TIMEOUT_MS must be a whole number/,
    ],
  ] as const)("%j", async (argv, env, message) => {
    const result = await pcs([...argv], { env: { ...env } });
    expect([result.code, result.errLines.length]).toEqual([2, 1]);
    expect(result.err).toMatch(message);
    expect(result.err).not.toMatch(/hunter2|someone|\n\s+at /);
  });
});

describe("the service's answers", () => {
  it("a 404 is one line and exit 1", async () => {
    const result = await pcs(["--sandbox-file", sandboxFile(), "projects", "get", "999999"]);
    expect([result.code, result.errLines]).toEqual([
      1,
      ["pcs: projects get: 404 Not Found: No project with id 999999 is visible to the caller."],
    ]);
  });

  it("delete without --yes and without a terminal changes nothing; on a terminal it asks by title, and no means no (exit 0)", async () => {
    const file = sandboxFile();
    const refused = await pcs(["--sandbox-file", file, "projects", "delete", "48213"]);
    expect([refused.code, refused.err]).toEqual([2, expect.stringMatching(/add --yes to confirm/)]);
    const declined = await pcs(["--sandbox-file", file, "projects", "delete", "48213"], { isTTY: true, answer: false });
    expect(declined.asked).toEqual(['Delete a project: project 48213 "Spring 2025 launch campaign". This cannot be undone. Go on? [y/N] ']);
    expect([declined.code, declined.err]).toEqual([0, "pcs: projects delete: not confirmed; nothing was changed."]);
    const missing = await pcs(["--sandbox-file", file, "projects", "delete", "999999"], { isTTY: true, answer: true });
    expect([missing.code, missing.asked, missing.err]).toEqual([1, [], expect.stringMatching(/^pcs: projects delete: 404 Not Found/)]);
    expect((await pcs(["--sandbox-file", file, "projects", "get", "48213"])).code).toBe(0);
    expect((await pcs(["--sandbox-file", file, "projects", "delete", "48213"], { isTTY: true, answer: true })).code).toBe(0);
    expect((await pcs(["--sandbox-file", file, "projects", "get", "48213"])).code).toBe(1);
  });

  it("pcs api: any request, GET at once, a write asked first on a terminal (no means nothing sent, exit 0) or sent with --yes", async () => {
    const file = sandboxFile();
    const listed = await pcs(["--sandbox-file", file, "api", "GET", "/projects.json?limit=1", "--fields", "id"]);
    expect([listed.code, JSON.parse(listed.out)]).toEqual([0, [{ id: 48213 }]]);
    const body = ["--body", '{"name":"By api"}'];
    const declined = await pcs(["--sandbox-file", file, "api", "POST", "/projects.json", ...body], { isTTY: true, answer: false });
    expect([declined.code, declined.asked, declined.err]).toEqual([
      0,
      ["Send POST /projects.json? It may change data. [y/N] "],
      "pcs: api: not confirmed; nothing was sent.",
    ]);
    const created = await pcs(["--sandbox-file", file, "api", "post", "projects.json", ...body, "--yes"]);
    expect([created.code, JSON.parse(created.out).title]).toEqual([0, "By api"]);
    const titles = JSON.parse((await pcs(["--sandbox-file", file, "projects", "list", "--all"])).out).map(
      (p: { title: string }) => p.title,
    );
    expect(titles.filter((title: string) => title === "By api")).toHaveLength(1);
  });

  it("a list on a terminal says when more exist, and how to see them", async () => {
    const file = sandboxFile();
    const first = await pcs(["--sandbox-file", file, "projects", "list", "--limit", "1"], { isTTY: true });
    expect(first.err).toBe("Showing projects 1–1; more exist: --offset 1 for the next page, --all for every page.");
    const last = await pcs(["--sandbox-file", file, "projects", "list", "--limit", "1", "--offset", "1"], { isTTY: true });
    expect([last.code, last.err]).toEqual([0, ""]);
    const piped = await pcs(["--sandbox-file", file, "projects", "list", "--limit", "1"]);
    expect(piped.err).toBe("");
  });

  it("state lasts between commands in the sandbox file", async () => {
    const file = sandboxFile();
    const created = JSON.parse((await pcs(["--sandbox-file", file, "projects", "create", "--name", "Kept"])).out);
    const listed = JSON.parse((await pcs(["--sandbox-file", file, "projects", "list", "--fields", "id,title"])).out);
    expect(listed).toContainEqual({ id: created.id, title: "Kept" });
  });
});

describe("output", () => {
  it("a table on a terminal, JSON when piped, the same JSON array with --all, JSONL when asked", async () => {
    const file = sandboxFile();
    const onTerminal = await pcs(["--sandbox-file", file, "projects", "list", "--fields", "id,title"], { isTTY: true });
    expect(onTerminal.out.split("\n")[0]).toMatch(/^ID\s+TITLE$/);
    const piped = await pcs(["--sandbox-file", file, "groups", "list"]);
    expect(Array.isArray(JSON.parse(piped.out))).toBe(true);
    const all = await pcs(["--sandbox-file", file, "projects", "list", "--all", "--limit", "1", "--fields", "id"]);
    const once = await pcs(["--sandbox-file", file, "projects", "list", "--fields", "id"]);
    expect(all.out).toBe(once.out);
    expect(JSON.parse(all.out)).toEqual([{ id: 48213 }, { id: 48377 }]);
    const lines = await pcs(["--sandbox-file", file, "projects", "list", "--all", "--limit", "1", "--fields", "id", "--format", "jsonl"]);
    expect(lines.out.split("\n").map((line) => JSON.parse(line))).toEqual([{ id: 48213 }, { id: 48377 }]);
    const none = await pcs(["--sandbox-file", file, "projects", "list", "--all", "--offset", "5"]);
    expect(none.out).toBe("[]");
  });

  it("an --all table says on a terminal's stderr how many items it has read, then clears the line; JSON says nothing", async () => {
    const file = sandboxFile();
    const progress: string[] = [];
    const table = await pcs(["--sandbox-file", file, "projects", "list", "--all", "--limit", "1", "--fields", "id"], {
      isTTY: true,
      progress,
    });
    expect(progress[0]).toBe("pcs: projects list: 1 read, reading the next page…");
    expect(progress.at(-1)).toBe("");
    expect(table.out).toBe((await pcs(["--sandbox-file", file, "projects", "list", "--fields", "id"], { isTTY: true })).out);
    const quiet: string[] = [];
    await pcs(["--sandbox-file", file, "projects", "list", "--all", "--limit", "1"], { progress: quiet });
    expect(quiet).toEqual([]);
  });

  it("--debug shows each request on stderr without the key", async () => {
    const result = await pcs(["--sandbox-file", sandboxFile(), "groups", "list", "--debug"]);
    expect(result.err).toMatch(/^> GET https:\/\/sandbox\.invalid\/public\/api\/groups\.json/m);
    expect(result.err).toMatch(/^< 200/m);
    expect(result.err).not.toContain(btoa("sandbox-admin-key:"));
  });

  it("completion scripts name every command", async () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const script = (await pcs(["completion", shell])).out;
      for (const command of commandTable().commands) for (const word of command.name.split(" ")) expect(script, shell).toContain(word);
    }
    expect((await pcs(["completion", "tcsh"])).code).toBe(2);
  });
});
