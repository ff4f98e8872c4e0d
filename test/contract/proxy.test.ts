// `npm run contract:proxy -- <upstream>`: Prism as a validating proxy in front of a server. Checked
// against a tiny upstream on 127.0.0.1 that answers right for one group and wrong for another: the
// right answer passes through untouched, the wrong one becomes an error that names the violations, and
// requests the description forbids never reach the upstream. Prism is started with the flags of the
// npm script itself (on a free port), so the script and this test cannot drift apart.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuthorization } from "../support/http.js";
import { repoRoot } from "../support/openapi.js";
import { startPrism, type RunningPrism } from "../support/prism.js";

const script: string = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).scripts["contract:proxy"];
// scripts/prism.mjs checks the port and the upstream, then runs `prism <mode> <arguments>` as given.
const [command, mode, ...scriptArgs] = script.replace(/^node scripts\/prism\.mjs /, "prism ").split(/\s+/);

const GOOD_GROUP = { id: 2, name: "Editor", description: "Can edit projects and assets." };
const BAD_GROUP = { id: "three", name: "Viewer" }; // id not an integer, description missing

let upstream: Server;
let upstreamUrl: string;
const seen: Array<{ url: string; authorization?: string }> = [];
let proxy: RunningPrism;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    seen.push({ url: request.url!, authorization: request.headers.authorization });
    const body = request.url === "/groups/2.json" ? GOOD_GROUP : request.url === "/groups/3.json" ? BAD_GROUP : undefined;
    response.writeHead(body ? 200 : 404, { "content-type": body ? "application/json" : "application/problem+json" });
    response.end(JSON.stringify(body ?? { title: "Not Found", status: 404 }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const flags = scriptArgs.filter((arg) => arg !== "generated/openapi.json");
  proxy = await startPrism("proxy", { args: [upstreamUrl, ...flags] });
});

afterAll(async () => {
  await proxy?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

const get = (path: string, authorization: string | null = basicAuthorization("proxy-test-key")) =>
  fetch(`${proxy.url}${path}`, { headers: authorization ? { authorization } : {} });

describe("npm run contract:proxy (Prism validating proxy)", () => {
  it("is `prism proxy` on the bundle with --errors", () => {
    expect([command, mode]).toEqual(["prism", "proxy"]);
    expect(scriptArgs).toEqual(expect.arrayContaining(["--errors", "generated/openapi.json"]));
  });

  it("passes a response that follows the description through unchanged, credential forwarded", async () => {
    const response = await get("/groups/2.json");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(GOOD_GROUP);
    expect(seen.find((s) => s.url === "/groups/2.json")?.authorization).toBe(basicAuthorization("proxy-test-key"));
  });

  it("turns a response that breaks the description into a 500 naming each violation", async () => {
    const response = await get("/groups/3.json");
    expect(response.status).toBe(500);
    const problem = (await response.json()) as { title: string; validation: Array<{ location: string[]; code: string }> };
    expect(problem.title).toMatch(/not valid/);
    expect(problem.validation.map((v) => `${v.location.join(".")} ${v.code}`).sort()).toEqual(["response.body required", "response.body.id type"]);
    expect(response.headers.get("sl-violations")).toContain("description");
  });

  it("refuses a request the description forbids without sending it upstream", async () => {
    const before = seen.length;
    const badId = await get("/groups/abc.json");
    // Prism's proxy answers invalid requests itself with 422 (the mock would send the described 400).
    expect(badId.status).toBe(422);
    const noCredential = await get("/groups/2.json", null);
    expect(noCredential.status).toBe(401);
    expect(seen.length).toBe(before);
  });
});
