// `npm run sandbox`'s server (a fresh seed) and a scratch folder for the tests of one file: the server
// started before them, stopped after them, the folder removed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type RunningSandbox, startSandbox } from "../../../scripts/servers/sandbox-server.mjs";

export function sandboxForFile(prefix: string): { dir: string; url: () => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    url: () => {
      if (!sandbox) throw new Error("the sandbox is not started (only within the tests)");
      return sandbox.url;
    },
  };
}
