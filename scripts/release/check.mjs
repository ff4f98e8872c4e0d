#!/usr/bin/env node
// `npm run release:check [-- --publish]`: the release gate (gate.mjs) on this repository, with a
// message that says what to do. Without --publish it is the check every commit must pass (the test
// suite runs the same gate); with it, the stricter one `npm publish` runs first (prepublishOnly).
import { parseOptions } from "../lib/cli.mjs";
import { checkRepository } from "./gate.mjs";

const root = new URL("../../", import.meta.url).pathname;
const { values } = await parseOptions(
  "release:check",
  { options: { publish: { type: "boolean", help: "the stricter gate npm publish runs first (prepublishOnly)" } } },
  {
    usage: "npm run release:check -- [options]",
    about: "The release gate on this repository: the check every commit must pass, with a message that says what to do.",
    examples: ["npm run release:check", "npm run release:check -- --publish"],
  },
);
const mode = values.publish ? "publish" : "commit";
const { problems, notes } = checkRepository(root, mode);
for (const note of notes) console.log(`release:check: ${note}`);
for (const problem of problems) console.error(`release:check: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`release:check: ok (${mode})`);
