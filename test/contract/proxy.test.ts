// `npm run contract:proxy -- [--level documented] <upstream>`: Prism as a validating proxy in front of a
// server. Checked against a tiny upstream on 127.0.0.1 that answers right for one group and wrong for
// another: the right answer passes through untouched, the wrong one becomes an error that names the
// violations, and requests the description forbids never reach the upstream. At the documented level,
// an error body the documentation allows (a 404 with {"error":"Not found"}) passes through; at the full
// level it is a violation of the problem-body assumption. Prism is started with the documents and flags
// of scripts/servers/contract-proxy.mjs (on a free port).
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuthorization } from "../support/http.js";
import { repoRoot } from "../support/openapi.js";
import { startPrism, type RunningPrism } from "../support/prism.js";

const script: string = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).scripts["contract:proxy"];
const launcher = readFileSync(`${repoRoot}scripts/servers/contract-proxy.mjs`, "utf8");

const GOOD_GROUP = { id: 2, name: "Editor", description: "Can edit projects and assets." };
const BAD_GROUP = { id: "three", name: "Viewer" }; // id not an integer, description missing

let upstream: Server;
let upstreamUrl: string;
/** Another server on this machine, which a redirect of the upstream points to: it must hear nothing. */
let elsewhere: Server;
const heardElsewhere: string[] = [];
const seen: Array<{ url: string; authorization?: string }> = [];
let proxy: RunningPrism;
let documentedProxy: RunningPrism;

beforeAll(async () => {
  elsewhere = createServer((request, response) => {
    heardElsewhere.push(`${request.url} ${request.headers.authorization ?? ""}`);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(GOOD_GROUP));
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  const elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  upstream = createServer((request, response) => {
    seen.push({ url: request.url!, authorization: request.headers.authorization });
    if (request.url === "/groups/5.json") {
      response.writeHead(307, { location: `${elsewhereUrl}/groups/2.json` });
      return void response.end();
    }
    const body = request.url === "/groups/2.json" ? GOOD_GROUP : request.url === "/groups/3.json" ? BAD_GROUP : undefined;
    // A plausible real server's 404: plain JSON, not a problem object.
    const notFound = request.url === "/groups/4.json" ? { error: "Not found" } : { title: "Not Found", status: 404 };
    response.writeHead(body ? 200 : 404, {
      "content-type": body || request.url === "/groups/4.json" ? "application/json" : "application/problem+json",
    });
    response.end(JSON.stringify(body ?? notFound));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  [proxy, documentedProxy] = await Promise.all([
    startPrism("proxy", { args: [upstreamUrl, "--errors"] }),
    startPrism("proxy", { document: `${repoRoot}generated/openapi.documented.json`, args: [upstreamUrl, "--errors"] }),
  ]);
});

afterAll(async () => {
  await Promise.all([proxy?.stop(), documentedProxy?.stop()]);
  await new Promise((resolve) => upstream?.close(resolve));
  await new Promise((resolve) => elsewhere?.close(resolve));
});

const get = (path: string, authorization: string | null = basicAuthorization("proxy-test-key"), via: RunningPrism = proxy) =>
  fetch(`${via.url}${path}`, { headers: authorization ? { authorization } : {} });

describe("npm run contract:proxy (Prism validating proxy)", () => {
  it("is `prism proxy --errors` on the documented-only bundle by default (as the checker's level), or on the full one with --level full", () => {
    expect(script).toBe("node scripts/servers/contract-proxy.mjs");
    expect(launcher).toContain('process.env.PCS_CONFORMANCE?.trim() || "documented"');
    expect(launcher).toContain('"proxy", "--errors", DOCUMENTS[level]');
    expect(launcher).toContain('full: "generated/openapi.json", documented: "generated/openapi.documented.json"');
  });

  it("full level: a 404 whose body is not a problem object breaks the problem-body assumption (500)", async () => {
    const response = await get("/groups/4.json");
    expect(response.status).toBe(500);
  });

  it("documented level: the same 404 passes through untouched, body included", async () => {
    const response = await get("/groups/4.json", basicAuthorization("proxy-test-key"), documentedProxy);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("documented level: a response that breaks a documented fact is still a 500", async () => {
    const response = await get("/groups/3.json", basicAuthorization("proxy-test-key"), documentedProxy);
    expect(response.status).toBe(500);
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
    expect(problem.validation.map((v) => `${v.location.join(".")} ${v.code}`).sort()).toEqual([
      "response.body required",
      "response.body.id type",
    ]);
    expect(response.headers.get("sl-violations")).toContain("description");
  });

  it("never follows a redirect of the server: the caller gets a 502 problem, the other server hears nothing", async () => {
    const response = await get("/groups/5.json");
    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(heardElsewhere).toEqual([]);
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
