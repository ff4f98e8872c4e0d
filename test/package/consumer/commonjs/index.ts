// A CommonJS consumer (this folder's package.json says "type": "commonjs", as `npm init -y` writes). It
// compiles to require("@project-collaboration/api") of this ES module package: Node.js 20.19+ and
// 22.12+ load it, TypeScript 5.8+ accepts it under module nodenext. CommonJS has no top-level await,
// so the calls are in an async function. test/package/packed.test.ts runs it against the mock.
import { createClient, unwrap, type Project } from "@project-collaboration/api";

async function main(): Promise<void> {
  const client = createClient({ baseUrl: process.env.PCS_BASE_URL!, apiKey: process.env.PCS_API_KEY! });
  const project: Project = unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: 48213 } } }));
  const moduleSystem = typeof require === "function" && typeof module === "object" ? "commonjs" : "esm";
  console.log(JSON.stringify({ moduleSystem, projectId: project.id, createClient: typeof createClient }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
