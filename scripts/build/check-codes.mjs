// The table of check codes in the guide (docs/guides/checking-a-server.md, between its check-codes
// markers), written from the checker's one table (contract/src/description/check-codes.ts, as built in
// contract/dist/) and the interface's stated rules it names (the sandbox's STATED_RULES).
// test/contract/check-codes.test.ts holds the guide to it.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const root = new URL("../..", import.meta.url).pathname;
export const GUIDE = `${root}docs/guides/checking-a-server.md`;
const START = "<!-- check-codes: written by scripts/build/check-codes.mjs from contract/src/description/check-codes.ts -->";
const END = "<!-- /check-codes -->";

const BASES = {
  assumption: "the description's assumptions the check names",
  model: "the sandbox's own rules: each observation names its stated rule or assumption",
  http: "HTTP's semantics (RFC 9110)",
  description: "the description's documented statuses, schemas and examples",
  checker: "the checker's own walk (no rule of a server)",
};

/** The section as the guide holds it, markers included. */
export function codesSection(codes, statedRules) {
  const basis = (rests) =>
    typeof rests === "string" ? BASES[rests] : rests.map((id) => `stated: ${id} (${statedRules[id].section})`).join("; ");
  const rows = Object.entries(codes).map(([code, { rests, holds }]) => `| \`${code}\` | ${holds} | ${basis(rests)} |`);
  return [START, "", "| Code | What it holds | What it rests on |", "|---|---|---|", ...rows, "", END].join("\n");
}

/** The guide with its section replaced by `section`. */
export function withSection(guide, section) {
  const from = guide.indexOf(START);
  const to = guide.indexOf(END);
  if (from < 0 || to < from) throw new Error(`check-codes: ${GUIDE} has no section between ${START} and ${END}`);
  return guide.slice(0, from) + section + guide.slice(to + END.length);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { CHECK_CODES } = await import(`${root}contract/dist/description/check-codes.js`);
  const { STATED_RULES } = await import(`${root}generated/lib/sandbox/stated-rules.js`);
  writeFileSync(GUIDE, withSection(readFileSync(GUIDE, "utf8"), codesSection(CHECK_CODES, STATED_RULES)));
  console.log(`check-codes: ${Object.keys(CHECK_CODES).length} codes in docs/guides/checking-a-server.md`);
}
