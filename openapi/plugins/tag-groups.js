// The check behind the sidebar's groups of tags (`x-tagGroups`, set by reader.js): Redoc shows only
// the tags that belong to a group, so every tag must be in exactly one, and a group names only tags.

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
