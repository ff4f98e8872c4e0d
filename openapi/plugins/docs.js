// Redocly plugin for the rendered reference (docs/index.html). Its decorators are switched on only for
// the `docs` API of redocly.yaml, so the bundle in generated/ — what Prism, openapi-typescript and the
// tests read — stays exactly the description.
//   docs/code-samples  x-codeSamples: curl and TypeScript for every operation (code-samples.js)
//   docs/reader        guides, the appendix of assumptions and source notes, assumption markers,
//                      x-tagGroups (reader.js; the grouping check is tag-groups.js)
//   docs/try-it        a "Try it" button on every operation, opening the page's console (try-it.js)
import { CodeSamples } from "./code-samples.js";
import { Reader } from "./reader.js";
import { TryIt } from "./try-it.js";

export default function docsPlugin() {
  return {
    id: "docs",
    decorators: {
      oas3: {
        "code-samples": CodeSamples,
        reader: Reader,
        "try-it": TryIt,
      },
    },
  };
}
