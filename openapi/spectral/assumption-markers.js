// Spectral custom function: the description's assumptions are data (the root `x-assumptions` map, one
// entry per choice the interface leaves open) and every place that carries one is marked
// `x-assumption: { <entry>: [keywords] }`. Consumers rely on that link (they read markers with scripts/lib/openapi.mjs): scripts/build/documented-only.mjs
// removes the listed keywords to build the documented-only bundle, the contract suite names the entry a
// failed check rests on, the docs link each marker to its entry. So a marker must name an entry, list
// keywords its node really has, and every entry must be marked somewhere (an entry nobody marks is a
// choice that nothing downstream can relax or report).
//
// Keywords: any key of the marked node, or `status` on a response object (the status code under which
// operations list that response is itself the assumption; the documented-only bundle drops it).
import { markedNodes } from "../../scripts/lib/openapi.mjs";

export default function assumptionMarkers(document, _options, context) {
  const results = [];
  const entries = document?.["x-assumptions"];
  if (!entries || typeof entries !== "object") {
    return [{ message: "The root has no `x-assumptions` map: the list of the description's assumptions is missing.", path: [] }];
  }
  const marked = new Set();
  for (const { node, path, marker } of markedNodes(document, { path: [...context.path] })) {
    const at = [...path, "x-assumption"];
    if (!marker || typeof marker !== "object" || Array.isArray(marker) || Object.keys(marker).length === 0) {
      results.push({ message: "`x-assumption` must map at least one entry of `x-assumptions` to the keywords it relaxes.", path: at });
      continue;
    }
    const isResponse = path.length === 3 && path[0] === "components" && path[1] === "responses";
    for (const [entry, keywords] of Object.entries(marker)) {
      if (!Object.hasOwn(entries, entry)) {
        results.push({
          message: `\`x-assumption\` names "${entry}", which is no entry of the root's \`x-assumptions\`.`,
          path: [...at, entry],
        });
        continue;
      }
      marked.add(entry);
      if (!Array.isArray(keywords) || keywords.some((k) => typeof k !== "string")) {
        results.push({
          message: `\`x-assumption.${entry}\` must be a list of keywords (empty to mark without relaxing).`,
          path: [...at, entry],
        });
        continue;
      }
      for (const keyword of keywords) {
        const present = keyword === "status" ? isResponse : Object.hasOwn(node, keyword);
        if (!present)
          results.push({ message: `\`x-assumption.${entry}\` lists "${keyword}", which this node does not have.`, path: [...at, entry] });
      }
    }
  }
  for (const entry of Object.keys(entries)) {
    if (!marked.has(entry))
      results.push({
        message: `Assumption "${entry}" is marked nowhere: mark the places it applies to, or remove the entry.`,
        path: ["x-assumptions", entry],
      });
    const value = entries[entry];
    if (typeof value?.title !== "string" || typeof value?.text !== "string") {
      results.push({ message: `Assumption "${entry}" needs a \`title\` and a \`text\`.`, path: ["x-assumptions", entry] });
    }
  }
  return results;
}
