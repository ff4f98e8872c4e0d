// Shapes the rendered reference for a reader: operations first, guides and appendix beside them.
//
// - Guides. Every `# Section` of info.description becomes a tag of its own with `x-traitTag: true`
//   (Redoc shows such a tag as a sidebar entry holding only its text). The text before the first
//   section stays as the landing text, so the reference starts on the first screen; the decorator ends
//   it with the version and a link to the changelog. Each code block of a guide is followed by a copy
//   button (raw HTML, which Redoc keeps; the page's console script, scripts/docs-page/console/, answers it).
// - Appendix. The root's `x-assumptions` (entry id → { title, text }) becomes the tag "Assumptions",
//   one `## <title>` entry per id, in the map's order: Redoc routes each heading as
//   `#/assumptions/<slug of the title>`, the anchor the markers link to. The Markdown of
//   source-notes.md (next to this file) becomes the tag "Source notes", and the package's CHANGELOG.md
//   the tag "Changelog" (offline, in the page; its links to repository files made absolute with the
//   repository named by package.json). They come last.
// - Markers. Every node marked `x-assumption: { <id>: [keywords…] }` gets, at the end of its
//   description, a line "**Assumption:** [title](#/assumptions/<slug>)". A media type object has no
//   description Redoc shows, so its marker goes to the object that owns its `content` (the response,
//   request body or parameter). Server objects and server variables show plain text only, so theirs is
//   plain text.
// - Operations. Who may call each, each status's cause and where its ids come from
//   (operation-facts.js), with links to its Markdown twin and llms.txt; the landing text says where the
//   Markdown is and names the issue tracker that Redoc would show as a bare "URL".
// - Sidebar groups. `x-tagGroups` from the `groups` option, then "Guides", then "Appendix" (Redoc shows
//   only the tags that are in a group; every tag must be in exactly one).
//
// Applied only to the `docs` API of redocly.yaml: generated/ stays the plain description.
import { readFileSync } from "node:fs";
import { markedNodes } from "../../scripts/lib/openapi.mjs";
import { renderOperationFacts } from "./operation-facts.js";
import { checkTagGroups } from "./tag-groups.js";

export const ASSUMPTIONS_TAG = "Assumptions";
export const SOURCE_NOTES_TAG = "Source notes";
export const CHANGELOG_TAG = "Changelog";

/** The button placed after each code block of a guide. */
export const COPY_BUTTON = '<button type="button" class="pcs-copy-code" aria-label="Copy the code above">Copy</button>';

/** Markdown with a copy button after each fenced code block. */
export function withCopyButtons(markdown) {
  const out = [];
  let fence = null;
  for (const line of String(markdown).split("\n")) {
    out.push(line);
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (!marker) continue;
    if (fence === null) fence = marker[0];
    else if (marker[0] === fence) {
      fence = null;
      out.push("", COPY_BUTTON);
    }
  }
  return out.join("\n");
}

/**
 * CHANGELOG.md as the appendix's "Changelog": without its `# ` title, its links to files of the
 * repository made absolute (the page is read away from the repository).
 */
