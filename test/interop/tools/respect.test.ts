// The Arazzo workflows (openapi/workflows.arazzo.yaml) run by `redocly respect` against `npm run
// sandbox`'s server: every workflow, every step passes. The credential is the documented input
// `authorization` (the Authorization header itself: respect refuses Basic with an empty password).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxForFile } from "./sandbox-for-file.js";
import { repoRoot } from "../../support/openapi.js";
import { runBin } from "../../support/run.js";

const WORKFLOWS = `${repoRoot}openapi/workflows.arazzo.yaml`;
const { dir, url } = sandboxForFile("pcs-respect-");

const basic = (apiKey: string) => `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;

async function respect(authorization: string, name: string) {
  const report = join(dir, `${name}.json`);
  const result = await runBin(
    "redocly",
    ["respect", WORKFLOWS, "--server", `pcs=${url()}`, "--input", `authorization=${authorization}`, "--json-output", report],
    { timeoutMs: 150_000 },
  );
  const json = JSON.parse(readFileSync(report, "utf8"));
  const file = Object.values(json.files as Record<string, { totalRequests: number; executedWorkflows: unknown[] }>)[0]!;
  return { ...result, file };
}

describe("openapi/workflows.arazzo.yaml under redocly respect, against the sandbox", () => {
  it("passes every workflow and step", async () => {
    const { status, output, file } = await respect(basic("sandbox-admin-key"), "admin");
    expect(output).toMatch(/Workflows: 3 passed, 3 total/);
    expect(output).toMatch(/Steps: 18 passed, 18 total/);
    expect(status, output).toBe(0);
    expect(file.executedWorkflows).toHaveLength(3);
  });

  it("fails with a key the sandbox does not know (the checks bite)", async () => {
    const { status, output } = await respect(basic("no-such-key"), "unknown");
    expect(output).toMatch(/Workflows: 3 failed, 3 total/);
    expect(status).not.toBe(0);
  });
});
