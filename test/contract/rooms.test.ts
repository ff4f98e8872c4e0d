// The checker's rooms import in one direction (contract/README.md draws them): the command, then the
// sources of exchanges (a live run, a HAR file, the proxy), then the reports they write, then the engine
// (the model's scenarios and sequences), then the checks, the model and the callers with the kit they
// are written with (the registrar, the assertions, the suite, a result), then the transport, then the
// data everything reads (the description, the codes, the values). A file may import its own room and
// the rooms below it, never one above — as the import-circles test holds files, this holds rooms.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { handWrittenModules, importGraph } from "../support/import-circles.js";

const root = new URL("../..", import.meta.url).pathname;

/** Top to bottom: each room's files, by their path under contract/src/ (a folder ends with "/"). */
const ROOMS: ReadonlyArray<readonly [room: string, files: readonly string[]]> = [
  ["command", ["command/", "index.ts", "traffic/command.ts"]],
  ["sources", ["traffic/", "runner/run.ts", "runner/run-projects.ts", "runner/discover.ts", "runner/clean-up.ts"]],
  ["reports", ["reports/"]],
  ["engine", ["sequences/"]],
  [
    "checks and model",
    [
      "checks/",
      "model/",
      "callers/",
      "runner/check.ts",
      "runner/expect.ts",
      "runner/suite.ts",
      "runner/created.ts",
      "runner/result.ts",
      "runner/target.ts",
      "runner/lists.ts",
    ],
  ],
  ["transport", ["transport/"]],
  ["data", ["description/", "toolkit/", "sequences/edges.ts", "sequences/values.ts", "sequences/naughty.ts"]],
];

/** A file's room: the one whose most specific entry names it. */
function roomOf(file: string): number {
  let best = -1;
  let length = -1;
  ROOMS.forEach(([, entries], index) => {
    for (const entry of entries)
      if ((entry.endsWith("/") ? file.startsWith(entry) : file === entry) && entry.length > length) [best, length] = [index, entry.length];
  });
  return best;
}

describe("the checker's rooms", () => {
  const prefix = "contract/src/";
  const files = handWrittenModules(root).filter((file) => file.startsWith(prefix));
  const graph = importGraph(root, files);

  it("every file of contract/src is in a room", () => {
    expect(files.length).toBeGreaterThan(80);
    expect(files.filter((file) => roomOf(file.slice(prefix.length)) < 0)).toEqual([]);
  });

  it("no file imports from a room above its own", () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((target) => target.startsWith(prefix) && roomOf(target.slice(prefix.length)) < roomOf(file.slice(prefix.length)))
        .map((target) => {
          const [from, to] = [file, target].map((f) => f.slice(prefix.length));
          return `${from} (${ROOMS[roomOf(from!)]![0]}) imports ${to} (${ROOMS[roomOf(to!)]![0]})`;
        }),
    );
    expect(upward).toEqual([]);
  });

  // A source of recorded exchanges feeds the model's tracker (model/world.ts Tracker); it holds no
  // sender, so judging a HAR or the proxy's traffic cannot send, and needs no stand-in target or suite.
  it("the traffic source imports no sender: no suite, target, transport or send (types aside)", () => {
    const SENDERS = /^(?:Suite|Transport|Target|World|send|runContract)$/;
    const traffic = files.filter((file) => file.startsWith(`${prefix}traffic/`) && file !== `${prefix}traffic/command.ts`);
    expect(traffic.length).toBeGreaterThan(5);
    const senders = traffic.flatMap((file) =>
      valueImports(readFileSync(`${root}${file}`, "utf8"))
        .filter((name) => SENDERS.test(name))
        .map((name) => `${file.slice(prefix.length)} imports ${name}`),
    );
    expect(senders).toEqual([]);
    expect(valueImports('import { Suite } from "../runner/suite.js";\nimport type { Target } from "x";')).toEqual(["Suite"]);
  });

  it("an upward import is found (the test can fail)", () => {
    expect(roomOf("transport/http.ts")).toBeGreaterThan(roomOf("runner/run.ts"));
    expect(roomOf("reports/verdict.ts")).toBeGreaterThan(roomOf("runner/run.ts"));
  });
});

/** The names a module imports as values (an `import type` and a `type X` name are not). */
function valueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)\{([^}]*)\}\s+from/gm)].flatMap(([, names]) =>
    names!
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith("type "))
      .map((name) => name.split(/\s+as\s+/)[0]!),
  );
}
