// The mock guide's examples work as written: each `curl` line for the mock in
// docs/guides/mock-and-sandbox.md is run with bash, only the host and port swapped for this run's mock,
// and its answer validated.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { operations, repoRoot, schemaErrors } from "../support/openapi.js";
import { mockOnly, target } from "../support/target.js";

const README_MOCK = "http://127.0.0.1:4010";
const readme = readFileSync(`${repoRoot}docs/guides/mock-and-sandbox.md`, "utf8");
const curlLines = readme.split("\n").filter((line) => line.startsWith("curl ") && line.includes(README_MOCK));

describe("the mock guide's curl example", () => {
  it("exists, on the port npm run mock uses", () => {
    expect(curlLines.length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).scripts.mock).toBe(
      "node scripts/servers/prism.mjs mock generated/openapi.json",
    ); // Prism's default: 127.0.0.1:4010
  });

  it.for(curlLines)("%s", (line, context) => {
    mockOnly(context, "runs the guide's example against the mock");
    const output = execFileSync(
      "bash",
      ["-c", `${line.replace(README_MOCK, target().baseUrl)} --silent --show-error --fail --max-time 20`],
      { encoding: "utf8", timeout: 30_000 },
    );
    // The guide's URL is under the service's base path, as on the service: the operation's path follows it.
    const path = new URL(line.match(/"(http[^"]+)"/)![1]!).pathname.replace(/^\/public\/api(?=\/)/, "");
    const op = operations().find((o) => o.method === "get" && o.path === path)!;
    expect(schemaErrors(op.operation.responses["200"].content["application/json"].schema, JSON.parse(output))).toEqual([]);
  });
});
