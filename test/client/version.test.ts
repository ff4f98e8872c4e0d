// One version everywhere: package.json, the description's info.version, the User-Agent constant in
// src/ and the compiled one in generated/lib/. And generated/lib/ holds exactly what src/ compiles to.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PACKAGE_VERSION } from "../../src/index.js";
import { openapi, repoRoot } from "../support/openapi.js";

const packageJson = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));

describe("version", () => {
  it("is valid semver", () => {
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  });

  it("info.version of the description equals package.json's", () => {
    expect(openapi.info.version).toBe(packageJson.version);
  });

  it("the User-Agent's version equals package.json's, in src/ and in the compiled lib", async () => {
    expect(PACKAGE_VERSION).toBe(packageJson.version);
    const compiled = await import(`${repoRoot}generated/lib/version.js`);
    expect(compiled.PACKAGE_VERSION).toBe(packageJson.version);
  });
});

describe("generated/lib", () => {
  it("holds the compiled src/ modules and the generated schema, nothing stale", () => {
    // src/sandbox/ included; beside it, what scripts/build/build-sandbox.mjs writes for it.
    const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => f.split("\\").join("/"));
    const modules = files(`${repoRoot}src`)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.replace(/\.ts$/, ""));
    const generatedForSandbox = ["description", "request-validators"].map((m) => `sandbox/${m}`);
    const expected = [...modules, ...generatedForSandbox]
      .flatMap((m) => [`${m}.js`, `${m}.d.ts`])
      .concat("schema.d.ts", "calls.d.ts")
      .sort();
    const built = files(`${repoRoot}generated/lib`).filter((f) => /\.(js|ts)$/.test(f));
    expect(built.sort()).toEqual(expected);
  });

  it("every file is in the package's files whitelist and the entry points at it", () => {
    expect(packageJson.files).toContain("generated/lib/");
    expect(packageJson.exports["."]).toEqual({ types: "./generated/lib/index.d.ts", default: "./generated/lib/index.js" });
    expect(Object.keys(packageJson.exports["."])[0]).toBe("types");
  });
});
