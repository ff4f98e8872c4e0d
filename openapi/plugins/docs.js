// Redocly plugin for the rendered reference (docs/index.html). Its decorators are switched on only for
// the `docs` API of redocly.yaml, so the bundle in generated/ — what Prism, openapi-typescript and the
// tests read — stays exactly the description.
import { CodeSamples } from "./code-samples.js";
import { Reader } from "./reader.js";
import { TagGroups } from "./tag-groups.js";

export default function docsPlugin() {
  return {
    id: "docs",
    decorators: {
      oas3: {
        "code-samples": CodeSamples,
        "tag-groups": TagGroups,
        reader: Reader,
      },
    },
  };
}
