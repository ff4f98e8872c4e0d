// Spectral custom function: every operation says who may call it (`x-who-may-call`, each rule either
// the service's own words or a marked assumption), what causes each status it declares
// (`x-status-causes`, one per response, none for a status it lacks) and where each id it takes comes
// from (`x-id-sources`, naming operations that return an `id`). The reference, its Markdown, the MCP
// tools and `pcs --help` render these; the checks themselves live in the toolkit beside the reader.
import { operationFactsProblems } from "../../scripts/lib/openapi.mjs";

export default function operationFacts(document) {
  return operationFactsProblems(document);
}
