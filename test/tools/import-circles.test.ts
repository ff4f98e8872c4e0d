// No circle of imports in any hand-written script: src/, cli/, mcp/, contract/, scripts/, test/, bench/,
// openapi/plugins/ — every file git tracks that no build writes. A circle makes what loads first depend
// on which module a program happens to enter by, and ties files together that a reader should be able
// to read one at a time: types that several files share go in a file of their own.
//
// Type-only imports (`import type`) count too, though they vanish from the JavaScript: a type-only
// circle still means neither file can be read or moved without the other, and it is one edit (a type
// that turns into a value) away from a circle that runs. Dynamic `import()` counts as well: it only
// delays the circle.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { handWrittenModules, importCircles, importGraph } from "../support/import-circles.js";

const root = new URL("../..", import.meta.url).pathname;

describe("import circles", () => {
  it("there is none among the repository's hand-written modules", () => {
    const modules = handWrittenModules(root);
    expect(modules).toContain("cli/src/main.ts");
    expect(modules).toContain("openapi/plugins/try-it.js");
    expect(modules.some((file) => file.startsWith("generated/"))).toBe(false);
    const circles = importCircles(importGraph(root, modules)).map(
      ({ modules, path }) => `${modules.join(", ")} import one another, e.g. ${path.join(" → ")}`,
    );
    expect(circles).toEqual([]);
  });

  it("finds a circle through a type-only import, a dynamic import, a re-export and a built package", () => {
    // A package of its own, laid out as this one: src/ built into generated/lib/, which its name exports.
    const folder = mkdtempSync(join(tmpdir(), "pcs-circles-"));
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "circle-fixture", type: "module", exports: { ".": "./generated/lib/index.js" } }),
      "generated/lib/index.js": 'export { a } from "./a.js";\n',
      "generated/lib/a.js": "export const a = 1;\n",
      "src/index.ts": 'export { a } from "./a.js";\n',
      "src/a.ts": 'import type { B } from "./b.js";\nexport const a: B = 1;\n',
      "src/b.ts": 'export type B = number;\nexport const later = () => import("./c.js");\n',
      "src/c.ts": 'import { a } from "circle-fixture";\nexport const c = a;\n',
      "src/outside.ts": 'import { c } from "./c.js";\nexport const outside = c;\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), text);
    }
    const graph = importGraph(folder, ["src/index.ts", "src/a.ts", "src/b.ts", "src/c.ts", "src/outside.ts"]);
    rmSync(folder, { recursive: true });
    expect(importCircles(graph)).toEqual([
      {
        modules: ["src/a.ts", "src/b.ts", "src/c.ts", "src/index.ts"],
        path: ["src/a.ts", "src/b.ts", "src/c.ts", "src/index.ts", "src/a.ts"],
      },
    ]);
  });
});
