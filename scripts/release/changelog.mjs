// CHANGELOG.md: one entry per release, newest first, each a human summary followed by the classified
// changes, operation by operation, breaking first. The summary is written by a person under
// "## Unreleased" while working (or passed as --summary); `npm run release` moves it into the entry.

export const CHANGELOG = "CHANGELOG.md";
export const UNRELEASED_HEADING = "## Unreleased";
/** What the Unreleased section holds when nothing has been written yet (not a summary). */
export const UNRELEASED_PLACEHOLDER = "_Nothing written yet: describe here, for people, what the next release changes._";

const SECTIONS = [
  ["breaking", "Breaking changes"],
  ["non-breaking", "Other changes"],
  ["annotation", "Documentation only"],
];

/** The changes of one classification as a list: one item per operation, one sub-item per change. */
function byOperation(changes) {
  const groups = new Map();
  for (const change of changes) {
    const lines = groups.get(change.operation) ?? new Set(); // a Set: the differ may report one change twice
    // Why a change breaks, when a rule of this package decided it; other reasons would be noise.
    const why = change.reason && change.classification === "breaking" ? ` _(${change.reason})_` : "";
    lines.add(change.text + why);
    groups.set(change.operation, lines);
  }
  return [...groups].map(([operation, lines]) => {
    const [first, ...others] = lines;
    const name = operation.includes(" ") || operation.startsWith("/") ? `\`${operation}\`` : operation;
    if (others.length === 0) return `- ${name}: ${first}`;
    return [`- ${name}`, ...[...lines].map((line) => `  - ${line}`)].join("\n");
  });
}

/** The Markdown of one release entry (from its `## ` heading on, no trailing newline). */
export function renderEntry({ version, date, summary, changes, previousVersion }) {
  const parts = [`## ${version} — ${date}`, summary.trim()];
  if (changes.length === 0) {
    parts.push(`No change to the description since ${previousVersion}.`);
  } else {
    parts.push(`Changes to the description since ${previousVersion}, found by \`npm run release\` (scripts/release/):`);
    for (const [classification, title] of SECTIONS) {
      const some = changes.filter((c) => c.classification === classification);
      if (some.length > 0) parts.push(`### ${title}\n\n${byOperation(some).join("\n")}`);
    }
  }
  return parts.join("\n\n");
}

/** The text under "## Unreleased", or "" when it holds only the placeholder. */
export function unreleasedSummary(changelog) {
  const start = changelog.indexOf(`\n${UNRELEASED_HEADING}\n`);
  if (start < 0) return "";
  const from = start + UNRELEASED_HEADING.length + 2;
  const end = changelog.indexOf("\n## ", from);
  const text = changelog.slice(from, end < 0 ? undefined : end).trim();
  return text === UNRELEASED_PLACEHOLDER ? "" : text;
}

/** The changelog with `entry` as its newest release and the Unreleased section emptied again. */
export function insertEntry(changelog, entry) {
  const start = changelog.indexOf(`\n${UNRELEASED_HEADING}\n`);
  if (start < 0) throw new Error(`${CHANGELOG} has no "${UNRELEASED_HEADING}" section`);
  const from = start + UNRELEASED_HEADING.length + 2;
  const end = changelog.indexOf("\n## ", from);
  const rest = end < 0 ? "" : changelog.slice(end + 1);
  return `${changelog.slice(0, from)}\n${UNRELEASED_PLACEHOLDER}\n\n${entry}\n${rest ? `\n${rest}` : ""}`;
}