export function changelogMarkdown(markdown, repositoryWeb) {
  return String(markdown)
    .replace(/^# .*\n+/, "")
    .replace(/\]\((?!https?:|#|mailto:)([^)\s]+)\)/g, (_, target) =>
      repositoryWeb ? `](${repositoryWeb}/blob/main/${target})` : `](${target})`,
    );
}

/** An entry's heading: its title without code marks (Redoc drops code spans from a heading's route). */
export const entryHeading = (title) => String(title).replace(/`/g, "").trim();

/** The route Redoc gives a heading of a tag's description: `#/<tag>/<heading>`, each slugged. */
export const slug = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' -]/gu, "")
    .trim()
    .replace(/\s+/g, "-");

/** The link target of an assumption's entry in the appendix (a route of Redoc's hash router). */
export const assumptionAnchor = (assumptions, id) => `#/${slug(ASSUMPTIONS_TAG)}/${slug(entryHeading(assumptions[id].title))}`;

/**
 * Splits Markdown at its level-1 headings (`# Title`), ignoring lines inside fenced code blocks.
 * Returns the text before the first heading and the sections, each { name, body }.
 */
export function splitSections(markdown) {
  const lines = String(markdown ?? "").split("\n");
  const intro = [];
  const sections = [];
  let fence = null;
  for (const line of lines) {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1][0];
      else if (line.trim().startsWith(fence)) fence = null;
    }
    const heading = fence === null && !opening ? /^# (.+?)\s*$/.exec(line) : null;
    if (heading) sections.push({ name: heading[1], lines: [] });
    else (sections.length ? sections[sections.length - 1].lines : intro).push(line);
  }
  const trim = (text) => text.replace(/^\s*\n/, "").replace(/\s+$/, "");
  return {
    intro: trim(intro.join("\n")),
    sections: sections.map(({ name, lines: body }) => ({ name, body: trim(body.join("\n")) + "\n" })),
  };
}

/** The appendix text of x-assumptions: one entry per id, each with its anchor, in the map's order. */
export function assumptionsMarkdown(assumptions) {
  const entries = Object.entries(assumptions ?? {});
  const routes = entries.map(([id]) => assumptionAnchor(assumptions, id));
  const clash = routes.find((route, i) => routes.indexOf(route) !== i);
  if (clash) throw new Error(`docs/reader: two x-assumptions entries would share the anchor ${clash}: give them different titles`);
  const intro =
    "Where the service's documentation leaves a point open, this reference makes one conventional choice, listed here. " +
    "Each place of the reference where a choice applies links to its entry.";
  return (
    intro +
    "\n\n" +
    entries
      .map(([id, { title, text }]) => {
        if (!title || !text) throw new Error(`docs/reader: x-assumptions.${id} needs a title and a text`);
        return `## ${entryHeading(title)}\n\n${String(text).trim()}`;
      })
      .join("\n\n") +
    "\n"
  );
}

/** "**Assumption:** [title](#/assumptions/…)": the visible label of a place that carries assumptions. */
export function assumptionLinks(assumptions, ids) {
  const label = ids.length === 1 ? "Assumption" : "Assumptions";
  return `**${label}:** ${ids.map((id) => `[${assumptions[id].title}](${assumptionAnchor(assumptions, id)})`).join(", ")}`;
}

/** Appends a paragraph to a description (creating it when absent). */
function appendParagraph(node, text) {
  node.description = node.description ? `${String(node.description).replace(/\s+$/, "")}\n\n${text}` : text;
}

/**
 * Adds the visible markers to every node the toolkit's markedNodes finds; its `path` (keys from the
 * root) tells media types (inside `content`) and servers apart.
 */
export function addAssumptionMarkers(document) {
  const assumptions = document["x-assumptions"] ?? {};
  const problems = [];
  let count = 0;
  for (const { node, path, marker } of markedNodes(document)) {
    if (!marker || typeof marker !== "object") continue;
    const ids = Object.keys(marker);
    const unknown = ids.filter((id) => !assumptions[id]);
    if (unknown.length) problems.push(`${path.join(".")}: x-assumption names no entry of x-assumptions: ${unknown.join(", ")}`);
    const known = ids.filter((id) => assumptions[id]);
    if (!known.length) continue;
    const inServers = path.includes("servers");
    const text = inServers
      ? `${known.length === 1 ? "Assumption" : "Assumptions"}: ${known.map((id) => assumptions[id].title.replace(/`/g, "")).join("; ")} (see Appendix, ${ASSUMPTIONS_TAG}).`
      : assumptionLinks(assumptions, known);
    // A media type object (a value of a `content` map): the marker goes to the content's owner.
    // (A schema property named `content` is not a content map: its parent key is `properties`.)
    const inContent = path.length >= 3 && path[path.length - 2] === "content" && path[path.length - 3] !== "properties";
    const target = inContent ? path.slice(0, -2).reduce((at, key) => at[key], document) : node;
    appendParagraph(target, text);
    count++;
  }
  if (problems.length) throw new Error(`docs/reader: ${problems.join("; ")}`);
  return count;
}

/** Moves the guide sections of info.description to trait tags; returns their names. */
export function moveGuidesToTags(document) {
  const { intro, sections } = splitSections(document.info?.description);
  if (!document.info) document.info = {};
  document.info.description = intro + "\n";
  const names = [];
  document.tags = document.tags ?? [];
  for (const { name, body } of sections) {
    if (document.tags.some((tag) => tag.name === name)) throw new Error(`docs/reader: guide section "${name}" has the name of a tag`);
    document.tags.push({ name, description: withCopyButtons(body), "x-traitTag": true });
    names.push(name);
  }
  return names;
}

/** The landing text's version line: the version and where its changes are listed (the appendix's changelog). */
export function versionLine(document) {
  return `**Version ${document.info.version}.** What changed in each version: [changelog](#/${slug(CHANGELOG_TAG)}).`;
}

