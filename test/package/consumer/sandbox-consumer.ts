// A consumer of the packed package's in-process sandbox ("@project-collaboration/api/sandbox"):
// type-checked with moduleResolution bundler and node16, then run by test/package/packed.test.ts. No
// server and no port: the client's requests go to sandbox.fetch. It prints one JSON line of what it saw.
import { ApiError, collectAll, createClient, unwrap } from "@project-collaboration/api";
import { createSandbox, DEFAULT_API_KEYS, exampleSeed, type Sandbox, type SandboxSeed } from "@project-collaboration/api/sandbox";

const seed: SandboxSeed = exampleSeed();
const sandbox: Sandbox = createSandbox({ seed, apiKeys: { ...DEFAULT_API_KEYS, "consumer-key": 1001 } });
const client = createClient({ baseUrl: "https://sandbox.invalid/public/api", apiKey: "consumer-key", fetch: sandbox.fetch });

const created = unwrap(await client.POST("/projects.json", { body: { name: "From the tarball" } }));
const titles = (await collectAll(client, "/projects.json", { params: { query: { limit: 1 } } })).map((p) => p.title);
unwrap(await client.DELETE("/projects/{project_id}.json", { params: { path: { project_id: created.id } } }));
let afterDelete: number | undefined;
try {
  unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: created.id } } }));
} catch (error) {
  if (error instanceof ApiError) afterDelete = error.status;
}
const invalid = await client.GET("/projects.json", { params: { query: { limit: 0 } } });
sandbox.reset();

console.log(
  JSON.stringify({
    created: created.title,
    titles,
    afterDelete,
    invalid: { status: invalid.response.status, pointer: invalid.error?.errors?.[0]?.pointer },
    afterReset: unwrap(await client.GET("/projects.json")).length,
  }),
);

// Never called: the sandbox's options are typed in the consumer's resolution mode too.
export function wrongOptions() {
  // @ts-expect-error — apiKeys map a key to an account id
  createSandbox({ apiKeys: { key: "1001" } });
}
