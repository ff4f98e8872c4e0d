// The packages beside the main one (the MCP server, the contract checker, pcs) are released with it:
// the same version, and a dependency on exactly that version of @project-collaboration/api, which
// gives them the description they are built from. Each says what it is and ships only its bin and dist.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

const root = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));

describe.each(root.workspaces as string[])("the workspace %s", (workspace) => {
  const manifest = JSON.parse(readFileSync(`${repoRoot}${workspace}/package.json`, "utf8"));

  it("is released with the main package, on exactly its version", () => {
    expect(manifest.version).toBe(root.version);
    expect(manifest.dependencies["@project-collaboration/api"]).toBe(root.version);
    expect(manifest.engines).toEqual(root.engines);
    expect(manifest.license).toBe(root.license);
  });

  it("ships its command and compiled code only, with a README", () => {
    expect(manifest.files).toEqual(["bin/", "dist/"]);
    expect(Object.values(manifest.bin as Record<string, string>).every((bin) => bin.startsWith("bin/"))).toBe(true);
    expect(readFileSync(`${repoRoot}${workspace}/README.md`, "utf8").length).toBeGreaterThan(500);
  });
});