/**
 * The overview's links, each saying what it is: where the reference is as Markdown, for assistants and
 * tools, and the issue tracker of this description (`info.contact.url`, which shapeForReader then
 * removes: Redoc shows it under the bare label "URL", which reads as the API's address).
 */
export function landingLinks(document) {
  const lines = [
    'For assistants and tools, this reference as Markdown: <a href="./llms.txt">llms.txt</a> (an index) and <a href="llms-full.txt">llms-full.txt</a> (everything in one file); each operation links its own page.',
  ];
  const tracker = document.info.contact?.url;
  if (tracker) lines.push(`Questions and reports about this reference (not the service): [its issue tracker](${tracker}).`);
  return lines.join("\n\n");
}

export function shapeForReader(document, { groups, guides, appendix, sourceNotes, changelog }) {
  const guideTags = moveGuidesToTags(document);
  document.info.description = `${document.info.description.trimEnd()}\n\n${landingLinks(document)}\n`;
  if (document.info.contact?.url) delete document.info.contact; // named by the landing text instead
  if (changelog) document.info.description = `${document.info.description.trimEnd()}\n\n${versionLine(document)}\n`;
  if (document["x-assumptions"]) renderOperationFacts(document, { label: (ids) => assumptionLinks(document["x-assumptions"], ids), slug });
  addAssumptionMarkers(document);
  const appendixTags = [];
  if (document["x-assumptions"]) {
    document.tags.push({ name: ASSUMPTIONS_TAG, description: assumptionsMarkdown(document["x-assumptions"]), "x-traitTag": true });
    appendixTags.push(ASSUMPTIONS_TAG);
  }
  if (sourceNotes) {
    document.tags.push({ name: SOURCE_NOTES_TAG, description: sourceNotes, "x-traitTag": true });
    appendixTags.push(SOURCE_NOTES_TAG);
  }
  if (changelog) {
    document.tags.push({ name: CHANGELOG_TAG, description: changelog, "x-traitTag": true });
    appendixTags.push(CHANGELOG_TAG);
  }
  const all = [
    ...groups.map(({ name, tags }) => ({ name, tags: [...tags] })),
    ...(guideTags.length ? [{ name: guides, tags: guideTags }] : []),
    ...(appendixTags.length ? [{ name: appendix, tags: appendixTags }] : []),
  ];
  checkTagGroups(document, all);
  document["x-tagGroups"] = all;
}

/** The Markdown of the source notes, kept beside this plugin. */
export function readSourceNotes() {
  return readFileSync(new URL("./source-notes.md", import.meta.url), "utf8");
}

/** The web address of package.json's repository (a GitHub URL), where the changelog's relative links lead. */
export function repositoryWeb(packageJson) {
  const repository = typeof packageJson.repository === "string" ? packageJson.repository : packageJson.repository?.url;
  if (!repository) return undefined;
  return repository
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/^git:\/\//, "https://");
}

/** The Redocly decorator: `docs/reader: { groups: [{ name, tags }], guides, appendix }` in redocly.yaml. */
export function Reader({ groups, guides = "Guides", appendix = "Appendix" }) {
  const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  const changelog = changelogMarkdown(readFileSync(new URL("../../CHANGELOG.md", import.meta.url), "utf8"), repositoryWeb(packageJson));
  if (!Array.isArray(groups) || groups.length === 0) throw new Error("docs/reader needs a non-empty groups option");
  return {
    Root: {
      leave(document) {
        shapeForReader(document, { groups, guides, appendix, changelog, sourceNotes: readSourceNotes() });
      },
    },
  };
}
