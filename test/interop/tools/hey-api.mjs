// @hey-api/openapi-ts, installed in this folder (package.json here), for the benchmarks' peer SDK
// (bench/peer/generate.mjs): a module outside this folder cannot name it, since Node resolves a package
// from the importing file's folder upwards.
export { createClient } from "@hey-api/openapi-ts";
