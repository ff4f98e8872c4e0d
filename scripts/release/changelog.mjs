// CHANGELOG.md: one entry per release, newest first, each a human summary followed by the classified
// changes, operation by operation, breaking first; documentation-only changes in one line per operation
// (what kinds of change, how many), since their every place is in the description's own diff. The summary is written by a person under
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

/** "description changed", "x-assumption added": the kind of a change's text, without where it is. */
const kindOf = (text) => {
  const plain = text.replace(/ from .*$/, "").replace(/`/g, "");
  return /([^\s.]+) (added|removed|changed|renamed)$/.exec(plain)?.slice(1, 3).join(" ") ?? plain;
};

/**
 * The changes of one classification as a list: one item per operation, one sub-item per change; or,
 * with `collapse`, one line per operation naming the kinds of change and their number.
 */
export function byOperation(changes, { collapse = false } = {}) {
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
    if (collapse) return `- ${name}: ${[...new Set([...lines].map(kindOf))].sort().join(", ")} (${lines.size} changes)`;
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
      if (some.length > 0) parts.push(`### ${title}\n\n${byOperation(some, { collapse: classification === "annotation" }).join("\n")}`);
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
