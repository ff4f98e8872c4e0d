// An `execute` program is isolated (issue 44): it cannot reach the process, module loading, the
// network or the Function constructor's way out, whatever it evaluates (each attempt below passes the
// type check through `any`, so it is the isolate that stops it); an endless loop, a memory bomb, a
// stack too deep and a wait for nothing each end the call with an error, and the next call is answered.
// Small limits keep the test fast; the defaults' times are in bench/RESULTS.md.
import { afterAll, beforeAll, expect, it } from "vitest";
import { connect } from "../src/index.js";
import { connectInMemory, dataOf, textOf, type Connected } from "./support.js";

let server: Connected;
/** The default CPU time, for a program whose work must not be cut short on a busy machine: one that is
 * about what the isolate lacks, or about another limit (the stack, the memory). */
let roomy: Connected;
beforeAll(async () => {
  const limits = { cpuMs: 200, memoryBytes: 32 * 1024 * 1024, wallMs: 5_000 };
  [server, roomy] = await Promise.all([
    connectInMemory({ ...connect({}), executeLimits: limits }),
    connectInMemory({ ...connect({}), executeLimits: { ...limits, cpuMs: 10_000 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), roomy?.close()]);
});

const execute = (code: string, on = server) => on.client.callTool({ name: "execute", arguments: { code } });

it("has no process, require, fetch, module loading or host objects, not even through the Function constructor", async () => {
  const result = await execute(
    [
      `const g = globalThis as any;`,
      `const escape = (source: string) => { try { return String((0, eval)(source)); } catch (error) { return String(error); } };`,
      `const viaFunction = (() => {}).constructor as FunctionConstructor;`,
      `const load = async (attempt: () => Promise<unknown>) => { try { await attempt(); return "loaded"; } catch (error) { return String(error); } };`,
      `const fs: string = "node:fs";`,
      `const imported = [await load(() => import(fs)), await load(() => g.eval("import('node:fs')"))];`,
      `return {`,
      `  globals: ["process", "require", "fetch", "module", "Buffer", "host", "setTimeout", "WebAssembly", "XMLHttpRequest"].map((name) => typeof g[name]),`,
      `  viaFunction: viaFunction("return typeof process + typeof require + typeof fetch")(),`,
      `  viaEval: escape("typeof process"),`,
      `  globalOfFunction: Object.getOwnPropertyNames(Function("return this")()).filter((name) => !/^[A-Z]/.test(name)).sort(),`,
      `  constructorOfClient: (client.GET as any).constructor("return typeof process")(),`,
      `  imported,`,
      `};`,
    ].join("\n"),
    roomy,
  );
  expect(result.isError, textOf(result)).toBeFalsy();
  const { result: seen } = dataOf(result) as { result: Record<string, unknown> };
  expect(seen.globals).toEqual(Array(9).fill("undefined"));
  expect(seen.viaFunction).toBe("undefinedundefinedundefined");
  expect(seen.viaEval).toBe("undefined");
  // ECMAScript's own lower-case globals, and the console the isolate gives: nothing of Node.js's.
  expect(seen.globalOfFunction).toEqual(
    [
      "console",
      "decodeURI",
      "decodeURIComponent",
      "encodeURI",
      "encodeURIComponent",
      "escape",
      "eval",
      "globalThis",
      "isFinite",
      "isNaN",
      "parseFloat",
      "parseInt",
      "program",
      "undefined",
      "unescape",
    ].sort(),
  );
  expect(seen.constructorOfClient).toBe("undefined");
  expect(seen.imported).toEqual([
    expect.stringMatching(/could not load module 'node:fs'/),
    expect.stringMatching(/^TypeError: .*import\(\)/),
  ]);
});

it.each([
  ["an endless loop", `while (true) {}`, /ran for more than its 0\.2 s of CPU time/],
  ["an endless chain of promises", `for (;;) await Promise.resolve();`, /ran for more than its 0\.2 s of CPU time/],
  [
    "a memory bomb",
    `const hoard: string[] = []; for (let i = 0; ; i++) hoard.push("x".repeat(1_000_000) + i);`,
    /ran out of memory/,
    "roomy",
  ],
  [
    "a memory bomb that catches running out",
    `const hoard: number[][] = []; for (;;) { try { hoard.push(new Array(1_000_000).fill(1)); } catch { hoard.length = 0; } }`,
    /ran for more than its 0\.2 s of CPU time|ran out of memory/,
  ],
  [
    "a stack too deep for the engine",
    `let nested: unknown = []; for (let i = 0; i < 100_000; i++) nested = [nested]; return JSON.stringify(nested).length;`,
    /stopped: it exhausted the engine's stack/,
    "roomy",
  ],
  ["a wait for nothing", `await new Promise(() => {});`, /waits for something that never happens/],
  // Each of these would queue messages to the server's thread faster than they are answered.
  ["a flood of requests it does not wait for", `for (;;) void client.GET("/groups.json");`, /ran for more than its 0\.2 s of CPU time/],
  ["a flood of log lines", `for (let i = 0; ; i++) console.log("x".repeat(100), i);`, /0\.2 s of CPU time.*more log lines left out/s],
])("ends %s with an error, and answers the next call", async (_, code, message, limits?: string) => {
  const stopped = await execute(code, limits === "roomy" ? roomy : server);
  expect(stopped.isError).toBe(true);
  expect(textOf(stopped)).toMatch(message);
  const next = await execute(`return 6 * 7;`);
  expect(dataOf(next)).toEqual({ result: 42, logs: [] });
});
