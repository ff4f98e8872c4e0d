// The repository's two TypeScript compilers, by path: both packages name their command `tsc`, so which
// one node_modules/.bin/tsc links to depends on the order npm installed them in.
//   TypeScript 7 (the package `typescript-7`, an npm alias): the build and every type check, the
//     compiler `npm install typescript` gives users now. Native, several times faster.
//   TypeScript 5.9 (the package `typescript`): its compiler API, which TypeScript 7's package does not
//     have, is what openapi-typescript and scripts/build/generate-types.mjs use; the benchmarks'
//     type-check figures are taken with it too.
const root = new URL("../..", import.meta.url).pathname;

/** TypeScript 7's command line (run it with `node`). */
export const TSC = `${root}node_modules/typescript-7/bin/tsc`;

/** TypeScript 5.9's command line (run it with `node`). */
export const TSC_5 = `${root}node_modules/typescript/bin/tsc`;
