// Adds `x-tagGroups` (the sidebar's groups of tags) from redocly.yaml, and refuses a grouping that would
// hide a tag: Redoc shows only the tags that belong to a group, so every tag must be in exactly one.

export function checkTagGroups(document, groups) {
  const tags = (document.tags ?? []).map((tag) => tag.name);
  const grouped = groups.flatMap((group) => group.tags);
  const problems = [
    ...tags.filter((tag) => !grouped.includes(tag)).map((tag) => `tag "${tag}" is in no group and would not be shown`),
    ...grouped.filter((tag) => !tags.includes(tag)).map((tag) => `group tag "${tag}" is not a tag of the description`),
    ...grouped.filter((tag, i) => grouped.indexOf(tag) !== i).map((tag) => `tag "${tag}" is in more than one group`),
  ];
  if (problems.length) throw new Error(`docs/tag-groups: ${problems.join("; ")}`);
}

/** The Redocly decorator: `docs/tag-groups: { groups: [{ name, tags: [...] }] }` in redocly.yaml. */
export function TagGroups({ groups }) {
  if (!Array.isArray(groups) || groups.length === 0) throw new Error("docs/tag-groups needs a non-empty groups option");
  return {
    Root: {
      leave(document) {
        checkTagGroups(document, groups);
        document["x-tagGroups"] = groups.map(({ name, tags }) => ({ name, tags: [...tags] }));
      },
    },
  };
}
