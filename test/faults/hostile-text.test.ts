// Issue 34: the client against a server written to break what prints its answers
// (test/support/hostile-server.ts). An error's ApiError — its message, its problem, its response's
// status text and headers — holds no form of the key the server echoed (raw, percent-encoded in
// either hex case, the Basic token as user name and as password, encoded too), and its message shows
// the service's escape sequences as text; a status line no Response can hold (an escape, a character
// beyond Latin-1) is still an ApiError, or data, never a TypeError.
import { inspect } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiError, createClient, unwrap } from "../../src/index.js";
import { type HostileServer, keyForms, startHostileServer, UNSAFE_CHARACTER } from "../support/hostile-server.js";

const KEY = "client+live/Zq8=canary~5d1e";
let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server?.close());

const client = () => createClient({ baseUrl: `${server.url}/hostile/public/api`, apiKey: KEY, retry: false });

it("an ApiError holds no form of the key, and its message nothing a terminal acts on", async () => {
  const error = await client()
    .GET("/projects/{project_id}.json", { params: { path: { project_id: 404 } } })
    .then(unwrap, (thrown: unknown) => thrown)
    .catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.message).toMatch(/^GET \/projects\/\{project_id\}\.json failed with status 404: Not Found \\u001b\[2J/);
  expect(apiError.message).not.toMatch(UNSAFE_CHARACTER);
  // problem keeps the service's words as they came, the key's forms apart.
  expect(apiError.problem?.title).toContain(String.fromCharCode(0x1b));
  const everything = [
    apiError.message,
    inspect(apiError, { depth: 10 }),
    JSON.stringify(apiError.problem),
    apiError.response.statusText,
    JSON.stringify([...apiError.response.headers]),
  ].join("\n");
  for (const form of keyForms(KEY)) expect(everything.includes(form), form).toBe(false);
  expect(everything).toContain("[REDACTED]");
});

it("a success whose status line holds an escape and the key is data, read through the client's counted copy", async () => {
  const { data, response } = await client().GET("/projects.json");
  expect(response.ok).toBe(true);
  expect((data as unknown[]).length).toBe(2);
});
