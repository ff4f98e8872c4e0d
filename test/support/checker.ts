// The contract checker's command called in this process (its main()), as a CI job runs it: every report
// asked for and, GITHUB_ACTIONS being set, the job summary; its exit code, console and each file read
// back (undefined for a file it did not write). Called in a test: its folder goes when the test ends.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../contract/src/index.js";
import { scratchDir } from "./scratch.js";

export async function checkerInCi(argv: string[], env: NodeJS.ProcessEnv) {
  const dir = scratchDir("pcs-contract-");
  const files = { json: join(dir, "r.json"), junit: join(dir, "r.xml"), har: join(dir, "r.har"), summary: join(dir, "summary.md") };
  const out: string[] = [];
  const err: string[] = [];
  const { code } = await main(
    [...argv, "--json", files.json, "--junit", files.junit, "--har", files.har],
    { ...env, GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: files.summary },
    { out: (t) => out.push(t), err: (t) => err.push(t) },
  );
  const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined);
  return {
    code,
    dir,
    out: out.join("\n"),
    err: err.join("\n"),
    json: read(files.json),
    junit: read(files.junit),
    har: read(files.har),
    summary: read(files.summary),
  };
}
