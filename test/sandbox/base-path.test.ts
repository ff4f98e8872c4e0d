// One base URL everywhere (issue 59): the local servers behind the Prism guard (`npm run mock`, `npm run
// sandbox`, the tests' mock) answer the description's paths under its server's path, /public/api, as the
// service does, and at the root as before; a path the description lacks gets a 404 naming the paths
// that work instead of Prism's "Route not resolved". Against the run's shared mock: no server of its own.
import { describe, expect, it } from "vitest";
import { basePathOf, withoutBasePath } from "../../scripts/servers/prism-guard.mjs";
import { openapi } from "../support/openapi.js";
import { MOCK_API_KEY, target } from "../support/target.js";

const auth = { authorization: `Basic ${btoa(`${MOCK_API_KEY}:`)}` };

describe("the base path", () => {
  it("is the path of the description's first server, /public/api (the interface's base URL)", () => {
    expect(basePathOf(openapi)).toBe("/public/api");
    expect(basePathOf({ servers: [{ url: "https://{host}/" }] })).toBe("");
    expect(basePathOf({})).toBe("");
  });

  it("is taken off a request target only where it is a whole leading segment", () => {
    expect(withoutBasePath("/public/api/projects.json?limit=1", "/public/api")).toBe("/projects.json?limit=1");
    expect(withoutBasePath("/public/api", "/public/api")).toBe("/");
    expect(withoutBasePath("/public/api?x=1", "/public/api")).toBe("/?x=1");
    expect(withoutBasePath("/public/apix/projects.json", "/public/api")).toBe("/public/apix/projects.json");
    expect(withoutBasePath("/projects.json", "/public/api")).toBe("/projects.json");
    expect(withoutBasePath("/projects.json", "")).toBe("/projects.json");
  });
});

describe("the mock behind the guard", () => {
  it("answers under /public/api as at its root", async () => {
    const { baseUrl } = target();
    const [under, root] = await Promise.all(
      [`${baseUrl}/public/api/groups.json`, `${baseUrl}/groups.json`].map((url) => fetch(url, { headers: auth })),
    );
    expect([under!.status, root!.status]).toEqual([200, 200]);
    expect(await under!.json()).toEqual(await root!.json());
  });

  it("a path the description lacks: a 404 problem naming where its paths are, not Prism's own words", async () => {
    for (const path of ["/api/projects.json", "/public/api/nothing.json"]) {
      const response = await fetch(`${target().baseUrl}${path}`, { headers: auth });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const text = await response.text();
      expect(text).not.toMatch(/Route not resolved|stoplight/);
      expect(JSON.parse(text).detail).toBe(
        `No operation of the description has the path ${path}. This server answers the description's paths under /public/api as the service does (e.g. /public/api/projects.json), and at its root too (/projects.json).`,
      );
    }
  });

  it("a method the path lacks: a 405 with Allow, in the same words", async () => {
    const response = await fetch(`${target().baseUrl}/public/api/groups.json`, { method: "PUT", headers: auth });
    expect([response.status, response.headers.get("allow")]).toEqual([405, "GET"]);
    expect((await response.json()).detail).toBe("/public/api/groups.json takes GET only.");
  });
});
