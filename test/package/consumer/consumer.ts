// A consumer of the packed package: type-checked with moduleResolution bundler and node16, then run
// against the mock by test/package/packed.test.ts. It prints one JSON line of what it observed.
import { readFileSync } from "node:fs";
import { wrapAsPathBasedClient, type Client, type MethodResponse } from "openapi-fetch";
import {
  ApiError,
  collectAll,
  createClient,
  paginate,
  PACKAGE_VERSION,
  unwrap,
  type ApiClient,
  type Group,
  type paths,
  type Project,
  type ProjectFile,
} from "@project-collaboration/api";

const client: ApiClient = createClient({ baseUrl: process.env.PCS_BASE_URL!, apiKey: process.env.PCS_API_KEY! });

const project: Project = unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: 48213 } } }));
const projects: Project[] = await collectAll(client, "/projects.json");
const files: ProjectFile[] = [];
for await (const file of paginate(client, "/v1/projects/{project_id}/files.json", { params: { path: { project_id: 48213 } } })) {
  files.push(file);
}
const groups: Group[] = unwrap(await client.GET("/groups.json"));

// The client is an openapi-fetch client: its helpers and helper types take it, and parseAs types data.
const asClient: Client<paths> = client;
const byPath = wrapAsPathBasedClient(client);
const groupsByPath: Group[] | undefined = (await byPath["/groups.json"].GET()).data;
const listed: MethodResponse<typeof client, "get", "/projects.json"> = projects;
const groupsText: string = unwrap(await client.GET("/groups.json", { parseAs: "text" }));
const updated = unwrap(
  await client.PATCH("/projects/{project_id}.json", { params: { path: { project_id: 48213 } }, body: { name: "Renamed" } }),
);

let notFound: ApiError | undefined;
try {
  unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: 1 } }, headers: { Prefer: "code=404" } }));
} catch (error) {
  if (error instanceof ApiError) notFound = error;
}

// The package's other entry points resolve through its exports map.
const description = JSON.parse(readFileSync(new URL(import.meta.resolve("@project-collaboration/api/openapi.json")), "utf8"));
const yaml = readFileSync(new URL(import.meta.resolve("@project-collaboration/api/openapi.yaml")), "utf8");
const manifest = JSON.parse(readFileSync(new URL(import.meta.resolve("@project-collaboration/api/package.json")), "utf8"));

console.log(
  JSON.stringify({
    projectId: project.id,
    projects: projects.length,
    files: files.length,
    groups: groups.length,
    interop: { asClient: typeof asClient.GET, groupsByPath: groupsByPath?.length, listed: listed.length, groupsText: typeof groupsText },
    updated: updated === undefined,
    notFound: notFound && { status: notFound.status, operation: notFound.operation, title: notFound.problem?.title },
    version: PACKAGE_VERSION,
    descriptionVersion: description.info.version,
    yamlStartsWithOpenapi: yaml.startsWith("openapi:"),
    manifestVersion: manifest.version,
  }),
);

// Never called: proves the types are real (not `any`) in the consumer's resolution mode too.
export async function wrongCode() {
  // @ts-expect-error — no such path
  await client.GET("/no-such-path.json");
  // @ts-expect-error — an unknown body property
  await client.POST("/projects.json", { body: { name: "x", colour: "red" } });
  // @ts-expect-error — parsed as text, the data is a string
  const notGroups: Group[] = unwrap(await client.GET("/groups.json", { parseAs: "text" }));
  void notGroups;
  // @ts-expect-error — groups are not paginated
  paginate(client, "/groups.json");
}
