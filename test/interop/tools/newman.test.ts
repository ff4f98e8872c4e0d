// The Postman collection, run whole by newman against `npm run sandbox`'s server (a fresh seed): every
// request answers its documented success status (each request's own test), in the collection's order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import newman from "newman";
import { startSandbox, type RunningSandbox } from "../../../scripts/servers/sandbox-server.mjs";
import { repoRoot } from "../../support/openapi.js";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

interface Execution {
  item: { name: string };
  response?: { code: number };
  assertions?: Array<{ assertion: string; error?: { message: string } }>;
}

function runCollection(apiKey: string): Promise<{ executions: Execution[]; failures: unknown[] }> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection: `${repoRoot}generated/postman-collection.json`,
        envVar: [
          { key: "baseUrl", value: sandbox.url },
          { key: "apiKey", value: apiKey },
        ],
        reporters: [],
      },
      (error, summary) =>
        error ? reject(error) : resolve({ executions: summary.run.executions as unknown as Execution[], failures: summary.run.failures }),
    );
  });
}

describe("generated/postman-collection.json under newman, against the sandbox", () => {
  it("runs every request, each answering its documented status", async () => {
    const { executions, failures } = await runCollection("sandbox-admin-key");
    const outcome = executions.map(
      (e) =>
        `${e.item.name}: ${e.response?.code} ${(e.assertions ?? []).map((a) => (a.error ? `FAILED ${a.error.message}` : `ok ${a.assertion}`)).join(", ")}`,
    );
    expect(outcome.filter((line) => !/ ok answers \d+$/.test(line))).toEqual([]);
    expect(failures).toEqual([]);
    expect(executions).toHaveLength(17);
  });

  it("fails its checks when the credential is wrong (the checks bite)", async () => {
    const { failures } = await runCollection("no-such-key");
    expect(failures.length).toBe(17);
  });
});
