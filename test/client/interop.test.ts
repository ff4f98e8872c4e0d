// The client as an openapi-fetch client at run time: client-wide headers and options, `parseAs`,
// openapi-fetch's own helpers on it. (That the types agree is test/types/interop.types.ts.)
import { wrapAsPathBasedClient } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { BASE_URL, fakeFetch, json } from "./fake-fetch.js";

const groups = [{ id: 2, name: "Editor", description: "Edits" }];

describe("client-wide headers", () => {
  it("are sent with every request, under the call's own", async () => {
    const fake = fakeFetch(json(groups));
    const client = createClient({
      baseUrl: BASE_URL,
      apiKey: "k",
      fetch: fake.fetch,
      headers: { "X-Request-Source": "sync", "X-Team": "a" },
    });
    await client.GET("/groups.json", { headers: { "X-Team": "b" } });
    expect(fake.sent[0]?.headers.get("X-Request-Source")).toBe("sync");
    expect(fake.sent[0]?.headers.get("X-Team")).toBe("b");
  });

  it("are accepted as a Headers object and as a list of pairs", async () => {
    for (const headers of [new Headers({ "X-Team": "a" }), [["X-Team", "a"]] as [string, string][]]) {
      const fake = fakeFetch(json(groups));
      await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, headers }).GET("/groups.json");
      expect(fake.sent[0]?.headers.get("X-Team")).toBe("a");
    }
  });

  it("cannot replace the credential or the User-Agent, but can replace Accept", async () => {
    const fake = fakeFetch(json(groups));
    const headers = { Authorization: "Bearer other", "User-Agent": "spoof/1", Accept: "application/json" };
    await createClient({ baseUrl: BASE_URL, apiKey: "abc", fetch: fake.fetch, headers }).GET("/groups.json");
    expect(fake.sent[0]?.headers.get("Authorization")).toBe("Basic YWJjOg==");
    expect(fake.sent[0]?.headers.get("User-Agent")).toMatch(/^@project-collaboration\/api\/\d/);
    expect(fake.sent[0]?.headers.get("Accept")).toBe("application/json");
  });

  it("leave the default Accept in place when they do not name it", async () => {
    const fake = fakeFetch(json(groups));
    await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, headers: { "X-Team": "a" } }).GET("/groups.json");
    expect(fake.sent[0]?.headers.get("Accept")).toBe("application/json, application/problem+json");
  });
});

describe("openapi-fetch's request options", () => {
  it("are passed through to every request", async () => {
    let seen: Request | undefined;
    const fake = fakeFetch((request) => ((seen = request), json(groups)));
    await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, redirect: "error", credentials: "omit" }).GET("/groups.json");
    expect(seen?.redirect).toBe("error");
    expect(seen?.credentials).toBe("omit");
  });

  it("a custom Request class builds the requests", async () => {
    const built: string[] = [];
    class TracingRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, init);
        built.push(this.url);
      }
    }
    const fake = fakeFetch(json(groups));
    await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, Request: TracingRequest }).GET("/groups.json");
    expect(built[0]).toBe(`${BASE_URL}/groups.json`);
  });
});

describe("parseAs", () => {
  it('"text" gives the body as a string, as openapi-fetch does', async () => {
    const fake = fakeFetch(json(groups));
    const { data } = await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch }).GET("/groups.json", { parseAs: "text" });
    expect(data).toBe(JSON.stringify(groups));
  });
});

describe("openapi-fetch's helpers", () => {
  it("wrapAsPathBasedClient calls through this client, credential and all", async () => {
    const fake = fakeFetch(json(groups));
    const byPath = wrapAsPathBasedClient(createClient({ baseUrl: BASE_URL, apiKey: "abc", fetch: fake.fetch }));
    const { data } = await byPath["/groups.json"].GET();
    expect(data).toEqual(groups);
    expect(fake.sent[0]?.headers.get("Authorization")).toBe("Basic YWJjOg==");
  });
});
