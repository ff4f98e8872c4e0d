// The package's types: openapi-typescript's, generated from the bundle into generated/lib/schema.d.ts
// ("./schema.js" resolves there through tsconfig's rootDirs, and sits beside the compiled files in the
// package) — paths, operations, components, and one alias per schema under the schema's own name
// (its root-types options, see scripts/build/generate-types.mjs).
export type * from "./schema.js";
