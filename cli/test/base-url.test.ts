// pcs and the base URL (issue 59): one configuration works against the service and the local servers,
// which answer under /public/api as it does (here the run's shared mock, behind the Prism guard); a 404
// says which path would work — the local server's own answer names it, and pcs asks about the base URL
// when it does not end in /public/api and the answer does not say.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../test/support/listen.js";
import { MOCK_API_KEY, target } from "../../test/support/target.js";
import { pcs } from "./pcs.js";

const env = { PCS_API_KEY: MOCK_API_KEY };
let plain: { url: string; close(): Promise<void> };

beforeAll(async () => {
  // A server that knows nothing of the API: every path a bare 404, as a misaddressed web server answers.
  const server = createServer((_request, response) => response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>"));
  plain = await listenOnLoopback(server);
});
afterAll(() => plain?.close());

describe("pcs --base-url", () => {
  it("works against the mock under /public/api, as against the service", async () => {
    const result = await pcs(["--base-url", `${target().baseUrl}/public/api`, "groups", "list", "--fields", "id"], { env });
    expect([result.code, result.err]).toEqual([0, ""]);
    expect(JSON.parse(result.out).length).toBeGreaterThan(0);
  });

  it("a wrong path on the mock: its answer names the paths that work, and not Prism's own words", async () => {
    const result = await pcs(["--base-url", `${target().baseUrl}/api`, "groups", "list"], { env });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      "pcs: groups list: 404 Not Found: No operation of the description has the path /api/groups.json. This server answers the description's paths under /public/api as the service does (e.g. /public/api/projects.json), and at its root too (/projects.json).",
    );
  });

  it("a bare 404 from a base URL that does not end in /public/api: pcs asks about the base URL, naming the one to try", async () => {
    const origin = new URL(plain.url).origin;
    const result = await pcs(["--base-url", plain.url, "groups", "list"], { env });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `pcs: groups list: 404 (is the base URL right? On the service, npm run sandbox and npm run mock alike it ends in /public/api, e.g. ${origin}/public/api)`,
    );
    const api = await pcs(["--base-url", plain.url, "api", "GET", "/groups.json"], { env });
    expect(api.err).toMatch(
      /^pcs: api: GET \/groups\.json: 404 \(is the base URL right\?.* e\.g\. http:\/\/127\.0\.0\.1:\d+\/public\/api\)$/,
    );
  });

  it("a 404 under /public/api is about the thing asked for: no question about the base URL", async () => {
    const result = await pcs(["--base-url", `${plain.url}/public/api`, "groups", "list"], { env });
    expect([result.code, result.err]).toEqual([1, "pcs: groups list: 404"]);
  });
});
